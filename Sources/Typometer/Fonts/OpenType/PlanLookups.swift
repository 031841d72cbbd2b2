import CHarfBuzz

/// The lookups of HarfBuzz's plan for text of one script in one language
/// (`en-us` unless told) and direction (left to right unless told), less those only its automatic
/// fractions apply (`frac`, `numr` and `dnom` act only around U+2044, which
/// the table paths never take).
struct PlanLookups: Equatable {
    let substitution: [Int]
    let positioning: [Int]

    /// The features HarfBuzz 6 applies to all text of a script without a
    /// shaper of its own, those of either direction included (`hb-ot-shape.cc`).
    private static let globalFeatures: [StaticString] = [
        "rvrn", "ltra", "ltrm", "rtla", "rtlm", "rand", "trak", "abvm", "blwm", "ccmp", "locl", "mark", "mkmk", "rlig", "calt", "clig",
        "curs", "dist", "kern", "liga", "rclt",
    ]
    private static let fractionFeatures: [StaticString] = ["frac", "numr", "dnom"]

    init(face: OpaquePointer, script: hb_script_t, language: hb_language_t? = nil, rightToLeft: Bool = false) {
        var properties = hb_segment_properties_t()
        properties.direction = rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR
        properties.script = script
        properties.language = language ?? hb_language_from_string("en-us", -1)
        let plan = hb_shape_plan_create_cached(face, &properties, nil, 0, nil)
        defer { hb_shape_plan_destroy(plan) }
        func lookups(_ table: StaticString) -> [Int] {
            let tag = UInt32(tag: table)
            let planned = HarfBuzzSet()
            hb_ot_shape_plan_collect_lookups(plan, tag, planned.handle)
            let fractions = PlanLookups.lookups(of: PlanLookups.fractionFeatures, face: face, table: tag)
            let global = PlanLookups.lookups(of: PlanLookups.globalFeatures, face: face, table: tag)
            return planned.members.filter { !fractions.contains($0) || global.contains($0) }
        }
        substitution = lookups("GSUB")
        positioning = lookups("GPOS")
    }

    /// The lookups any script and language system of the face's `table`
    /// uses for `features`.
    private static func lookups(of features: [StaticString], face: OpaquePointer, table: UInt32) -> Set<Int> {
        let set = HarfBuzzSet()
        var tags = features.map { UInt32(tag: $0) } + [0]
        hb_ot_layout_collect_lookups(face, table, nil, nil, &tags, set.handle)
        return Set(set.members)
    }
}

/// An owned `hb_set_t`.
final class HarfBuzzSet {
    let handle: OpaquePointer

    init() { handle = hb_set_create() }

    deinit { hb_set_destroy(handle) }

    var members: [Int] {
        var result: [Int] = []
        var value = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first member
        while hb_set_next(handle, &value) != 0 { result.append(Int(value)) }
        return result
    }
}
