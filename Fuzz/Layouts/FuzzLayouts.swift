import Foundation
import TypometerLayout

/// libFuzzer target over the layouts: masonry (heights, or cards of text, chrome and an
/// image's aspect ratio), timeline and flow, and the visibility index over frames of any
/// values, at canvas sizes and hostile ones (1e308, NaN, infinities, negatives, 1e-12).
///
/// Every layout and every solve either throws the ``LayoutError`` its documentation names
/// (the first bad item's index) or gives finite frames of non-negative size; appending in
/// chunks gives exactly the frames of one solve of all items (a failed append changes
/// nothing); re-solving in place gives what a fresh solve gives; visibility queries, with
/// random and frame-edge viewports, answer as a scan of every frame does; scroll anchors
/// pick the item the documented rule picks and restore to finite offsets; a masonry item's
/// column and a flow's frames follow the placement rule replayed. Never a trap, a hang or
/// an allocation a field's value decides.
///
/// Input: byte 0 picks the kind (modulo 5: masonry heights, masonry cards, timeline,
/// flow, frames), bytes 1–2 seed the chunk sizes and queries, then the kind's fields and
/// its items until the input ends (``Input``: a number is one byte for a special value or
/// three for a 16-bit mantissa times a scale), so the item count is bounded by the input.
///
/// Built by `Scripts/fuzz` with `--sanitize=fuzzer -Xswiftc -DFUZZING`;
/// without `FUZZING` it is a replayer: `TypometerFuzzLayouts FILE…`.
enum FuzzLayouts {
    static func run(_ bytes: [UInt8]) {
        guard bytes.count >= 3 else { return }
        var input = Input(bytes: Array(bytes.dropFirst(3)))
        var random = Random(seed: UInt64(bytes[1]) << 8 | UInt64(bytes[2]))
        switch bytes[0] % 5 {
        case 0: masonry(&input, random: &random, cards: false)
        case 1: masonry(&input, random: &random, cards: true)
        case 2: timeline(&input, random: &random)
        case 3: flow(&input, random: &random)
        default: frames(&input, random: &random)
        }
    }

    static func masonry(_ input: inout Input, random: inout Random, cards: Bool) {
        let (columns, spacing) = (input.columns(), input.header())
        let (width, otherWidth, bucketHeight) = (input.header(), input.header(), input.header())
        // The gaps together must be finite too.
        let valid = (1...MasonryLayout.maximumColumnCount).contains(columns) && spacing >= 0
            && spacing * Double(columns - 1) < .infinity
        let layout: MasonryLayout
        do {
            layout = try MasonryLayout(columns: columns, spacing: spacing)
        } catch {
            precondition(!valid, "refused \(columns) columns, spacing \(spacing): \(error)")
            return
        }
        precondition(valid, "accepted \(columns) columns, spacing \(spacing)")
        let context = "masonry \(columns) columns, spacing \(spacing), width \(width), other width \(otherWidth)"
        var heights: [Double] = []
        var items: [MasonryItem] = []
        if cards {
            while let flags = input.byte(), let text = input.number(), let chrome = input.number() {
                var item = MasonryItem(textHeight: text, chromeHeight: chrome)
                if flags & 1 == 1 {
                    guard let ratio = input.number() else { break }
                    item.imageAspectRatio = ratio
                }
                items.append(item)
            }
        } else {
            while let height = input.number() { heights.append(height) }
        }
        let columnWidth = { (width: Double) in (try? layout.columnWidth(forContainerWidth: width)) ?? .nan }
        let heightsAt = { (width: Double) in cards ? items.map { $0.height(columnWidth: columnWidth(width)) } : heights }
        let solved = check(Solve(layout: layout, items: heightsAt(width), containerWidth: width,
                                 otherItems: heightsAt(otherWidth), otherWidth: otherWidth,
                                 firstInvalid: { heights, _ in
                                     Reference.masonryFirstInvalid(heights, columns: columns, spacing: spacing)
                                 },
                                 isValidWidth: { width in
                                     // The last column's right edge must be finite as well.
                                     let gaps = spacing * Double(columns - 1)
                                     let column = max(0, (width - gaps) / Double(columns))
                                     return width >= 0 && width < .infinity
                                         && Double(columns - 1) * (column + spacing) + column < .infinity
                                 },
                                 context: context),
                           bucketHeight: bucketHeight, random: &random)
        guard let snapshot = solved else { return }
        precondition(snapshot.columnWidth == columnWidth(width), "column width: \(context)")
        let expected = Reference.masonry(heightsAt(width), columns: columns, spacing: spacing)
        for index in snapshot.frames.indices {
            let frame = snapshot.frames[index]
            precondition(frame.y == expected[index].top && frame.height == heightsAt(width)[index]
                         && frame.width == snapshot.columnWidth, "item \(index) placed at \(frame): \(context)")
            precondition(snapshot.column(ofItemAt: index) == expected[index].column, "column of item \(index): \(context)")
        }
        precondition(snapshot.column(ofItemAt: -1) == nil && snapshot.column(ofItemAt: snapshot.count) == nil,
                     "column of an item out of range: \(context)")
        precondition(snapshot.contentHeight == snapshot.frames.reduce(0) { max($0, $1.maxY) }, "content height: \(context)")
        guard cards else { return }
        // Cards solve and append as their heights at the column width do.
        let whole = Result { () throws(LayoutError) in try layout.snapshot(items: items, containerWidth: width) }
        var chunked = try! MasonrySnapshot(layout: layout, containerWidth: width)
        var start = 0
        while start < items.count {
            let end = min(items.count, start + random.chunkSize(of: items.count))
            try! chunked.append(items: Array(items[start..<end]))
            start = end
        }
        guard case .success(let cardSnapshot) = whole, cardSnapshot.frames == snapshot.frames,
              chunked.frames == snapshot.frames, chunked.contentHeight == snapshot.contentHeight else {
            preconditionFailure("cards solve otherwise than their heights: \(context)")
        }
    }

    static func timeline(_ input: inout Input, random: inout Random) {
        let (scale, minimumHeight, laneSpacing) = (input.header(), input.header(), input.header())
        let (width, otherWidth, bucketHeight) = (input.header(), input.header(), input.header())
        let valid = scale > 0 && scale < .infinity && minimumHeight >= 0 && minimumHeight < .infinity
            && laneSpacing >= 0 && laneSpacing <= TimelineLayout.maximumLaneSpacing
        let layout: TimelineLayout
        do {
            layout = try TimelineLayout(scale: scale, minimumItemHeight: minimumHeight, laneSpacing: laneSpacing)
        } catch {
            precondition(!valid, "refused scale \(scale), minimum \(minimumHeight), lane spacing \(laneSpacing): \(error)")
            return
        }
        precondition(valid, "accepted scale \(scale), minimum \(minimumHeight), lane spacing \(laneSpacing)")
        var items: [TimelineItem] = []
        while let start = input.number(), let duration = input.number() {
            items.append(TimelineItem(start: start, duration: duration))
        }
        let context = "timeline scale \(scale), minimum \(minimumHeight), lane spacing \(laneSpacing), width \(width)"
        let solved = check(Solve(layout: layout, items: items, containerWidth: width, otherItems: items,
                                 otherWidth: otherWidth, firstInvalid: { items, _ in
                                     items.firstIndex { item in
                                         let top = item.start * scale
                                         // The end, at least the minimum height down, must be finite.
                                         let end = top + max(item.duration * scale, minimumHeight)
                                         return !(top.isFinite && item.duration >= 0 && end.isFinite)
                                     }
                                 }, isValidWidth: { $0 >= 0 && $0 <= TimelineLayout.maximumContainerWidth },
                                 context: context),
                           bucketHeight: bucketHeight, random: &random)
        guard let snapshot = solved else { return }
        for (item, frame) in zip(items, snapshot.frames) {
            precondition(frame.y == item.start * scale, "\(item) placed at \(frame): \(context)")
        }
    }

    static func flow(_ input: inout Input, random: inout Random) {
        let (spacing, rowSpacing) = (input.header(), input.header())
        let (width, otherWidth, bucketHeight) = (input.header(), input.header(), input.header())
        let valid = spacing >= 0 && spacing < .infinity && rowSpacing >= 0 && rowSpacing < .infinity
        let layout: FlowLayout
        do {
            layout = try FlowLayout(spacing: spacing, rowSpacing: rowSpacing)
        } catch {
            precondition(!valid, "refused spacing \(spacing), row spacing \(rowSpacing): \(error)")
            return
        }
        precondition(valid, "accepted spacing \(spacing), row spacing \(rowSpacing)")
        var chips: [FlowItem] = []
        while let textWidth = input.number(), let textHeight = input.number(), let horizontal = input.number(),
              let vertical = input.number() {
            chips.append(FlowItem(textWidth: textWidth, textHeight: textHeight, horizontalPadding: horizontal,
                                  verticalPadding: vertical))
        }
        let context = "flow spacing \(spacing), row spacing \(rowSpacing), width \(width), other width \(otherWidth)"
        let solved = check(Solve(layout: layout, items: chips, containerWidth: width, otherItems: chips,
                                 otherWidth: otherWidth, firstInvalid: { chips, width in
                                     Reference.flowFirstInvalid(chips, containerWidth: width, spacing: spacing,
                                                                rowSpacing: rowSpacing)
                                 }, context: context),
                           bucketHeight: bucketHeight, random: &random)
        guard let snapshot = solved else { return }
        precondition(snapshot.frames == Reference.flow(chips, containerWidth: width, spacing: spacing,
                                                       rowSpacing: rowSpacing),
                     "frames differ from the row rule: \(context)")
        precondition(snapshot.contentHeight == snapshot.frames.reduce(0) { max($0, $1.maxY) }, "content height: \(context)")
    }

    /// Frames of any values, the index built over the first chunk and appended the rest.
    static func frames(_ input: inout Input, random: inout Random) {
        let bucketHeight = input.header()
        var frames: [LayoutFrame] = []
        while let x = input.number(), let y = input.number(), let width = input.number(), let height = input.number() {
            frames.append(LayoutFrame(x: x, y: y, width: width, height: height))
        }
        let context = "frames, bucket height \(bucketHeight)"
        let index = checkIndex(frames, bucketHeight: bucketHeight, random: &random, context: context)
        if frames.allSatisfy({ $0.y.isFinite && $0.height.isFinite && $0.maxY.isFinite }) {
            var snapshot = try! LayoutSnapshot(layout: Frames(), containerWidth: 0)
            try! snapshot.append(frames)
            precondition(Reference.identical(snapshot.frames, index.frames), "the snapshot lost frames: \(context)")
            checkAnchors(snapshot, random: &random, context: context)
        }
    }
}

/// A layout that places frames given whole, so that snapshots and anchors can be checked
/// over frames of any values.
struct Frames: Layout {
    func placement(containerWidth: Double) throws(LayoutError) {}

    func place(_ frames: [LayoutFrame], firstIndex: Int, in placement: inout Void,
               into placed: inout [LayoutFrame]) throws(LayoutError) -> LayoutChange {
        placed.append(contentsOf: frames)
        return LayoutChange(contentHeight: frames.reduce(0) { max($0, $1.maxY) })
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayouts(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzLayouts.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
#else
@main
enum ReplayLayouts {
    static func main() throws {
        for path in CommandLine.arguments.dropFirst() {
            FuzzLayouts.run([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            print("ok \(path)")
        }
    }
}
#endif
