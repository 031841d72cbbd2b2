/// Numbers written with a fixed number of decimals, exactly as C's
/// `printf("%*.*f")` writes them (which is what `String(format:)` did):
/// rounded from the double's exact binary value, a tie to the even digit,
/// `-0.00` for small negative values, `inf` and `nan` as glibc spells them.
package enum FixedNotation {
    /// `value` with `places` digits after the point, padded with spaces on
    /// the left to at least `width` characters.
    /// - Complexity: O(d²) in the number of exact decimal digits of `value`:
    ///   a few dozen for the ratios and points of a report; not for hot paths.
    package static func text(_ value: Double, places: Int, width: Int = 0) -> String {
        precondition(places >= 0, "negative decimal places")
        let sign = value.sign == .minus ? "-" : ""
        let body: String
        if value.isNaN {
            body = sign + "nan"
        } else if value.isInfinite {
            body = sign + "inf"
        } else {
            body = sign + digits(of: value.magnitude, places: places)
        }
        return String(repeating: " ", count: max(0, width - body.count)) + body
    }

    /// A finite, non-negative `value` rounded to `places` decimals.
    private static func digits(of value: Double, places: Int) -> String {
        // value = significand × 2^exponent exactly, so its decimal digits are
        // those of significand × 2^exponent, or of significand × 5^-exponent
        // with -exponent of them after the point.
        let isSubnormal = value.exponentBitPattern == 0
        let significand = value.significandBitPattern | (isSubnormal ? 0 : 1 << 52)
        let exponent = (isSubnormal ? 1 : Int(value.exponentBitPattern)) - 1075
        var limbs = [significand % billion, significand / billion % billion, significand / billion / billion]
        // Powers that keep a limb's product within 64 bits: 2^29 and 5^13.
        let (base, step): (UInt64, Int) = exponent > 0 ? (2, 29) : (5, 13)
        var remaining = abs(exponent)
        while remaining > 0 {
            var factor: UInt64 = 1
            for _ in 0..<min(remaining, step) { factor *= base }
            multiply(&limbs, by: factor)
            remaining -= min(remaining, step)
        }
        var decimal: [UInt8] = []
        decimal.reserveCapacity(9 * limbs.count)
        for var limb in limbs {
            for _ in 0..<9 {
                decimal.append(UInt8(limb % 10))
                limb /= 10
            }
        }
        var fractionDigits = max(0, -exponent)
        if fractionDigits > places {
            let dropped = fractionDigits - places
            if dropped > decimal.count { decimal += Array(repeating: 0, count: dropped - decimal.count) }
            let first = decimal[dropped - 1]
            let restIsZero = decimal[..<(dropped - 1)].allSatisfy { $0 == 0 }
            decimal.removeFirst(dropped)
            let lastKeptIsOdd = (decimal.first ?? 0) % 2 == 1
            if first > 5 || (first == 5 && (!restIsZero || lastKeptIsOdd)) { increment(&decimal) }
            fractionDigits = places
        }
        decimal.insert(contentsOf: Array(repeating: 0, count: places - fractionDigits), at: 0)
        while decimal.count < places + 1 { decimal.append(0) }
        while decimal.count > places + 1, decimal.last == 0 { decimal.removeLast() }
        let text = decimal.reversed().map { Character(Unicode.Scalar(UInt8(ascii: "0") + $0)) }
        let whole = String(text[..<(text.count - places)])
        return places == 0 ? whole : whole + "." + String(text[(text.count - places)...])
    }

    private static let billion: UInt64 = 1_000_000_000

    /// Multiplies a number in base-10^9 limbs (least significant first) by
    /// `factor` < 2^32.
    private static func multiply(_ limbs: inout [UInt64], by factor: UInt64) {
        var carry: UInt64 = 0
        for index in limbs.indices {
            let product = limbs[index] * factor + carry
            limbs[index] = product % billion
            carry = product / billion
        }
        while carry > 0 {
            limbs.append(carry % billion)
            carry /= billion
        }
    }

    /// Adds one to decimal digits, least significant first.
    private static func increment(_ digits: inout [UInt8]) {
        for index in digits.indices {
            guard digits[index] == 9 else {
                digits[index] += 1
                return
            }
            digits[index] = 0
        }
        digits.append(1)
    }
}
