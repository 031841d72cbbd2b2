/// Everything in which one renderer's layout differs from another's: each
/// stage's decisions, answered by one type per renderer
/// (``ChromiumRules``, ``PangoRules``). The layout pass is generic over it,
/// so each renderer gets code specialised for it, with no branch on the
/// renderer left in the pass. A third renderer is one more folder under
/// `Renderers/` with a type conforming to this.
protocol RendererRules: SegmentationRules, ShapingRules, LineFittingRules, LineHeightRules, ShapedLineRules {}
