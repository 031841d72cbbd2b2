extension Dictionary {
    /// Sets `value` for `key` in a dictionary used as a cache of at most
    /// `limit` entries: a full one is emptied first.
    mutating func set(_ value: Value, for key: Key, limit: Int) {
        if count >= limit, self[key] == nil { removeAll(keepingCapacity: true) }
        self[key] = value
    }
}
