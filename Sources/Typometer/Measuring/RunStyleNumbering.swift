/// The distinct run styles of one styled text and their measurers, each
/// numbered in order of first use (the block's own measurer is 0). A feed
/// card has a handful of styles: each is found by comparing it in place with
/// the first run of each style seen, and styles are hashed only once a text
/// has more (it may have thousands), so a text copies no style and costs no
/// dictionary until then, and stays linear in its runs.
struct RunStyleNumbering {
    /// The measurers, numbered; the block's first.
    private(set) var measurers: [TextMeasurer]
    /// The first run of each style seen, and its measurer's number.
    private var firsts: [(run: Int, index: Int)] = []
    private var indexByStyle: [RunStyle: Int] = [:]
    private var indexByMeasurer: [ObjectIdentifier: Int] = [:]
    /// The most styles (and measurers) searched in order.
    static let listLimit = 8

    init(block: TextMeasurer) {
        measurers = []
        measurers.reserveCapacity(4)
        measurers.append(block)
        firsts.reserveCapacity(4)
    }

    /// How many distinct styles have been numbered.
    var styleCount: Int { firsts.count }

    /// The number of the measurer of the style of `runs[run]`, if that
    /// style has been numbered.
    func index(ofStyleOf run: Int, in runs: [StyledText.Run]) -> Int? {
        if firsts.count <= Self.listLimit {
            for first in firsts where runs[first.run].style == runs[run].style { return first.index }
            return nil
        }
        return indexByStyle[runs[run].style]
    }

    /// Numbers the style of `runs[run]`, drawn by `measurer` (one a number
    /// may already have), and returns the measurer's number.
    mutating func add(styleOf run: Int, in runs: [StyledText.Run], measurer: TextMeasurer) -> Int {
        let index: Int
        if let known = measurers.count <= Self.listLimit
            ? measurers.firstIndex(where: { $0 === measurer }) : indexByMeasurer[ObjectIdentifier(measurer)] {
            index = known
        } else {
            measurers.append(measurer)
            index = measurers.count - 1
            if measurers.count == Self.listLimit + 1 {
                for (number, each) in measurers.enumerated() { indexByMeasurer[ObjectIdentifier(each)] = number }
            } else if measurers.count > Self.listLimit {
                indexByMeasurer[ObjectIdentifier(measurer)] = index
            }
        }
        firsts.append((run, index))
        if firsts.count == Self.listLimit + 1 {
            for first in firsts { indexByStyle[runs[first.run].style] = first.index }
        } else if firsts.count > Self.listLimit {
            indexByStyle[runs[run].style] = index
        }
        return index
    }
}
