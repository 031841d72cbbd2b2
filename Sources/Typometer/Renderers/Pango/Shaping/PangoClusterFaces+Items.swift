import CHarfBuzz

/// Pango's itemizer: the faces of characters it picks no face for, and
/// hex boxes for characters no face has.
extension PangoClusterFaces {
    /// Pango picks no face for spaces and invisible characters (`-1` in
    /// `faces`); its itemizer gives them one as it builds items, which this
    /// follows. A run (one script, bidi level and emoji-ness) is cut into
    /// items where the face changes. A neutral cluster joins the item it is
    /// in; one that starts an item takes the face of the first cluster with
    /// a face after it in its run, else the primary face. When the face
    /// changes after neutral clusters and the new face is higher in Pango's
    /// fallback list than the item's (`positions`), those clusters move to
    /// the new item.
    static func resolveNeutralFaces(
        _ clusters: inout SegmentClusters, positions: [Int], preceding: (face: Int, position: Int)?, scriptIsKnown: Bool,
        following: UInt32?, followingLevel: UInt8?, shaper: SegmentShaper
    ) {
        let scripts = clusters.scripts
        let isEmoji = clusters.isEmoji
        let levels = clusters.starts.map { clusters.levels[$0] }
        var faces = clusters.faces
        defer { clusters.faces = faces }
        let count = faces.count
        guard count > 0 else { return }
        // The cluster after the segment: its face, and whether it continues
        // the segment's last run.
        let (followingFace, followingPosition, followingInRun) = following.map {
            followingItem($0, level: followingLevel ?? levels[count - 1], after: clusters, scriptIsKnown: scriptIsKnown,
                          shaper: shaper)
        } ?? (-1, 0, false)
        func startsRun(_ cluster: Int) -> Bool {
            cluster == 0 || levels[cluster] != levels[cluster - 1] || scripts[cluster] != scripts[cluster - 1]
                || isEmoji[cluster] != isEmoji[cluster - 1]
        }
        var itemStart = 0
        var itemFace = -1
        var itemPosition = 0
        var firstNeutral: Int?
        func closeItem(at end: Int, nextFace: Int) {
            guard itemFace == -1 else { return }
            for cluster in itemStart..<end { faces[cluster] = nextFace >= 0 ? nextFace : 0 }
        }
        // Leading neutral clusters go on with the item before the segment;
        // that item holds more than spaces, so they may move on.
        var itemStartedBefore = false
        for cluster in 0..<count {
            let face = faces[cluster]
            if cluster == 0, face == -1, let preceding {
                faces[0] = preceding.face
                itemFace = preceding.face
                itemPosition = preceding.position
                itemStartedBefore = true
                firstNeutral = 0
                continue
            }
            if startsRun(cluster) {
                closeItem(at: cluster, nextFace: -1)
                itemStart = cluster
                itemStartedBefore = false
                itemFace = face
                itemPosition = face == -1 ? 0 : positions[cluster]
                firstNeutral = face == -1 ? cluster : nil
                continue
            }
            if face == -1 {
                if itemFace != -1 { faces[cluster] = itemFace }
                if firstNeutral == nil { firstNeutral = cluster }
                continue
            }
            defer { firstNeutral = nil }
            if itemFace == -1 {
                for earlier in itemStart..<cluster { faces[earlier] = face }
                itemFace = face
                itemPosition = positions[cluster]
                continue
            }
            guard face != itemFace else { continue }
            if let neutral = firstNeutral, neutral > itemStart || itemStartedBefore, positions[cluster] < itemPosition {
                for moved in neutral..<cluster { faces[moved] = face }
                itemStart = neutral
            } else {
                itemStart = cluster
            }
            itemStartedBefore = false
            itemFace = face
            itemPosition = positions[cluster]
        }
        guard followingInRun, followingFace >= 0 else {
            closeItem(at: count, nextFace: -1)
            return
        }
        if itemFace == -1 {
            closeItem(at: count, nextFace: followingFace)
        } else if let neutral = firstNeutral, neutral > itemStart || itemStartedBefore, followingFace != itemFace,
                  followingPosition < itemPosition {
            for moved in neutral..<count { faces[moved] = followingFace }
        }
    }

    /// The face and fallback position of the item of `scalar`, the
    /// character after the segment `clusters` (at bidi level `level`), and
    /// whether it goes on with the segment's last run.
    private static func followingItem(
        _ scalar: UInt32, level: UInt8, after clusters: SegmentClusters, scriptIsKnown: Bool, shaper: SegmentShaper
    ) -> (face: Int, position: Int, inRun: Bool) {
        let last = clusters.count - 1
        var item = (face: -1, position: 0)
        let neutral = itemizerPicksNoFace(for: scalar)
        let script = ScalarProperties.script(of: scalar)
        if !neutral {
            let runScript = script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED ? clusters.scripts[last] : script
            item = itemFace(of: scalar, script: runScript, shaper: shaper)
        }
        let emoji = startsEmoji(scalar)
        let inRun = level == clusters.levels[clusters.starts[last]] && emoji == clusters.isEmoji[last]
            && (!scriptIsKnown || script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED
                || script == clusters.scripts[last])
        return (item.face, item.position, inRun)
    }

    /// Whether Pango's itemizer picks no face for `scalar`, the character
    /// after a segment, so that its item is the segment's.
    private static func itemizerPicksNoFace(for scalar: UInt32) -> Bool {
        FontSelector.isInvisible(scalar) || scalar == 0x20 || scalar == 0x09 || isNeutral(scalar)
    }

    /// Whether the character after a segment starts an emoji: only it is
    /// known, and a pictograph is taken to start one (most are followed by
    /// U+FE0F or a joiner).
    private static func startsEmoji(_ scalar: UInt32) -> Bool {
        FontSelector.isPresentedAsEmoji([scalar]) || (scalar >= 0x80 && ScalarProperties(scalar).isExtendedPictographic)
    }

    /// What ``followingItem(_:level:after:scriptIsKnown:shaper:)`` reads of
    /// `scalar` for any segment before it, in 31 bits, when `scalar` has a
    /// script of its own and a face is picked for it: its script, the face
    /// and fallback position of its item, and whether it starts an emoji.
    /// Two characters of one class lay a segment before them out alike (the
    /// letters of a script in one face, say), so the word cache keeps a
    /// chunk once for them all. `nil` for any other character (its item
    /// takes the segment's run), or a script, face or position the bits
    /// cannot hold.
    static func followingClass(of scalar: UInt32, shaper: SegmentShaper) -> UInt32? {
        guard !itemizerPicksNoFace(for: scalar) else { return nil }
        let script = ScalarProperties.script(of: scalar)
        guard script != HB_SCRIPT_COMMON, script != HB_SCRIPT_INHERITED else { return nil }
        // The script's ISO 15924 tag, four letters, five bits each.
        var scriptBits: UInt32 = 0
        for shift in stride(from: 24, through: 0, by: -8) {
            let letter = UInt8(truncatingIfNeeded: script.rawValue >> UInt32(shift)) | 0x20
            guard letter >= UInt8(ascii: "a"), letter <= UInt8(ascii: "z") else { return nil }
            scriptBits = scriptBits << 5 | UInt32(letter - UInt8(ascii: "a"))
        }
        let item = itemFace(of: scalar, script: script, shaper: shaper)
        guard (0..<128).contains(item.face), item.position == .max || (0..<7).contains(item.position) else { return nil }
        let position = UInt32(item.position == .max ? 7 : item.position)
        return scriptBits | UInt32(item.face) << 20 | position << 27 | (startsEmoji(scalar) ? 1 << 30 : 0)
    }

    /// The face and fallback position of the item a segment's leading
    /// neutral clusters go on with: that of the last character before the
    /// segment Pango picks a face for (see ``PangoContext/precedingScalar``),
    /// unless it is an emoji, which ends its run.
    static func precedingItem(_ context: PangoContext?, shaper: SegmentShaper) -> (face: Int, position: Int)? {
        guard let scalar = context?.precedingScalar, !FontSelector.isPresentedAsEmoji([scalar]) else { return nil }
        let script = context?.precedingScript.map { hb_script_t(rawValue: $0) } ?? ScalarProperties.script(of: scalar)
        return itemFace(of: scalar, script: script, shaper: shaper)
    }

    /// The face (registry index) Pango picks for `scalar` alone in a run of
    /// `script`, and its position in the fallback list (past the end for a
    /// hex box).
    private static func itemFace(of scalar: UInt32, script: hb_script_t, shaper: SegmentShaper) -> (face: Int, position: Int) {
        let choice = shaper.selector.choice(for: [scalar], fallback: SetOrderFallback())
        if let hint = choice.hint { return PangoFallbackMemo.of(shaper).fallback(for: hint, script: script, shaper: shaper) }
        return (shaper.registry.index(of: choice.face), choice.isMissing ? Int.max : 0)
    }

    /// The advance and face bits of a cluster with characters no face has:
    /// Pango draws each such character as a hex box in the
    /// cluster's face, and the others with the face's own glyphs.
    static func hexBoxMetrics(of scalars: [UInt32], inFaceAt index: Int, shaper: SegmentShaper)
        -> (advance: Double, faceBits: UInt64)
    {
        let font = shaper.registry.font(at: index)
        let hexBox = shaper.registry.hexBox(inFaceAt: index, fontSet: shaper.selector.fontSet)
        var advance = 0.0
        var bits = FaceRegistry.bit(for: hexBox.index)
        for scalar in scalars {
            // An invisible character still has a glyph in the run (its own or
            // HarfBuzz's blank), so the face's extents count.
            guard !FontSelector.isInvisible(scalar) else {
                bits |= FaceRegistry.bit(for: index)
                continue
            }
            var glyph: hb_codepoint_t = 0
            if hb_font_get_nominal_glyph(font.hbFont, scalar, &glyph) != 0 {
                advance += Double(hb_font_get_glyph_h_advance(font.hbFont, glyph)) / font.unitsPerPoint
                bits |= FaceRegistry.bit(for: index)
            } else {
                advance += hexBox.box.advance(for: scalar)
            }
        }
        return (advance, bits)
    }

    /// Characters Pango never picks a font for (its itemizer's rule): format
    /// and control characters, space separators, variation selectors.
    static func isNeutral(_ scalars: [UInt32]) -> Bool {
        scalars.allSatisfy(isNeutral)
    }

    static func isNeutral(_ scalar: UInt32) -> Bool {
        let properties = ScalarProperties(scalar)
        return properties.isControl || properties.isDefaultIgnorable
            || (properties.isSpaceSeparator && scalar != 0x1680)
            || ScalarProperties.isVariationSelector(scalar)
    }
}
