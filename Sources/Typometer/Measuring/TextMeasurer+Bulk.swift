/// Progress of a bulk measuring pass.
public struct BulkProgress: Sendable, Hashable {
    /// Texts measured so far (whole chunks), out of `total`.
    public var completed: Int
    public var total: Int
}

extension TextMeasurer {
    /// The heights of `texts` at `width`, in input order, identical to
    /// calling ``height(of:width:)`` on each.
    ///
    /// The texts are measured in chunks of `chunkSize`, up to `concurrency`
    /// chunks at once (by default one per core). Cancelling the calling task
    /// stops the pass between chunks with `CancellationError`. `progress` is
    /// called (from any thread) after each chunk.
    /// - Complexity: O(total text length) on first sight of each word; words
    ///   seen before cost a cache lookup.
    public func heights(
        of texts: [String], width: Double, chunkSize: Int = 256, concurrency: Int? = nil,
        progress: (@Sendable (BulkProgress) -> Void)? = nil
    ) async throws -> [Double] {
        try await bulk(count: texts.count, chunkSize: chunkSize, concurrency: concurrency, progress: progress) { index in
            self.height(of: texts[index], width: width)
        }
    }

    /// The heights of `texts` at each of `widths`: one array per width, each
    /// in input order. Each text is prepared once and measured at every
    /// width by arithmetic.
    public func heights(
        of texts: [String], widths: [Double], chunkSize: Int = 256, concurrency: Int? = nil,
        progress: (@Sendable (BulkProgress) -> Void)? = nil
    ) async throws -> [[Double]] {
        let flat = try await bulk(
            count: texts.count, chunkSize: chunkSize, concurrency: concurrency, progress: progress
        ) { index -> [Double] in
            if widths.count == 1 { return [self.height(of: texts[index], width: widths[0])] }
            let prepared = self.prepare(texts[index])
            return widths.map { self.height(of: prepared, width: $0) }
        }
        return widths.indices.map { column in flat.map { $0[column] } }
    }

    /// The heights of prepared texts at `width`: arithmetic only, so a width
    /// change re-measures a feed without shaping.
    public func heights(
        of prepared: [PreparedText], width: Double, chunkSize: Int = 1024, concurrency: Int? = nil,
        progress: (@Sendable (BulkProgress) -> Void)? = nil
    ) async throws -> [Double] {
        try await bulk(count: prepared.count, chunkSize: chunkSize, concurrency: concurrency, progress: progress) { index in
            self.height(of: prepared[index], width: width)
        }
    }

    /// Runs `measure` over `0..<count` in chunks on up to `concurrency` tasks.
    private func bulk<Value: Sendable>(
        count: Int, chunkSize: Int, concurrency: Int?, progress: (@Sendable (BulkProgress) -> Void)?,
        _ measure: @escaping @Sendable (Int) -> Value
    ) async throws -> [Value] {
        let chunkSize = max(1, min(chunkSize, count))
        let chunkCount = (count + chunkSize - 1) / chunkSize
        let lanes = max(1, min(concurrency ?? ProcessorCount.online, chunkCount))
        var chunks = [[Value]?](filled: nil, count: chunkCount)
        var completed = 0
        try await withThrowingTaskGroup(of: (Int, [Value]).self) { group in
            var next = 0
            func launch() {
                let chunk = next
                next += 1
                group.addTask {
                    try Task.checkCancellation()
                    let range = chunk * chunkSize..<min(count, (chunk + 1) * chunkSize)
                    return (chunk, range.map(measure))
                }
            }
            while next < min(lanes, chunkCount) { launch() }
            while let (chunk, values) = try await group.next() {
                chunks[chunk] = values
                completed += values.count
                progress?(BulkProgress(completed: completed, total: count))
                if next < chunkCount {
                    try Task.checkCancellation()
                    launch()
                }
            }
        }
        var result: [Value] = []
        result.reserveCapacity(count)
        for chunk in chunks { result.append(contentsOf: chunk!) }
        return result
    }
}
