@testable import Typometer

extension RendererRules {
    /// The profile that registers these rules (``RenderingProfile/rules``),
    /// for tests that take the rules as a generic parameter.
    static var profile: RenderingProfile {
        RenderingProfile.allCases.first { ObjectIdentifier($0.rules) == ObjectIdentifier(Self.self) }!
    }
}
