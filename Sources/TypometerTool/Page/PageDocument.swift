import Typometer
import TypometerJSONLines
import TypometerLayout

/// The files of a page: `index.html` (styles, `@font-face` rules, the
/// header), `page.js` (``PageScript``) and `feed.json`, the cards laid out
/// for each screen the page was written for.
struct PageDocument {
    /// The cards in input order, measured on each screen.
    let cards: [PageCard]
    /// The device pixel ratios the page has frames for, in order.
    let ratios: [Double]
    /// The layout of the cards on each screen, one per ratio.
    let snapshots: [MasonrySnapshot]
    let defaultStyle: TextStyle
    let fonts: PageFonts
    /// Points above and below the viewport whose cards are kept in the DOM.
    let overscan: Double

    /// `index.html`.
    var html: String {
        let text = CSS.declarations(for: defaultStyle, fonts: fonts).map { "  \($0.0): \($0.1);" }.joined(separator: "\n")
        let first = snapshots[0]
        let columns = first.layout.columns
        let summary = "\(cards.count) cards · \(columns) column\(columns == 1 ? "" : "s") of \(JSONText.number(first.columnWidth)) px · text heights from Typometer"
        return """
            <!DOCTYPE html>
            <html lang="\(escaped(defaultStyle.language ?? "en"))">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Typometer feed</title>
            <style>
            \(fonts.css)
            html, body { margin: 0; padding: 0; background: #eceff3; }
            header { height: 48px; box-sizing: border-box; padding: 12px 16px; font: 15px/24px \(fonts.fontFamily(for: defaultStyle)); color: #334; white-space: nowrap; overflow: hidden; }
            #feed { position: relative; margin: 0 auto 24px; width: \(CSS.pixels(first.containerWidth)); height: \(CSS.pixels(first.contentHeight)); }
            .tm-card { position: absolute; box-sizing: border-box; background: #fff; color: #1c1e21; box-shadow: 0 0 0 1px #d3d8df; }
            .tm-image { width: 100%; }
            .tm-text {
              white-space: pre-wrap; overflow-wrap: break-word;
              margin: 0; padding: 0; border: 0;
            \(text)
            }
            .tm-clamp { display: -webkit-box; -webkit-box-orient: vertical; overflow: hidden; }
            .tm-chrome { box-sizing: border-box; overflow: hidden; padding: 0 8px; color: #6b7280; background: #f6f7f9;
              font: 11px/1 \(fonts.fontFamily(for: defaultStyle)); display: flex; align-items: center; white-space: nowrap; }
            </style>
            </head>
            <body>
            <header><span id="summary">\(escaped(summary))</span> · <span id="status">loading</span></header>
            <main id="feed"></main>
            <script src="\(PageScript.fileName)"></script>
            </body>
            </html>

            """
    }

    /// `feed.json`: the faces, the screens and each one's layout (content
    /// height, the visibility index's buckets), and one object per card in
    /// input order whose `x`, `y`, `height` and `text_height` list its frame
    /// on each screen (a card may go to another column on another screen;
    /// the width and the image and chrome heights are the same on every
    /// one).
    var json: String {
        var parts: [String] = []
        parts.reserveCapacity(cards.count + 2)
        let defaults = CSS.declarations(for: defaultStyle, fonts: fonts)
        let frames = snapshots.map(\.frames)
        for (index, card) in cards.enumerated() {
            let frame = frames[0][index]
            var members: [(String, String)] = [
                ("id", card.card.rawID ?? JSONText.string("line \(card.card.lineNumber)")),
                ("x", Self.list(frames.map { $0[index].x })), ("y", Self.list(frames.map { $0[index].y })),
                ("width", JSONText.number(frame.width)),
                ("height", Self.list(frames.map { $0[index].height })),
                ("text_height", Self.list(card.textHeights)),
            ]
            let imageHeight = card.card.imageHeight(columnWidth: frame.width)
            if imageHeight > 0 { members.append(("image_height", JSONText.number(imageHeight))) }
            let chrome = card.card.item.chromeHeight
            if chrome > 0 { members.append(("chrome_height", JSONText.number(chrome))) }
            let style = card.card.style
            if style.lineLimit != defaultStyle.lineLimit {
                members.append(("line_limit", style.lineLimit.map(String.init) ?? "0"))
            }
            if style.language != defaultStyle.language {
                members.append(("lang", JSONText.string(style.language ?? "en")))
            }
            let own = CSS.declarations(for: style, fonts: fonts)
            let differing = zip(own, defaults).filter { $0.0.1 != $0.1.1 }.map(\.0)
            if !differing.isEmpty {
                members.append(("style", JSONText.object(differing.map { ($0.0, JSONText.string($0.1)) })))
            }
            members.append(("text", JSONText.string(card.card.text)))
            parts.append(JSONText.object(members))
        }
        let first = snapshots[0]
        let header = JSONText.object([
            ("version", "2"),
            ("container_width", JSONText.number(first.containerWidth)),
            ("columns", String(first.layout.columns)),
            ("spacing", JSONText.number(first.layout.spacing)),
            ("column_width", JSONText.number(first.columnWidth)),
            ("overscan", JSONText.number(overscan)),
            ("line_limit", defaultStyle.lineLimit.map(String.init) ?? "null"),
            ("faces", fonts.json),
            ("device_pixel_ratios", Self.list(ratios)),
            ("layouts", "[" + snapshots.map { snapshot in
                JSONText.object([
                    ("content_height", JSONText.number(snapshot.contentHeight)),
                    ("index", Self.indexJSON(snapshot)),
                ])
            }.joined(separator: ",") + "]"),
        ])
        // The cards last, one a line, so the file reads well and diffs well.
        return header.dropLast() + ",\"cards\":[\n" + parts.joined(separator: ",\n") + "\n]}\n"
    }

    private static func list(_ numbers: [Double]) -> String {
        "[" + numbers.map(JSONText.number).joined(separator: ",") + "]"
    }

    /// A snapshot's visibility index buckets (``VisibilityIndex/Buckets``),
    /// or `null`.
    private static func indexJSON(_ snapshot: MasonrySnapshot) -> String {
        guard let buckets = snapshot.visibilityIndex.buckets else { return "null" }
        let end = buckets.starts.last ?? 0
        return JSONText.object([
            ("origin", JSONText.number(buckets.origin)),
            ("bucket_height", JSONText.number(buckets.height)),  // null when infinite
            ("starts", "[" + buckets.starts.map(String.init).joined(separator: ",") + "]"),
            ("items", "[" + buckets.items[..<end].map(String.init).joined(separator: ",") + "]"),
            ("oversized", "[" + buckets.oversized.map(String.init).joined(separator: ",") + "]"),
        ])
    }

    /// `text` for HTML text and attribute values.
    private func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
