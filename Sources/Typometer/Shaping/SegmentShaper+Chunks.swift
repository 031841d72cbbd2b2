import CHarfBuzz

extension SegmentShaper {
    /// The segments of a chunk of Latin text drawn entirely in the primary
    /// face (one cluster per code unit), from advances and join flags already
    /// shaped as part of a longer run: the same figures `chunkMetrics(of:)`
    /// gives, without building clusters.
    func simpleChunkMetrics<Rules: ShapingRules & SegmentationRules>(
        of chunk: UTF16Text, advances: UnsafeBufferPointer<Double>,
        unsafe: UnsafeBufferPointer<Bool>, rules: Rules.Type
    ) -> ChunkMetrics {
        guard SegmentShaper.mayBreakInside(chunk) else {
            return ChunkMetrics(
                single: simpleSegment(chunk, advances: advances, range: 0..<chunk.count), length: Int32(chunk.count))
        }
        let ends = Rules.breakOpportunities(in: chunk, language: selector.language)
        var segments: [SegmentMetrics] = []
        var start = 0
        for end in ends {
            segments.append(simpleSegment(chunk, advances: advances, range: start..<Int(end)))
            start = Int(end)
        }
        if segments.count == 1 { return ChunkMetrics(single: segments[0], length: Int32(chunk.count)) }
        // Joins across breaks inside the chunk, as in `chunkMetrics(from:)`.
        start = 0
        for index in segments.indices {
            let end = Int(ends[index])
            defer { start = end }
            let endsUnsafely = index + 1 < segments.count && unsafe[end]
            let startsUnsafely = index > 0 && unsafe[start]
            guard endsUnsafely || startsUnsafely else { continue }
            (segments[index].startExtra, segments[index].endExtra) = joinExtras(
                chunk, range: start..<end, width: segments[index].width, rules: rules,
                startsUnsafely: startsUnsafely, endsUnsafely: endsUnsafely)
            segments[index].startsJoined = startsUnsafely
        }
        return ChunkMetrics(ends: ends, segments: segments)
    }

    /// One segment of a simple chunk, as `summary(of:)` measures it.
    func simpleSegment(_ chunk: UTF16Text, advances: UnsafeBufferPointer<Double>,
                               range: Range<Int>) -> SegmentMetrics {
        var content = range.upperBound
        var trailing = 0.0
        var hasTab = false
        while content > range.lowerBound, chunk[content - 1] == 0x20 || chunk[content - 1] == 0x09 {
            content -= 1
            if chunk[content] == 0x09 {
                hasTab = true
                trailing += spaceAdvance()
            } else {
                trailing += advances[content]
            }
        }
        var width = 0.0
        for index in range.lowerBound..<content {
            let unit = chunk[index]
            if unit == 0x09 { hasTab = true }
            if unit >= 0x20 && unit < 0x7F || unit >= 0xA0 && unit != 0xAD {
                width += advances[index]
            } else if unit == 0x09 {
                width += spaceAdvance()
            }
        }
        // A soft hyphen ending the content draws its hyphen, spaces after it
        // included, as `summary(of:)` has it.
        let hyphen = content > range.lowerBound && chunk[content - 1] == 0x00AD ? hyphenAdvance() : 0
        return SegmentMetrics(width: width, trailingWidth: trailing, hyphenWidth: hyphen, faceMask: 1, hasTab: hasTab)
    }

    /// Whether Chromium may break inside this ASCII-or-Latin chunk other
    /// than after its spaces: only non-ASCII text, or a `-`, `?` or opening
    /// bracket, can make a break there.
    static func mayBreakInside(_ chunk: UTF16Text) -> Bool {
        chunk.contains { unit in
            unit > 0x7F || unit == 0x2D || unit == 0x3F || unit == 0x28 || unit == 0x3C || unit == 0x5B
                || unit == 0x7B
        }
    }

    /// The segments of a chunk from its measured clusters.
    func chunkMetrics<Rules: ShapingRules>(
        from clusters: SegmentGraphemes, chunk: UTF16Text, ends: [Int32], leaving carry: Rules.Faces.Carry,
        rules: Rules.Type
    ) -> ChunkMetrics {
        let clusterCount = clusters.advances.count
        var segments: [SegmentMetrics] = []
        segments.reserveCapacity(ends.count)
        var firstCluster = 0
        var start = 0
        var boundaries: [Int] = []
        for end in ends {
            var lastCluster = firstCluster
            while lastCluster < clusterCount, clusters.offsets[lastCluster] < Int(end) { lastCluster += 1 }
            segments.append(summary(of: clusters, clusters: firstCluster..<lastCluster,
                                    text: chunk[start..<Int(end)], rules: rules))
            boundaries.append(lastCluster)
            firstCluster = lastCluster
            start = Int(end)
        }
        // Where shaping joins two segments, a line broken between them is
        // reshaped at both ends: keep what that would add.
        var segmentStart = 0
        for index in segments.indices {
            let segmentEnd = Int(ends[index])
            defer { segmentStart = segmentEnd }
            let endsUnsafely = index + 1 < segments.count && boundaries[index] < clusterCount
                && clusters.unsafeBefore[boundaries[index]]
            let startsUnsafely = index > 0 && boundaries[index - 1] < clusterCount
                && clusters.unsafeBefore[boundaries[index - 1]]
            guard endsUnsafely || startsUnsafely else { continue }
            (segments[index].startExtra, segments[index].endExtra) = joinExtras(
                chunk, range: segmentStart..<segmentEnd, width: segments[index].width, rules: rules,
                startsUnsafely: startsUnsafely, endsUnsafely: endsUnsafely)
            segments[index].startsJoined = startsUnsafely
            // A segment that starts inside a HarfBuzz cluster ends a line
            // with the segments before it back to the cluster's start, which
            // Blink reshapes together (a line starting inside the cluster is
            // laid out anew anyway). Not in a cluster of more than
            // `longestReshapedCluster` graphemes (a run of emoji modifiers),
            // where reshaping each segment from the cluster's start would
            // make the work quadratic.
            if endsUnsafely, startsUnsafely, clusters.startsInsideShapingCluster(boundaries[index - 1]) {
                var first = boundaries[index - 1]
                while first > 0, clusters.startsInsideShapingCluster(first),
                      boundaries[index - 1] - first <= Self.longestReshapedCluster {
                    first -= 1
                }
                guard !clusters.startsInsideShapingCluster(first) else { continue }
                let before = clusters.advances[first..<boundaries[index - 1]].reduce(0, +)
                let reshaped = metrics(
                    of: chunk, range: clusters.offsets[first]..<segmentEnd, context: Rules.Faces.isolatedContext, rules: rules
                ).width
                segments[index].endExtra = max(0, reshaped - before - segments[index].width)
            }
        }
        return ChunkMetrics(ends: ends, segments: segments, carry: Rules.Faces.kept(carry))
    }

    /// The most graphemes of one HarfBuzz cluster reshaped from its start
    /// where a line ends inside it.
    static let longestReshapedCluster = 32

    /// What a segment (`range` of `chunk`, `width` wide there) adds when a
    /// line starts or ends at an edge where shaping joins it to its
    /// neighbour: it is reshaped without the text across that edge. When
    /// both edges are joined, each edge's share is measured with the other
    /// side's text kept (a `、` trims the `「` after it, not itself: a line
    /// ending there gives nothing back).
    func joinExtras<Rules: ShapingRules>(_ chunk: UTF16Text, range: Range<Int>, width: Double, rules: Rules.Type,
                            startsUnsafely: Bool, endsUnsafely: Bool) -> (start: Double, end: Double) {
        guard startsUnsafely && endsUnsafely else {
            let extra = max(0, metrics(of: chunk, range: range, context: Rules.Faces.isolatedContext, rules: rules).width - width)
            return (startsUnsafely ? extra : 0, endsUnsafely ? extra : 0)
        }
        let isolated = Rules.Faces.isolatedContext
        let keepingAfter = metrics(
            of: chunk, range: range, context: isolated, rules: rules, hanKerningContext: range.lowerBound..<chunk.count
        ).width
        let keepingBefore = metrics(
            of: chunk, range: range, context: isolated, rules: rules, hanKerningContext: 0..<range.upperBound
        ).width
        return (max(0, keepingAfter - width), max(0, keepingBefore - width))
    }

    /// Width, hanging spaces, hyphen and faces of clusters `range`, whose
    /// text is `text`.
    func summary<Rules: ShapingRules>(
        of clusters: SegmentGraphemes, clusters range: Range<Int>, text: UTF16Text, rules: Rules.Type
    ) -> SegmentMetrics {
        var width = 0.0
        var trailing = 0.0
        var mask: UInt64 = range.isEmpty ? 0 : clusters.lineStartBits(at: range.lowerBound)
        // Trailing spaces hang: all of them, or only the last one, the others
        // counting as part of the line.
        var end = range.upperBound
        while end > range.lowerBound, clusters.isSpace[end - 1] {
            end -= 1
            trailing += clusters.advances[end]
            if !Rules.traits.allTrailingSpacesHang { break }
        }
        for index in range {
            if index < end { width += clusters.advances[index] }
            mask |= clusters.faceBits[index]
        }
        // Where the renderer draws one, a hyphen shows where a soft hyphen
        // ends the line's content, spaces after it included.
        let lastContent = end > range.lowerBound
            ? text[clusters.offsets[end - 1] - clusters.offsets[range.lowerBound]] : text.last
        let hyphen = lastContent == 0x00AD && Rules.traits.drawsHyphensAtSoftHyphens ? hyphenAdvance() : 0
        var metrics = SegmentMetrics(
            width: width, trailingWidth: trailing, hyphenWidth: hyphen, faceMask: mask,
            hasTab: text.contains(0x09))
        metrics.isWhite = !range.isEmpty && range.allSatisfy { clusters.isSpace[$0] }
        if trailing == 0, end > range.lowerBound, let last = text.last {
            metrics.endTrim = Rules.Faces.lineEndTrim(ofLast: last, faceBits: clusters.faceBits[end - 1], shaper: self)
        }
        return metrics
    }
}
