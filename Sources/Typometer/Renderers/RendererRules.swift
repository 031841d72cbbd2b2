/// Everything in which one renderer's layout differs from another's: each
/// stage's decisions, answered by one type per renderer
/// (``ChromiumRules``, ``PangoRules``). The layout pass is generic over it,
/// so each renderer gets code specialised for it, with no branch on the
/// renderer left in the pass. A third renderer is one more folder under
/// `Renderers/` with a type conforming to this.
protocol RendererRules: SegmentationRules, ShapingRules, LineFittingRules, LineHeightRules {
    /// The profile that names these rules in a ``TextStyle``.
    static var profile: RenderingProfile { get }
    /// Whether the renderer lays text out in device pixels, so that a
    /// screen's device pixel ratio changes its results
    /// (``TextStyle/devicePixelRatio``), rather than in logical units at
    /// every scale.
    static var laysOutInDevicePixels: Bool { get }
}

extension RenderingProfile {
    /// The rules type of the renderer, for the places where it is chosen
    /// once (a measurer's set-up, tests); the layout pass takes it as a
    /// generic parameter instead.
    var rules: any RendererRules.Type {
        switch self {
        case .chromium: ChromiumRules.self
        case .pango: PangoRules.self
        }
    }
}
