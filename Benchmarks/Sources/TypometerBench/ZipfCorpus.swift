#if canImport(Glibc)
import Glibc
#endif

/// A realistic, reproducible stream of social posts: words drawn from a
/// vocabulary of real English text with Zipf frequencies, by a fixed-seed
/// generator, so every run and every machine measures the same posts.
struct ZipfCorpus: Sendable {
    /// Distinct tokens (words with their punctuation), most frequent first.
    let vocabulary: [String]
    /// Running sum of the Zipf weights, normalised to end at 1.
    private let cumulative: [Double]
    /// The Zipf exponent: weight of rank r is 1 / r^exponent.
    let exponent: Double

    /// The vocabulary of `sources` (split on white space, punctuation kept),
    /// ranked by how often each token occurs there (ties by spelling).
    init(sources: [String], exponent: Double = 1.0) {
        var counts: [String: Int] = [:]
        for source in sources {
            for token in source.split(whereSeparator: { $0.isWhitespace }) {
                counts[String(token), default: 0] += 1
            }
        }
        vocabulary = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        self.exponent = exponent
        var running = 0.0
        var cumulative: [Double] = []
        cumulative.reserveCapacity(vocabulary.count)
        for rank in 1...max(1, vocabulary.count) {
            running += 1 / pow(Double(rank), exponent)
            cumulative.append(running)
        }
        self.cumulative = cumulative.map { $0 / running }
    }

    /// The token at Zipf rank drawn by `generator`.
    func word(using generator: inout SplitMix64) -> String {
        let u = generator.nextUnitDouble()
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] < u { low = middle + 1 } else { high = middle }
        }
        return vocabulary[low]
    }

    /// `count` posts of `words` tokens joined by single spaces, from the
    /// stream seeded with `seed`. The same seed gives the same posts, and a
    /// shorter stream is a prefix of a longer one.
    func posts(_ count: Int, words: Int = 30, seed: UInt64) -> [String] {
        var generator = SplitMix64(seed: seed)
        var posts: [String] = []
        posts.reserveCapacity(count)
        // Each post is assembled in one reused byte buffer and copied out
        // once, so it owns an allocation of its own size and the generator
        // leaves no slack or garbage to count in the memory row.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(words * 32)
        for _ in 0..<count {
            bytes.removeAll(keepingCapacity: true)
            for index in 0..<words {
                if index > 0 { bytes.append(0x20) }
                bytes.append(contentsOf: word(using: &generator).utf8)
            }
            posts.append(String(decoding: bytes, as: UTF8.self))
        }
        return posts
    }

    /// One paragraph of about `bytes` UTF-8 bytes (whole words).
    func paragraph(bytes: Int, seed: UInt64) -> String {
        var generator = SplitMix64(seed: seed)
        var text = ""
        text.reserveCapacity(bytes + 32)
        while text.utf8.count < bytes {
            if !text.isEmpty { text.append(" ") }
            text.append(word(using: &generator))
        }
        return text
    }
}

/// Sebastiano Vigna's SplitMix64: small, fast, and fixed across platforms.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in [0, 1) from the top 53 bits.
    mutating func nextUnitDouble() -> Double { Double(next() >> 11) * 0x1p-53 }
}
