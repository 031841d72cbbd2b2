import Typometer
import TypometerJSONLines

extension InputRecord {
    /// Sets on `style` each member of ``StyleMember/all`` the record has
    /// (an input line, a corpus case).
    package func applyStyleMembers(to style: inout TextStyle) throws(LineFailure) {
        for member in StyleMember.all {
            if let value = try styleValue(of: member) { member.set(value, on: &style) }
        }
    }

    /// Sets on a run's `style` each member of ``StyleMember/all`` that runs
    /// take (``StyleMember/inRuns``) and the record has.
    package func applyRunStyleMembers(to style: inout RunStyle) throws(LineFailure) {
        for member in StyleMember.all where member.inRuns {
            if let value = try styleValue(of: member) { member.set(value, on: &style) }
        }
    }

    /// The record's value of `member`, read as its kind says; `nil` when
    /// absent.
    package func styleValue(of member: StyleMember) throws(LineFailure) -> StyleMember.Value? {
        let key = member.name
        switch member.kind {
        case .number(let range): return try number(key, in: range).map { .number($0) }
        case .flag: return try boolean(key).map { .flag($0) }
        case .weight: return try fontWeight(key).map { .weight($0) }
        case .features: return try fontFeatures(key).map { .features($0) }
        case .lineHeight: return has(key) ? .lineHeight(try lineHeight(key)) : nil
        case .choice(let names):
            guard let name = try optionalString(key) else { return nil }
            guard names.contains(name) else {
                let quoted = names.map { "\"\($0)\"" }.joined(separator: " or ")
                throw failure("\"\(key)\" must be \(quoted), got '\(name)'")
            }
            return .choice(name)
        }
    }

    /// A font weight member: a whole number 1–1000 or a CSS name.
    package func fontWeight(_ key: String) throws(LineFailure) -> FontWeight? {
        if let text = try? optionalString(key) {
            guard let weight = FontWeight(css: text) else {
                throw failure("\"\(key)\" must be 1 to 1000 or a CSS weight name such as \"bold\", got '\(text)'")
            }
            return weight
        }
        return try integer(key, in: FontWeight.range).map { FontWeight($0) }
    }

    /// A features member: an array of feature strings, or one string of
    /// them separated by commas (`"tnum, -liga"`).
    package func fontFeatures(_ key: String) throws(LineFailure) -> [FontFeature]? {
        let texts: [String]
        if let text = try? optionalString(key) {
            texts = text.split(separator: ",").map { String($0) }
        } else if let list = try strings(key) {
            texts = list
        } else {
            return nil
        }
        return try texts.map { text throws(LineFailure) -> FontFeature in
            let trimmed = String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            guard let feature = FontFeature(trimmed) else {
                throw failure("\"\(key)\": not an OpenType feature such as \"tnum\", \"-liga\" or \"kern=0\": '\(text)'")
            }
            return feature
        }
    }

    /// A line height member: a number (a multiple of the size) or a CSS
    /// string (`"22px"`, `"normal"`); normal when absent.
    package func lineHeight(_ key: String) throws(LineFailure) -> LineHeight {
        if let factor = try? number(key, in: 0...1e6) { return .multiple(factor) }
        guard let text = try optionalString(key) else { return .normal }
        guard let value = LineHeight(css: text) else {
            throw failure("\"\(key)\" must be a number, \"normal\" or a length such as \"22px\"")
        }
        return value
    }
}
