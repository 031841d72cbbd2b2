import Testing
import TypometerJSONLines
import TypometerTestSupport

/// The output's numbers: ``JSONText/append(_:to:)`` writes digits without a
/// string for whole numbers and fractions of 1/65,536, and must give the
/// very bytes of ``JSONText/number(_:)`` (Swift's shortest round-trip form)
/// for every double.
@Suite struct JSONTextNumberTests {
    static func appended(_ value: Double) -> String {
        var bytes: [UInt8] = []
        JSONText.append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("writes every double as number(_:) does: heights, whole numbers, edges and random bits")
    func sameBytesAsTheString() {
        var generator = SplitMix64(seed: 38)
        var values: [Double] = [
            0, -0.0, 0.5, -0.5, 0.001, 0.0009765625, 0.00048828125, 1e-3, 1e-4, 1.5e-5, 20.4296875, 320, 1e15 - 0.5,
            1e15, 0x1p47 - 0.5, 0x1p47, 0x1p53, 0x1p53 + 2, 1e16, 1e300, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
            .infinity, -.infinity, .nan, 0.1, 0.2, 0.3, 1 / 3, 123456.7890625, 99999.99998474121,
        ]
        for _ in 0..<300_000 {
            let bits = generator.next()
            // Multiples of 1/2^k (k up to 20) as Pango's and Chromium's heights are.
            let denominator = Double(UInt64(1) << (bits % 21))
            let numerator = Double(generator.next() % (1 << (10 + bits % 40)))
            values.append((bits & 1 == 0 ? 1 : -1) * numerator / denominator)
            // Any finite double.
            let any = Double(bitPattern: generator.next())
            if any.isFinite { values.append(any) }
            // Around the limits of the fast path.
            values.append(Double(generator.next() % 1_000_000) / 1024 * (bits & 2 == 0 ? 1e-6 : 1e9))
        }
        var mismatches: [String] = []
        for value in values where Self.appended(value) != JSONText.number(value) {
            mismatches.append("\(value.bitPattern): \(Self.appended(value)) vs \(JSONText.number(value))")
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }
}
