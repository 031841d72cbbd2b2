/// One style's part of a styled text: its UTF-16 range in the whole text
/// and the measurer of its style (index into the layout's measurers, 0 for
/// the block's own).
struct StyledPart {
    let range: Range<Int>
    let measurer: Int

    /// `parts` with neighbours in one style made one.
    static func merging(_ parts: [StyledPart]) -> [StyledPart] {
        var merged: [StyledPart] = []
        merged.reserveCapacity(parts.count)
        for part in parts {
            if let last = merged.last, last.measurer == part.measurer, last.range.upperBound == part.range.lowerBound {
                merged[merged.count - 1] = StyledPart(range: last.range.lowerBound..<part.range.upperBound, measurer: part.measurer)
            } else {
                merged.append(part)
            }
        }
        return merged
    }
}

extension [StyledPart] {
    /// The index of the first part that ends after `offset` (the part
    /// holding it, for an offset inside the text), found by bisection:
    /// parts are in order and do not overlap. `count` when none does.
    ///
    /// - Complexity: O(log *n*) for *n* parts.
    func firstPart(endingAfter offset: Int) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].range.upperBound > offset { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
