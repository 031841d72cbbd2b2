import Testing
import TypometerTestSupport
@testable import Typometer

/// The UTF-8 to UTF-16 transcoder every measurement starts with, against
/// Swift's own `String.UTF16View`: runs of ASCII of every length around the
/// eight-byte fast path, with two-, three- and four-byte characters at
/// every offset.
@Suite struct UTF16TranscodingTests {
    static func transcoded(_ text: String) -> [UInt16] {
        var text = text
        return text.withUTF8 { bytes in
            [UInt16](unsafeUninitializedCapacity: max(bytes.count, 1)) { buffer, count in
                count = UTF16Transcoding.transcode(bytes, into: buffer)
            }
        }
    }

    @Test("every mix of ASCII and longer characters transcodes as String.utf16 does")
    func matchesStringUTF16() {
        let pieces = ["a", "Z", " ", "\n", "é", "ß", "Ж", "→", "中", "ー", "😀", "𝐀", "\u{7F}", "\u{80}"]
        var generator = SplitMix64(seed: 38)
        var mismatches: [String] = []
        for length in 0..<48 {
            for _ in 0..<200 {
                // Mostly ASCII, so runs of every length meet the fast path.
                let text = (0..<length).map { _ -> String in
                    Int.random(in: 0..<4, using: &generator) == 0
                        ? pieces.randomElement(using: &generator)!
                        : String(UnicodeScalar(UInt8.random(in: 0x20...0x7E, using: &generator)))
                }.joined()
                if Self.transcoded(text) != Array(text.utf16) { mismatches.append(text) }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(Self.transcoded("") == [])
        #expect(Self.transcoded(String(repeating: "abcdefgh", count: 9) + "中") == Array((String(repeating: "abcdefgh", count: 9) + "中").utf16))
    }
}
