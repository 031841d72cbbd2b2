@testable import TypometerLayout

/// The visibility rule written out plainly, checking every frame: the reference the index
/// must agree with.
///
/// A frame covers `[low, high)` along each axis (negative sizes extend the other way); a
/// zero-size frame is the point `low`. The query spans are `[min, max)`.
enum BruteForceVisibility {
    static func visibleItems(in frames: [LayoutFrame], minY: Double, maxY: Double,
                             minX: Double? = nil, maxX: Double? = nil,
                             overscan: Double = 0) -> [Int] {
        let padding = overscan > 0 ? overscan : 0
        let top = minY - padding
        let bottom = maxY + padding
        guard top < bottom else { return [] }
        if let minX, let maxX, !(minX < maxX) { return [] }
        var result: [Int] = []
        for (index, frame) in frames.enumerated() {
            guard let vertical = span(frame.y, frame.height),
                  let horizontal = span(frame.x, frame.width) else { continue }
            guard meets(vertical, top, bottom) else { continue }
            if let minX, let maxX, !meets(horizontal, minX, maxX) { continue }
            result.append(index)
        }
        return result
    }

    private static func span(_ origin: Double, _ length: Double) -> (Double, Double)? {
        let end = origin + length
        if origin.isNaN || end.isNaN { return nil }
        return (Swift.min(origin, end), Swift.max(origin, end))
    }

    private static func meets(_ span: (Double, Double), _ minimum: Double, _ maximum: Double) -> Bool {
        let (low, high) = span
        if low == high {
            return minimum <= low && low < maximum
        }
        return low < maximum && high > minimum
    }
}
