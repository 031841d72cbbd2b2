import Typometer
import TypometerCorpus

extension ParsedArguments {
    /// The value of `member`'s option (``StyleMember/option``), read as its
    /// kind says; `nil` when the option is not given.
    func styleValue(of member: StyleMember) throws(UsageError) -> StyleMember.Value? {
        let option = member.option
        if case .flag = member.kind { return has(option) ? .flag(true) : nil }
        if case .number(let range) = member.kind { return try number(option, in: range).map { .number($0) } }
        guard let text = value(option) else { return nil }
        switch member.kind {
        case .number, .flag: return nil
        case .weight:
            guard let weight = FontWeight(css: text) else {
                throw UsageError("--\(option) must be 1 to 1000 or a CSS weight name such as bold, got '\(text)'")
            }
            return .weight(weight)
        case .features:
            return .features(try text.split(separator: ",").map { part throws(UsageError) -> FontFeature in
                guard let feature = FontFeature(part.filter { $0 != " " }) else {
                    throw UsageError("--\(option) takes OpenType features such as tnum, -liga or kern=0, got '\(part)'")
                }
                return feature
            })
        case .lineHeight:
            guard let height = LineHeight(css: text) else {
                throw UsageError("--\(option) must be normal, a number or a length such as 22px, got '\(text)'")
            }
            return .lineHeight(height)
        case .choice(let names):
            guard names.contains(text) else {
                throw UsageError("--\(option) must be \(names.joined(separator: " or ")), got '\(text)'")
            }
            return .choice(text)
        }
    }
}
