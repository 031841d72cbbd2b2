// masonry-bench: the masonry rows of issue 5, in release builds:
//   swift run -c release --package-path Benchmarks masonry-bench
// Items 80–480 pt tall (fixed-seed SplitMix64), 3 columns, 8 pt spacing,
// 960 pt container, an 844 pt viewport with 400 pt overscan. Medians of runs.
import Dispatch
import TypometerLayout

struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func height() -> Double { 80 + Double(next() % 401) }
}

func label(_ count: Int) -> String { count >= 1_000_000 ? "\(count / 1_000_000)M" : "\(count / 1000)k" }

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func format(_ seconds: Double) -> String {
    if seconds < 1e-6 { return String(Int(seconds * 1e9 + 0.5)) + " ns" }
    if seconds < 1e-3 { return String(Double(Int(seconds * 1e7)) / 10) + " µs" }
    return String(Double(Int(seconds * 1e4)) / 10) + " ms"
}

var sink = 0
let layout = try MasonryLayout(columns: 3, spacing: 8)
var rows: [(String, String, String)] = []

for count in [100_000, 1_000_000] {
    var generator = SplitMix64(state: UInt64(count))
    let heights = (0..<count).map { _ in generator.height() }
    var times: [Double] = []
    for _ in 0..<7 {
        let start = now()
        let snapshot = try layout.snapshot(heights: heights, containerWidth: 960)
        sink &+= snapshot.visibilityIndex.bucketCount
        times.append(Double(now() - start) / 1e9)
    }
    rows.append(("Full solve plus visibility index, \(label(count)) items", format(median(times)),
                 count == 1_000_000 ? "≤ 20 ms" : "—"))
}

for count in [1_000, 100_000, 1_000_000] {
    var generator = SplitMix64(state: 7)
    let snapshot = try layout.snapshot(heights: (0..<count).map { _ in generator.height() }, containerWidth: 960)
    let index = snapshot.visibilityIndex
    var result: [Int] = []
    result.reserveCapacity(256)
    let queries = 200_000
    var times: [Double] = []
    for _ in 0..<5 {
        var seed = SplitMix64(state: 11)
        let tops = (0..<queries).map { _ in Double(seed.next() % UInt64(max(1, snapshot.contentHeight - 844))) }
        let start = now()
        for top in tops {
            index.visibleItems(minY: top, maxY: top + 844, minX: nil, maxX: nil, overscan: 400, into: &result)
            sink &+= result.count
        }
        times.append(Double(now() - start) / 1e9 / Double(queries))
    }
    rows.append(("Visibility query (random viewport, reused buffer), \(label(count)) items",
                 format(median(times)), "≤ 1 µs, flat"))
}

do {
    var generator = SplitMix64(state: 3)
    let base = (0..<1_000_000).map { _ in generator.height() }
    let page = (0..<1_000).map { _ in generator.height() }
    var times: [Double] = []
    for _ in 0..<7 {
        var snapshot = try layout.snapshot(heights: base, containerWidth: 960)
        _ = snapshot.visibilityIndex
        let start = now()
        try snapshot.append(heights: page)
        sink &+= snapshot.count
        times.append(Double(now() - start) / 1e9)
    }
    rows.append(("Append 1k items to 1M (in place)", format(median(times)), "—"))
}

print("| Masonry (3 columns, 960 pt) | Median | Target |")
print("|---|---:|---|")
for (name, value, target) in rows { print("| \(name) | \(value) | \(target) |") }
if sink == 42 { print("") }
