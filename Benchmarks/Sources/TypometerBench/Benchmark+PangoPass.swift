import BenchSupport
import Dispatch

/// Pango laying out a list of posts in this process: seconds per run on one
/// thread and on one thread per core (each with its own font map), and how
/// many cores the parallel runs kept busy on average.
struct PangoPass {
    var single: Samples
    var parallel: Samples
    var coresBusy: Double
}

extension Benchmark {
    /// Pango over `posts` (a fresh `PangoLayout` per post), `runs` times
    /// on one thread and `runs` times split over every core, after laying out
    /// a few hundred posts to warm up.
    func pangoPass(_ posts: [String], width: Double = Benchmark.width, runs: Int) -> PangoPass {
        let layouters = pango
        for post in posts.prefix(500) { sink += layouters[0].height(of: post, width: width) }
        let single = repeated(runs: runs, warmUp: false) { _ in
            seconds { for post in posts { sink += layouters[0].height(of: post, width: width) } }
        }
        let lanes = layouters.count
        let cpuBefore = processCPUSeconds()
        let parallel = repeated(runs: runs, warmUp: false) { _ in
            seconds {
                DispatchQueue.concurrentPerform(iterations: lanes) { lane in
                    var index = lane
                    while index < posts.count {
                        consume(layouters[lane].height(of: posts[index], width: width))
                        index += lanes
                    }
                }
            }
        }
        let coresBusy = (processCPUSeconds() - cpuBefore) / parallel.values.reduce(0, +)
        return PangoPass(single: single, parallel: parallel, coresBusy: coresBusy)
    }
}
