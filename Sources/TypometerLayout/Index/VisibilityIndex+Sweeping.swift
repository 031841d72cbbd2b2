extension VisibilityIndex {
    /// The bucket table for `frames` in one sequential pass with ``BucketSweep``, when
    /// their tops never decrease in item order.
    ///
    /// Returns `nil`, having built nothing usable, when a frame with a usable extent has a
    /// negative height or a top above the previous one's, when `bounds` (the lowest top and
    /// highest bottom a layout stated) are given and a frame is unusable or outside them, or
    /// when the table would outgrow `capacity` entries; the caller then builds the table the
    /// general way.
    ///
    /// - Complexity: O(*n* + *e* + *b*) for *n* frames, *e* table entries and *b* buckets,
    ///   one pass over the frames.
    static func sweptTable(
        of frames: UnsafeBufferPointer<LayoutFrame>, grid: BucketGrid, capacity: Int, within bounds: (Double, Double)?,
        reusing spare: (starts: [Int], table: [Int32])
    ) -> (starts: [Int], table: [Int32], oversized: [Int32])? {
        let (lowest, highest) = bounds ?? (-.infinity, .infinity)
        let checksBounds = bounds != nil
        return BucketSweep.sweep(bucketCapacity: grid.count, entryCapacity: capacity, reusing: spare) { sweep in
            // A local copy, so that the sweep's state stays in registers through the loop.
            var local = sweep
            defer { sweep = local }
            var previousTop = -Double.infinity
            for item in 0..<frames.count {
                let frame = frames[item]
                guard let (top, bottom) = buckets(of: frame, in: grid) else {
                    if checksBounds { return nil }
                    continue
                }
                guard frame.height >= 0, frame.y >= previousTop, frame.y >= lowest, frame.maxY <= highest
                else { return nil }
                previousTop = frame.y
                local.add(item, top: top, bottom: bottom)
            }
            return grid.count
        }
    }
}
