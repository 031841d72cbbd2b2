import CHarfBuzz

/// The fallback faces Pango picks per character and run script for one
/// measurer (``FontSelector/pangoFallback(for:script:)``), as registry
/// indices with their positions in Pango's fallback list. A choice derives
/// the run's language and looks the character up in the font set by
/// family, language, weight and slant (over a thousand instructions, most of
/// it hashing strings); a lookup here is a fraction of that. Kept in the
/// measurer's registry (``FaceRegistry/memo(_:slot:make:)``), whose indices
/// it holds. Bounded; safe from any thread.
final class PangoFallbackMemo: Sendable {
    private let lock = Lock()
    private nonisolated(unsafe) var fallbacks: [UInt64: (face: Int, position: Int)] = [:]
    private static let limit = 1 << 14

    /// The memo of the measurer of `shaper`.
    static func of(_ shaper: SegmentShaper) -> PangoFallbackMemo {
        shaper.registry.memo(PangoFallbackMemo.self, slot: 0) { PangoFallbackMemo() }
    }

    /// The registry index of the face Pango falls back to for `hint` in a
    /// run of `script`, and its position in Pango's fallback list.
    func fallback(for hint: UInt32, script: hb_script_t, shaper: SegmentShaper) -> (face: Int, position: Int) {
        let key = UInt64(hint) << 32 | UInt64(script.rawValue)
        if let known = lock.withLock({ fallbacks[key] }) { return known }
        let fallback = shaper.selector.pangoFallback(for: hint, script: script)
        let made = (face: shaper.registry.index(of: fallback.face), position: fallback.position)
        lock.withLock { fallbacks.set(made, for: key, limit: PangoFallbackMemo.limit) }
        return made
    }
}
