// layout-bench: each layout's solve, re-solve, visibility query and append, in release builds:
//   swift build -c release --package-path Benchmarks && Benchmarks/.build/release/layout-bench [--only masonry,timeline,flow]
// Items from a fixed-seed SplitMix64; a 960 pt container; queries for an 844 pt viewport
// with 400 pt overscan at random places over the whole content. Medians of repeated runs.
import TypometerLayout

let arguments = CommandLine.arguments.dropFirst()
let only: Set<String>? = arguments.first == "--only" && arguments.count == 2
    ? Set(arguments.last!.split(separator: ",").map(String.init)) : nil
let counts = [10_000, 100_000, 1_000_000]

func report<Kind: Layout>(_ benchmark: LayoutBenchmark<Kind>, detail: String) throws {
    guard only?.contains(benchmark.name) ?? true else { return }
    print("| \(benchmark.name) (\(detail)) | solve | re-solve in place | query, random | query, scrolling | items per query | append 1k |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    var rows: [LayoutBenchmark<Kind>.Row] = []
    for count in counts {
        let row = try benchmark.run(count: count)
        rows.append(row)
        print("| \(label(count)) items | \(format(row.solve)) | \(format(row.resolve)) | \(format(row.query)) "
              + "| \(format(row.scrollingQuery)) | \(Int(row.itemsPerQuery + 0.5)) | \(format(row.append)) |")
    }
    print("")
    print("| \(benchmark.name): CPU time and page faults | solve, CPU | faults | re-solve, CPU | faults | append 1k, CPU | faults |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for row in rows {
        print("| \(label(row.count)) items | \(format(row.solveCPU)) | \(row.solveFaults) | \(format(row.resolveCPU)) "
              + "| \(row.resolveFaults) | \(format(row.appendCPU)) | \(row.appendFaults) |")
    }
    print("")
}

// Cards 80–480 pt tall in 3 columns.
try report(LayoutBenchmark(name: "masonry", layout: try MasonryLayout(columns: 3, spacing: 8), containerWidth: 960) {
    count, seed in
    var generator = SplitMix64(state: seed)
    return (0..<count).map { _ in generator.next(in: 80...480) }
}, detail: "3 columns, cards 80–480 pt")

// A calendar's events in time order: one starts 0–30 minutes after the last and lasts
// 15–120 minutes, at 1.2 pt a minute, so about three overlap at a time.
try report(LayoutBenchmark(name: "timeline",
                           layout: try TimelineLayout(scale: 1.2, minimumItemHeight: 20, laneSpacing: 4),
                           containerWidth: 960) { count, seed in
    var generator = SplitMix64(state: seed)
    var start = 0.0
    return (0..<count).map { _ in
        start += generator.next(in: 0...30)
        return TimelineItem(start: start, duration: generator.next(in: 15...120))
    }
}, detail: "events in time order, ~3 lanes; append re-solves")

// Tags 30–200 pt of text, padded 12 and 4, one line of 20 pt.
try report(LayoutBenchmark(name: "flow", layout: try FlowLayout(spacing: 6, rowSpacing: 6), containerWidth: 960) {
    count, seed in
    var generator = SplitMix64(state: seed)
    return (0..<count).map { _ in
        FlowItem(textWidth: generator.next(in: 30...200), textHeight: 20, horizontalPadding: 12, verticalPadding: 4)
    }
}, detail: "chips 54–224 pt wide")
if sink == 42 { print("") }
