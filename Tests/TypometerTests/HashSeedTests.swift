import Foundation
import Testing
@testable import Typometer

/// Cache keys are hashed with a seed drawn per process, so input crafted
/// in advance cannot pile keys into one probe sequence. Regression: the
/// hash was the same in every process.
@Suite struct HashSeedTests {
    @Test("the seed is random unless SWIFT_DETERMINISTIC_HASHING asks for the fixed one",
          .enabled(if: ProcessInfo.processInfo.environment["SWIFT_DETERMINISTIC_HASHING"] == nil))
    func seedIsRandom() {
        // The fixed seed is the golden ratio's 64 bits; a random draw equals
        // it with probability 2⁻⁶⁴.
        #expect(FastHash.processSeed != 0x9E37_79B9_7F4A_7C15)
        let text = "the same bytes"
        #expect(FastHash.hash(text) == FastHash.hash(String(text)))
        #expect(FastHash.hash(UnsafeRawBufferPointer(start: nil, count: 0), seed: 1)
            != FastHash.hash(UnsafeRawBufferPointer(start: nil, count: 0), seed: 2))
    }
}
