import TypometerLayout

/// One layout's items at two container widths, and the rule its documentation gives for the
/// first item a solve refuses.
struct Solve<Kind: Layout> {
    var layout: Kind
    var items: [Kind.Item]
    var containerWidth: Double
    /// The items as measured at ``otherWidth`` (masonry cards take the column width).
    var otherItems: [Kind.Item]
    var otherWidth: Double
    /// The first item the layout refuses at a container width, by the documented rules.
    var firstInvalid: ([Kind.Item], Double) -> Int?
    /// Whether the layout takes a container this wide.
    var isValidWidth: (Double) -> Bool = { $0 >= 0 && $0 < .infinity }
    var context: String
}

extension FuzzLayouts {
    /// The checks every layout shares: one solve, appends in chunks, visibility, anchors, a
    /// re-solve in place at the other width. Returns the snapshot of all items when they solve.
    static func check<Kind: Layout>(_ solve: Solve<Kind>, bucketHeight: Double,
                                    random: inout Random) -> LayoutSnapshot<Kind>? {
        let (layout, items) = (solve.layout, solve.items)
        let context = "\(solve.context), \(items.count) items"
        let whole = solveWhole(solve, items, containerWidth: solve.containerWidth, context: context)
        let chunked: LayoutSnapshot<Kind>
        do {
            chunked = try LayoutSnapshot(layout: layout, containerWidth: solve.containerWidth)
        } catch {
            guard case .invalidContainerWidth = error, case .failure(.invalidContainerWidth) = whole else {
                preconditionFailure("an empty snapshot threw \(error), one solve \(whole): \(context)")
            }
            return nil
        }
        let appended = appendInChunks(items, to: chunked, whole: whole, random: &random, context: context)
        checkQueries(appended.visibilityIndex, count: 16, random: &random, context: "chunks: \(context)")
        if case .success(let snapshot) = whole {
            checkQueries(snapshot.visibilityIndex, count: 8, random: &random, context: "one solve: \(context)")
        }
        _ = checkIndex(appended.frames, bucketHeight: bucketHeight, random: &random, context: context)
        let anchors = checkAnchors(appended, random: &random, context: context)

        // Re-solved in place at the other width, as a fresh solve there.
        let otherContext = "\(context), at the other width"
        let fresh = solveWhole(solve, solve.otherItems, containerWidth: solve.otherWidth, context: otherContext)
        var resolved = appended
        let result = Result { () throws(LayoutError) in try resolved.solve(solve.otherItems, containerWidth: solve.otherWidth) }
        switch (fresh, result) {
        case (.success(let snapshot), .success):
            precondition(resolved.frames == snapshot.frames && resolved.contentHeight == snapshot.contentHeight
                         && resolved.containerWidth == solve.otherWidth, "re-solved otherwise than afresh: \(otherContext)")
            checkQueries(resolved.visibilityIndex, count: 8, random: &random, context: "re-solved: \(otherContext)")
            for anchor in anchors where anchor.offset.isFinite {
                let restored = snapshot.scrollOffset(restoring: anchor)
                precondition(restored?.isFinite == true, "\(anchor) restored to \(String(describing: restored)): \(otherContext)")
            }
        case (.failure(let expected), .failure(let error)):
            precondition("\(expected)" == "\(error)", "re-solving threw \(error), a fresh solve \(expected): \(otherContext)")
            if case .invalidContainerWidth = error {
                precondition(resolved.frames == appended.frames && resolved.contentHeight == appended.contentHeight
                             && resolved.containerWidth == appended.containerWidth,
                             "a re-solve at a bad width changed the snapshot: \(otherContext)")
            } else {
                precondition(resolved.isEmpty && resolved.contentHeight == 0 && resolved.containerWidth == solve.otherWidth
                             && resolved.visibleItems(minY: -.infinity, maxY: .infinity).isEmpty,
                             "a re-solve refusing an item left \(resolved.count) frames: \(otherContext)")
            }
        default:
            preconditionFailure("re-solving gave \(result), a fresh solve \(fresh): \(otherContext)")
        }
        return try? whole.get()
    }

    /// One solve of `items`, checked: a bad container width or the first bad item is
    /// refused with its error, anything else gives usable frames.
    static func solveWhole<Kind: Layout>(_ solve: Solve<Kind>, _ items: [Kind.Item], containerWidth: Double,
                                         context: String) -> Result<LayoutSnapshot<Kind>, LayoutError> {
        let result = Result { () throws(LayoutError) in try solve.layout.snapshot(of: items, containerWidth: containerWidth) }
        guard solve.isValidWidth(containerWidth) else {
            guard case .failure(.invalidContainerWidth) = result else {
                preconditionFailure("container width \(containerWidth) gave \(result): \(context)")
            }
            return result
        }
        let bad = solve.firstInvalid(items, containerWidth)
        switch result {
        case .success(let snapshot):
            precondition(bad == nil, "accepted item \(bad ?? -1): \(context)")
            expectUsable(snapshot, count: items.count, context: context)
        case .failure(let error):
            precondition(bad != nil && error.itemIndex == bad,
                         "threw \(error) where the first bad item is \(String(describing: bad)): \(context)")
        }
        return result
    }

    /// Finite frames of non-negative size, one per item, and a finite content height.
    static func expectUsable<Kind: Layout>(_ snapshot: LayoutSnapshot<Kind>, count: Int,
                                           context: @autoclosure () -> String) {
        precondition(snapshot.count == count, "\(snapshot.count) frames for \(count) items: \(context())")
        precondition(snapshot.contentHeight.isFinite && snapshot.contentHeight >= 0,
                     "content height \(snapshot.contentHeight): \(context())")
        for (index, frame) in snapshot.frames.enumerated() {
            precondition(frame.x.isFinite && frame.y.isFinite && frame.maxX.isFinite && frame.maxY.isFinite
                         && frame.width >= 0 && frame.height >= 0, "frame \(index) is \(frame): \(context())")
        }
    }

    /// `items` appended to `empty` in chunks of random sizes, alternately in place and as
    /// copies: the frames of one solve (`whole`), or, when that refused an item, the same
    /// error from the chunk holding it, which leaves the snapshot as it was.
    static func appendInChunks<Kind: Layout>(_ items: [Kind.Item], to empty: LayoutSnapshot<Kind>,
                                             whole: Result<LayoutSnapshot<Kind>, LayoutError>,
                                             random: inout Random, context: String) -> LayoutSnapshot<Kind> {
        var snapshot = empty
        var start = 0
        var failedAt: Int?
        while start < items.count {
            let end = min(items.count, start + random.chunkSize(of: items.count))
            let chunk = Array(items[start..<end])
            let before = snapshot
            do {
                if random.below(2) == 0 {
                    try snapshot.append(chunk)
                } else {
                    snapshot = try before.appending(chunk)
                }
            } catch {
                guard case .failure(let expected) = whole, "\(expected)" == "\(error)" else {
                    preconditionFailure("appending items \(start)..<\(end) threw \(error), one solve \(whole): \(context)")
                }
                precondition(snapshot.frames == before.frames && snapshot.contentHeight == before.contentHeight,
                             "a refused append changed the snapshot: \(context)")
                failedAt = start
                break
            }
            precondition(before.count == start, "appending changed the snapshot it was copied from: \(context)")
            start = end
        }
        switch whole {
        case .success(let solved):
            precondition(snapshot.frames == solved.frames && snapshot.contentHeight == solved.contentHeight,
                         "appended in chunks otherwise than in one solve: \(context)")
        case .failure(let error):
            guard let failedAt else { preconditionFailure("chunks took the items one solve refused (\(error)): \(context)") }
            // What was appended is what one solve of those items gives.
            let prefix = Result { () throws(LayoutError) in
                try empty.layout.snapshot(of: Array(items[..<failedAt]), containerWidth: empty.containerWidth)
            }
            guard case .success(let solved) = prefix, solved.frames == snapshot.frames,
                  solved.contentHeight == snapshot.contentHeight else {
                preconditionFailure("the chunks before item \(failedAt) differ from one solve of them (\(prefix)): \(context)")
            }
            expectUsable(snapshot, count: failedAt, context: context)
        }
        return snapshot
    }

    /// Visibility queries at frame edges, between them and at hostile values, with and
    /// without a horizontal range and overscan, against a scan of every frame.
    static func checkQueries(_ index: VisibilityIndex, count: Int, random: inout Random,
                             context: @autoclosure () -> String) {
        let frames = index.frames
        var buffer: [Int] = []
        for _ in 0..<count {
            let top = random.point(near: frames, horizontal: false)
            let bottom = random.below(4) == 0 ? random.point(near: frames, horizontal: false)
                                              : top + random.length(near: frames)
            let overscan = [0, 0, 0, random.length(near: frames), -5, .nan, .infinity][random.below(7)]
            let expected = Reference.visibleItems(in: frames, minY: top, maxY: bottom, overscan: overscan)
            let found = index.visibleItems(minY: top, maxY: bottom, overscan: overscan)
            precondition(found == expected, "\(top)..<\(bottom) overscan \(overscan): \(found), a scan \(expected): \(context())")
            let left = random.point(near: frames, horizontal: true)
            let right = random.below(4) == 0 ? random.point(near: frames, horizontal: true)
                                             : left + random.length(near: frames)
            index.visibleItems(minY: top, maxY: bottom, minX: left, maxX: right, overscan: overscan, into: &buffer)
            let scanned = Reference.visibleItems(in: frames, minY: top, maxY: bottom, minX: left, maxX: right,
                                                 overscan: overscan)
            precondition(buffer == scanned, "\(top)..<\(bottom) × \(left)..<\(right) overscan \(overscan): \(buffer), "
                         + "a scan \(scanned): \(context())")
        }
    }

    /// An index of a bucket height of its own over `frames`, built over a first part and
    /// appended the rest in chunks, answering as a scan does.
    static func checkIndex(_ frames: [LayoutFrame], bucketHeight: Double, random: inout Random,
                           context: String) -> VisibilityIndex {
        let split = random.below(frames.count + 1)
        var index = VisibilityIndex(frames: Array(frames[..<split]), bucketHeight: bucketHeight)
        var start = split
        while start < frames.count {
            let end = min(frames.count, start + random.chunkSize(of: frames.count))
            index.append(contentsOf: Array(frames[start..<end]))
            start = end
        }
        precondition(Reference.identical(index.frames, frames), "the index lost frames: \(context)")
        checkQueries(index, count: 16, random: &random, context: "index of bucket height \(bucketHeight): \(context)")
        return index
    }

    /// Anchors at frame edges and other scroll offsets: the item the documented rule picks
    /// (a scan), restored to the same offset in the same snapshot. Returns the anchors.
    @discardableResult
    static func checkAnchors<Kind: Layout>(_ snapshot: LayoutSnapshot<Kind>, random: inout Random,
                                           context: String) -> [LayoutAnchor<Int>] {
        let frames = snapshot.frames
        var anchors: [LayoutAnchor<Int>] = []
        for _ in 0..<12 {
            let scrollOffset = random.point(near: frames, horizontal: false)
            let anchor = snapshot.anchor(atScrollOffset: scrollOffset)
            let expected = Reference.anchor(in: frames, scrollOffset: scrollOffset)
            precondition(anchor?.id == expected?.id && anchor?.offset.bitPattern == expected?.offset.bitPattern,
                         "anchor at \(scrollOffset): \(String(describing: anchor)), a scan \(String(describing: expected)): \(context)")
            guard let anchor else { continue }
            anchors.append(anchor)
            let top = Reference.topEdge(frames[anchor.id])
            guard let restored = snapshot.scrollOffset(restoring: anchor) else {
                preconditionFailure("\(anchor) not restored: \(context)")
            }
            if anchor.offset.isFinite {
                precondition(restored == top || abs(restored - scrollOffset) <= 4 * max(abs(scrollOffset), abs(top)).ulp,
                             "\(anchor) taken at \(scrollOffset) restored to \(restored): \(context)")
            }
            let byID = snapshot.scrollOffset(restoring: snapshot.anchor(for: anchor.id, id: "item", offset: anchor.offset)) {
                $0 == "item" ? anchor.id : nil
            }
            precondition(byID?.bitPattern == restored.bitPattern, "restored by id to \(String(describing: byID)): \(context)")
        }
        precondition(snapshot.scrollOffset(restoring: LayoutAnchor(id: frames.count, offset: 0)) == nil
                     && snapshot.scrollOffset(restoring: LayoutAnchor(id: -1, offset: 0)) == nil,
                     "restored an anchor out of range: \(context)")
        return anchors
    }
}

extension LayoutError {
    /// The item an error names, if any.
    var itemIndex: Int? {
        switch self {
        case .invalidItemHeight(let index, _), .invalidItemWidth(let index, _), .invalidItemPadding(let index, _),
             .invalidItemStart(let index, _), .invalidItemDuration(let index, _):
            return index
        default:
            return nil
        }
    }
}

/// The fuzz input read front to back.
struct Input {
    let bytes: [UInt8]
    var position = 0

    /// Values a number's byte of 0xE0 or more stands for: canvas sizes, the tool's limits,
    /// and values that overflow, underflow or are not numbers.
    static let specials: [Double] = [
        0, -0.0, 1, 0.5, -1, -1e-6, .nan, .infinity, -.infinity, 1e-6, 1e6, 1e-12, 1e12, 1e9, 1e308, -1e308,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, 1e154,
        0x1p53, 268_435_456, 1_000_000.5, 1e-308, 0.1, 1e15, 1e18, 720, 320, 8, -1e12,
    ]
    /// What a number's 16-bit mantissa is multiplied by, chosen by its byte's low four bits:
    /// points in 64ths up to 1,024, whole points to a canvas side (1,000,000) and past, and
    /// the tiny and huge.
    static let scales: [Double] = [1.0 / 64, 1.0 / 64, 1.0 / 64, 1.0 / 64, 1.0 / 16, 0.25, 1, 1, 16, 256,
                                   0x1p-12, 1e-6, 1e-12, 1e6, 1e12, 1e300]
    /// Column counts a byte of 0xF0 or more stands for.
    static let specialColumns = [0, -1, Int.min, Int.max, 1 << 40, 1 << 31, 10_000, 1000, 300, 64, 7, 4, 3, 2, 1, 5]

    mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number: a byte of 0xE0 or more is one of ``specials``; a smaller one picks a scale
    /// (its low four bits) and a sign (negative from 0xC0) for the 16-bit mantissa in the
    /// next two bytes. `nil` once the input ends.
    mutating func number() -> Double? {
        guard let code = byte() else { return nil }
        if code >= 0xE0 { return Self.specials[Int(code - 0xE0)] }
        guard let high = byte(), let low = byte() else { return nil }
        let magnitude = Double(UInt16(high) << 8 | UInt16(low)) * Self.scales[Int(code & 0x0F)]
        return code >= 0xC0 ? -magnitude : magnitude
    }

    /// A layout's field: a number, 0 past the input's end.
    mutating func header() -> Double { number() ?? 0 }

    /// A column count: the byte, or one of ``specialColumns`` from 0xF0; 0 past the end.
    mutating func columns() -> Int {
        guard let code = byte() else { return 0 }
        return code >= 0xF0 ? Self.specialColumns[Int(code - 0xF0)] : Int(code)
    }
}

/// SplitMix64, seeded by the input: chunk sizes and query positions.
struct Random {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0 ..< bound` (`bound` at least 1).
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// A number in `0 ..< 1`.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// The size of the next chunk of `count` items: sometimes 0, else at least an eighth
    /// of them (a timeline re-places every item on each append).
    mutating func chunkSize(of count: Int) -> Int {
        below(5) == 0 ? 0 : max(1, count / 8) + below(max(1, count / 3))
    }

    /// A frame's edge (or the next value either side), a point between two edges, or a
    /// special value.
    mutating func point(near frames: [LayoutFrame], horizontal: Bool) -> Double {
        let choice = below(8)
        if frames.isEmpty || choice == 7 { return Input.specials[below(Input.specials.count)] }
        let edge = { (random: inout Random) -> Double in
            let frame = frames[random.below(frames.count)]
            let (origin, length) = horizontal ? (frame.x, frame.width) : (frame.y, frame.height)
            return random.below(2) == 0 ? origin : origin + length
        }
        let first = edge(&self)
        if choice < 4 { return [first, first.nextUp, first.nextDown][below(3)] }
        let second = edge(&self)
        let fraction = unit() * 1.2 - 0.1
        return first * (1 - fraction) + second * fraction
    }

    /// A viewport's height: 0, a frame's, a phone's, a random or a special one.
    mutating func length(near frames: [LayoutFrame]) -> Double {
        switch below(6) {
        case 0: return 0
        case 1 where !frames.isEmpty: return abs(frames[below(frames.count)].height)
        case 2: return unit() * 1000
        case 3: return Input.specials[below(Input.specials.count)]
        default: return abs(point(near: frames, horizontal: false) - point(near: frames, horizontal: false))
        }
    }
}
