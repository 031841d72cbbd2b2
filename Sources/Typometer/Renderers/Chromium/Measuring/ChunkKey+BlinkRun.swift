import CHarfBuzz

extension ChunkKey {
    /// A key borrowing `units` of a chunk that goes on with Blink's fallback
    /// `run` and is followed by a strong character of bidi level
    /// `followingLevel` (`nil` when that cannot matter), or `nil` when the
    /// context does not fit the key (such a chunk is not cached). A chunk
    /// with no context to tell gets its plain key, but for the script of
    /// the run it goes on with when it starts with a character of no script
    /// of its own (a face for such a hole depends on it:
    /// ``BlinkClusterFaces/resolveFallback(_:holes:missing:followingLevel:run:registry:)``).
    init?(borrowing units: UTF16Text, blinkRun run: BlinkFallbackRun, followingLevel: UInt8?) {
        guard !run.isEmpty || followingLevel != nil else {
            self.init(borrowing: units, precedingScript: run.script != 0 && Self.startsWithoutScript(units) ? run.script : nil)
            return
        }
        // Up to four faces of 6 bits, their count, the run's level and the
        // following level, above `following`'s range of characters.
        guard run.faces.count <= 4, run.faces.allSatisfy({ $0 < 64 }), run.level < 4, (followingLevel ?? 0) < 2
        else { return nil }
        var packed = UInt32(0x8000_0000) | UInt32(run.level) << 29 | UInt32(run.faces.count) << 24
        if let followingLevel { packed |= 1 << 28 | UInt32(followingLevel) << 27 }
        for (slot, face) in run.faces.enumerated() { packed |= UInt32(face) << (6 * UInt32(slot)) }
        // Script tags are ASCII: the top bit is free for the run's luck.
        self.init(borrowing: units, following: packed, precedingScript: run.script | (run.outOfLuck ? 0x8000_0000 : 0))
    }

    /// Whether the first character of `units` is of no script of its own
    /// (punctuation, a digit, a symbol) and not a space.
    private static func startsWithoutScript(_ units: UTF16Text) -> Bool {
        guard let scalar = TextScanning.scalar(in: units, at: 0, before: units.count), scalar != 0x20 else { return false }
        let script = ScalarProperties.script(of: scalar)
        return script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED
    }
}
