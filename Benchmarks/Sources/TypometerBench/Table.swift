/// One line of the results table.
struct TableRow {
    var measurement: String
    var typometer: String
    var spread: String = ""
    var pango: String = "—"
    var ratio: String = "—"
    var target: String = "—"
    var met: String = "—"
}

/// The Met cell: "yes", or a bold "no" with what was measured against the
/// target when `detail` says it.
func metCell(_ met: Bool, detail: String? = nil) -> String {
    met ? "yes" : "**no**" + (detail.map { " (\($0))" } ?? "")
}

enum Table {
    static func markdown(_ rows: [TableRow]) -> String {
        let header = ["Measurement", "Typometer (median)", "Typometer spread (min–max)", "Pango (median)",
                      "Pango ÷ Typometer", "Target", "Met"]
        var lines = ["| " + header.joined(separator: " | ") + " |",
                     "|" + header.indices.map { $0 == 0 ? "---" : "---:" }.joined(separator: "|") + "|"]
        lines[1] = "|---|---:|---:|---:|---:|---|:---:|"
        for row in rows {
            let cells = [row.measurement, row.typometer, row.spread, row.pango, row.ratio, row.target, row.met]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }
}

/// A duration in seconds with a unit that suits it.
func formatDuration(_ seconds: Double) -> String {
    guard seconds.isFinite else { return "—" }
    if seconds < 1e-6 { return format(seconds * 1e9, digits: 0) + " ns" }
    if seconds < 1e-3 { return format(seconds * 1e6, digits: seconds < 1e-5 ? 2 : 1) + " µs" }
    if seconds < 1 { return format(seconds * 1e3, digits: seconds < 1e-2 ? 2 : 1) + " ms" }
    return format(seconds, digits: 2) + " s"
}

func formatSpread(_ samples: Samples, scale: Double = 1) -> String {
    formatDuration(samples.minimum * scale) + " – " + formatDuration(samples.maximum * scale)
}

func formatMegabytes(_ bytes: Double) -> String { format(bytes / 1_048_576, digits: 1) + " MB" }

func formatRatio(_ value: Double) -> String {
    guard value.isFinite else { return "—" }
    return format(value, digits: value < 10 ? 2 : (value < 100 ? 1 : 0)) + "×"
}

/// `value` with `digits` decimals (no Foundation).
func format(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var factor = 1.0
    for _ in 0..<digits { factor *= 10 }
    let rounded = (abs(value) * factor).rounded()
    let whole = Int(rounded / factor)
    var text = (value < 0 && rounded > 0 ? "-" : "") + String(whole)
    if digits > 0 {
        let fraction = Int(rounded - Double(whole) * factor)
        let fractionText = String(fraction)
        text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }
    return text
}
