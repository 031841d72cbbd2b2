/// How a renderer picks, among a family's faces, the one for a weight and
/// slant.
enum FaceMatching: Sendable {
    /// CSS font matching (CSS Fonts 4 §5.2, Blink's `FontSelectionAlgorithm`
    /// over a family's `@font-face` faces and the system's): italic faces
    /// first when italic is asked (upright ones otherwise, then the other
    /// kind), then the weight: from 400 to 500 the weights up to 500
    /// ascending, then lighter ones descending, then heavier ones ascending;
    /// below 400 lighter ones descending then heavier ones ascending; above
    /// 500 heavier ones ascending then lighter ones descending.
    case css
    /// Fontconfig's match (`FcFontMatch` with `FC_SLANT` and `FC_WEIGHT`, as
    /// Pango's `pango_fc_make_pattern` asks): the slant first, then the
    /// nearest weight on Fontconfig's scale (`FcWeightFromOpenTypeDouble`);
    /// a tie goes to the lighter face (550, halfway between Regular's 80
    /// and Bold's 200, takes Regular in Pango 1.50).
    case fontconfig

    /// The index in `faces` of the face CSS matching picks for `weight` and
    /// `italic`, or `nil` when `faces` is empty.
    static func cssBest(of faces: [(weight: Int, isItalic: Bool)], weight: Int, italic: Bool) -> Int? {
        let slanted = faces.indices.filter { faces[$0].isItalic == italic }
        let pool = slanted.isEmpty ? Array(faces.indices) : slanted
        return pool.min { cssRank(faces[$0].weight, for: weight) < cssRank(faces[$1].weight, for: weight) }
    }

    /// The index in `faces` of the face Fontconfig matches for `weight`
    /// (its scale, see ``fontconfig``) and `italic`, or `nil` when `faces`
    /// is empty.
    static func fontconfigBest(of faces: [(weight: Double, isItalic: Bool)], weight: Double, italic: Bool) -> Int? {
        let slanted = faces.indices.filter { faces[$0].isItalic == italic }
        let pool = slanted.isEmpty ? Array(faces.indices) : slanted
        return pool.min {
            let left = abs(faces[$0].weight - weight), right = abs(faces[$1].weight - weight)
            return left != right ? left < right : faces[$0].weight < faces[$1].weight
        }
    }

    /// Orders candidate weights as CSS tries them for `wanted` (lower first).
    private static func cssRank(_ candidate: Int, for wanted: Int) -> (Int, Int) {
        if (400...500).contains(wanted) {
            if candidate >= wanted && candidate <= 500 { return (0, candidate - wanted) }
            if candidate < wanted { return (1, wanted - candidate) }
            return (2, candidate - 500)
        }
        if wanted < 400 {
            return candidate <= wanted ? (0, wanted - candidate) : (1, candidate - wanted)
        }
        return candidate >= wanted ? (0, candidate - wanted) : (1, wanted - candidate)
    }
}
