/// The layout pass under ``ChromiumRules``.
struct ChromiumLayoutPass: RulesLayoutPass {
    typealias Rules = ChromiumRules
}
