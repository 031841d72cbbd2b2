/// The layout pass under ``PangoRules``.
struct PangoLayoutPass: RulesLayoutPass {
    typealias Rules = PangoRules
}
