import CFreeType
import CHarfBuzz

/// One face of a font file, loaded once and shared: its HarfBuzz face, the
/// design-unit metrics line heights are made of, and its character coverage.
///
/// Immutable after creation and safe to use from any thread. Loading reads
/// the file into memory (``FontFileBytes``), so the face outlives any later
/// change to the file: create faces through a ``FontSet``, which caches them.
public final class FontFace: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The file the face was loaded from.
    public let path: String
    /// The face's index inside a collection (`.ttc`); 0 for plain files.
    public let index: Int
    /// The family name, as Fontconfig reports it (or the `name` table's).
    public let family: String
    /// The file's bytes, as they were read.
    let bytes: FontFileBytes
    /// Units per em of the face's design grid.
    let unitsPerEm: Double
    /// Ascender, descender (positive below the baseline) and line gap in
    /// design units: hhea, or OS/2 typo metrics when USE_TYPO_METRICS is set.
    let designAscent: Double
    let designDescent: Double
    let designLineGap: Double
    /// Whether the face draws color glyphs (CBDT, sbix or COLR tables).
    let hasColorGlyphs: Bool
    /// The face's color bitmap strikes (`CBLC`/`CBDT`), if it has any.
    let colorStrikes: ColorBitmapStrikes?

    // Owned HarfBuzz objects, freed in deinit. `metricsFont` is an immutable
    // font at scale = units per em, used for coverage and design metrics.
    let hbFace: OpaquePointer
    let metricsFont: OpaquePointer

    /// Loads face `index` of the font file read into `bytes` from `path`.
    ///
    /// The face is first opened with FreeType, which rejects what it cannot
    /// draw.
    /// - Throws: ``TypometerError/notAFont(path:)``.
    init(bytes: FontFileBytes, path: String, index: Int = 0, family: String? = nil) throws(TypometerError) {
        guard index >= 0, index < Int(hb_face_count(bytes.blob)) else {
            throw TypometerError.notAFont(path: path)
        }
        try FreeTypeLibrary.shared.validateFace(bytes, index: index, path: path)
        let blob = bytes.blob
        let face = hb_face_create(blob, UInt32(index))!
        let upem = hb_face_get_upem(face)
        guard hb_face_get_glyph_count(face) > 0, upem > 0 else {
            hb_face_destroy(face)
            throw TypometerError.notAFont(path: path)
        }
        hb_face_make_immutable(face)
        let font = hb_font_create(face)!
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        hb_font_make_immutable(font)

        self.path = path
        self.index = index
        self.bytes = bytes
        self.hbFace = face
        self.metricsFont = font
        self.unitsPerEm = Double(upem)
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        self.designAscent = Double(extents.ascender)
        self.designDescent = Double(-extents.descender)
        self.designLineGap = Double(extents.line_gap)
        self.hasColorGlyphs = hb_ot_color_has_png(face) != 0
            || hb_ot_color_has_layers(face) != 0
            || hb_ot_color_has_svg(face) != 0
        self.colorStrikes = hb_ot_color_has_png(face) != 0 ? ColorBitmapStrikes(face: face) : nil
        self.family = family ?? FontFace.familyName(of: face) ?? path
    }

    /// Calls `body` with the bytes of the face's file as they were read
    /// (for a rasterizer): they stay valid as long as the face lives.
    package func withFileBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBytes(body)
    }

    /// Each script's ``SimpleWordModel``, made on first use, and those of
    /// scripts without characters of their own in the models' range by
    /// the lookups of their plans.
    private let simpleWordModels = Lock()
    private nonisolated(unsafe) var simpleWordModelsByScript: [UInt32: SimpleWordModel?] = [:]
    private nonisolated(unsafe) var simpleWordModelsByPlan: [(plan: PlanLookups, model: SimpleWordModel?)] = []

    /// The face's ``SimpleWordModel`` for `script`, analysed on first use
    /// (a few milliseconds; later calls are a lookup; a script that
    /// ``SimpleWordModel/hasCharacters(of:)`` denies shares the model of
    /// another whose plan is the same). Safe from any thread.
    func simpleWordModel(for script: hb_script_t) -> SimpleWordModel? {
        simpleWordModels.withLock {
            if let known = simpleWordModelsByScript[script.rawValue] { return known }
            var plan: PlanLookups?
            if !SimpleWordModel.hasCharacters(of: script) {
                let lookups = PlanLookups(face: hbFace, script: script)
                if let shared = simpleWordModelsByPlan.first(where: { $0.plan == lookups }) {
                    simpleWordModelsByScript[script.rawValue] = .some(shared.model)
                    return shared.model
                }
                plan = lookups
            }
            let model = SimpleWordModel(face: self, script: script)
            simpleWordModelsByScript[script.rawValue] = .some(model)
            if let plan { simpleWordModelsByPlan.append((plan, model)) }
            return model
        }
    }

    deinit {
        hb_font_destroy(metricsFont)
        hb_face_destroy(hbFace)
    }

    /// The width and height of the ink of `scalar`'s glyph in design units
    /// (its outline's control box), or `nil` when the face lacks it.
    func inkExtents(of scalar: UInt32) -> (width: Double, height: Double)? {
        var glyph: hb_codepoint_t = 0
        var extents = hb_glyph_extents_t()
        guard hb_font_get_nominal_glyph(metricsFont, scalar, &glyph) != 0,
              hb_font_get_glyph_extents(metricsFont, glyph, &extents) != 0 else { return nil }
        return (Double(extents.width), Double(-extents.height))
    }

    /// Whether the face maps `scalar` to a glyph in its `cmap`.
    func covers(_ scalar: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(metricsFont, scalar, &glyph) != 0
    }

    /// Whether the face maps `scalar` followed by variation selector
    /// `selector` to a glyph.
    func covers(_ scalar: UInt32, variationSelector selector: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_variation_glyph(metricsFont, scalar, selector, &glyph) != 0
    }

    private static func familyName(of face: OpaquePointer) -> String? {
        var length: UInt32 = 256
        var buffer = [CChar](repeating: 0, count: 256)
        let written = hb_ot_name_get_utf8(
            face, hb_ot_name_id_t(HB_OT_NAME_ID_FONT_FAMILY), hb_language_from_string("en", -1),
            &length, &buffer)
        guard written > 0 else { return nil }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) },
                      as: UTF8.self)
    }

    public var description: String { "\(family) (\(path)#\(index))" }

    public static func == (lhs: FontFace, rhs: FontFace) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
