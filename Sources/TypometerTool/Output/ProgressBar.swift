#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A one-line progress display on stderr: items done, items per second and,
/// when the input's size is known, a bar and the time left. Redrawn at most
/// ten times a second; does nothing when disabled.
final class ProgressBar {
    private let isEnabled: Bool
    private let totalBytes: Int?
    /// Seconds on the monotonic clock.
    private let started = ProgressBar.now()
    private var lastDrawn = -Double.infinity
    private var items = 0

    init(isEnabled: Bool, totalBytes: Int?) {
        self.isEnabled = isEnabled
        self.totalBytes = totalBytes
    }

    /// Counts `count` more items done, with `bytesRead` of the input consumed.
    func advance(by count: Int, bytesRead: Int) {
        items += count
        guard isEnabled, Self.now() - lastDrawn >= 0.1 else { return }
        draw(bytesRead: bytesRead)
    }

    /// Draws the final state and ends the line.
    func finish(bytesRead: Int) {
        guard isEnabled else { return }
        draw(bytesRead: bytesRead)
        StandardError.write("\n")
    }

    private func draw(bytesRead: Int) {
        lastDrawn = Self.now()
        let elapsed = max(lastDrawn - started, 0.001)
        var line = "\r\(items) items  \(Int(Double(items) / elapsed)) items/s"
        if let totalBytes, totalBytes > 0 {
            let share = min(Double(bytesRead) / Double(totalBytes), 1)
            let filled = Int(share * 30)
            let remaining = share > 0 ? elapsed * (1 - share) / share : 0
            line += "  [" + String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled)
                + "] \(Int(share * 100))%  ETA \(Self.duration(remaining))"
        }
        StandardError.write(line + "\u{1B}[K")
    }

    /// `m:ss`.
    private static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60)"
    }

    /// The monotonic clock (`clock_gettime(CLOCK_MONOTONIC)`), in seconds.
    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
