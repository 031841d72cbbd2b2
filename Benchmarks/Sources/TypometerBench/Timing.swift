import BenchSupport

#if canImport(Glibc)
import Glibc
#endif

/// Nanoseconds on `CLOCK_MONOTONIC`.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}

/// Seconds taken by `body`.
@inline(__always)
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = monotonicNanoseconds()
    try body()
    return Double(monotonicNanoseconds() - start) / 1e9
}

/// Seconds taken by an async `body`.
func seconds(_ body: () async throws -> Void) async rethrows -> Double {
    let start = monotonicNanoseconds()
    try await body()
    return Double(monotonicNanoseconds() - start) / 1e9
}

/// The values of repeated runs of one measurement (seconds, bytes, ...).
struct Samples: Sendable {
    var values: [Double]

    init(_ values: [Double]) { self.values = values }

    var median: Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
    var minimum: Double { values.min() ?? .nan }
    var maximum: Double { values.max() ?? .nan }

    func scaled(by factor: Double) -> Samples { Samples(values.map { $0 * factor }) }
}

/// Runs `body` once to warm up (unless `warmUp` is false), then `runs`
/// times, collecting what each run returns.
func repeated(runs: Int, warmUp: Bool = true, _ body: (_ run: Int) throws -> Double) rethrows -> Samples {
    if warmUp { _ = try body(-1) }
    var values: [Double] = []
    for run in 0..<runs { values.append(try body(run)) }
    return Samples(values)
}

/// Two measurements side by side: each run once to warm up, then `runs`
/// rounds of `first` and `second` alternating, so that a change in the
/// machine's load touches both alike.
func alternated(
    runs: Int, _ first: () throws -> Double, _ second: () throws -> Double
) rethrows -> (first: Samples, second: Samples) {
    _ = try first()
    _ = try second()
    var firstValues: [Double] = [], secondValues: [Double] = []
    for _ in 0..<runs {
        firstValues.append(try first())
        secondValues.append(try second())
    }
    return (Samples(firstValues), Samples(secondValues))
}

func repeated(runs: Int, warmUp: Bool = true, _ body: (_ run: Int) async throws -> Double) async rethrows -> Samples {
    if warmUp { _ = try await body(-1) }
    var values: [Double] = []
    for run in 0..<runs { values.append(try await body(run)) }
    return Samples(values)
}

/// Keeps a value alive and opaque to the optimizer.
@inline(never)
func consume<T>(_ value: T) { withExtendedLifetime(value) {} }

/// CPU seconds (user and system) used by this process so far.
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func value(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return value(usage.ru_utime) + value(usage.ru_stime)
}

/// The 1-minute load average of the machine, from /proc/loadavg.
func loadAverage() -> String {
    (try? TextFiles.read("/proc/loadavg"))?.split(separator: " ").first.map(String.init) ?? "?"
}
