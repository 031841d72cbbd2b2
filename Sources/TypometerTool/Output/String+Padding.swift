extension String {
    /// The text cut or filled on the right with `pad` to `length`
    /// characters (what Foundation's `padding(toLength:withPad:startingAt:)`
    /// does for a one-character pad).
    func padded(to length: Int, with pad: Character = " ") -> String {
        String(prefix(length)) + String(repeating: pad, count: Swift.max(0, length - count))
    }
}
