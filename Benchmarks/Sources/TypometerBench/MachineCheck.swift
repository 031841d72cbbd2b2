import Dispatch

/// How many cores the machine actually gives this process right now: the
/// speedup of a pure arithmetic loop split over `lanes` threads. Near
/// `lanes`× means the cores were free; near 1× means something else was
/// using them, and the parallel rows say more about the machine than
/// about Typometer.
func arithmeticSpeedup(lanes: Int, steps: Int = 200_000_000) -> Double {
    let single = seconds { consume(spin(steps, seed: 1)) }
    let parallel = seconds {
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            consume(spin(steps / lanes, seed: UInt64(lane + 2)))
        }
    }
    return single / parallel
}

/// `steps` rounds of xorshift: arithmetic only, no memory traffic.
@inline(never)
private func spin(_ steps: Int, seed: UInt64) -> UInt64 {
    var x = seed | 1
    for _ in 0..<steps {
        x ^= x << 13
        x ^= x >> 7
        x ^= x << 17
    }
    return x
}
