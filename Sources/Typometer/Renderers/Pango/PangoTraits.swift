import CHarfBuzz

extension PangoRules {
    /// Pango's constants and flags, one row each (``RendererTraits``).
    static var traits: RendererTraits {
        RendererTraits(
            // No: PangoCairo lays text out in user space whatever the surface's
            // device scale (`_pango_cairo_update_context` reads `cairo_get_matrix`,
            // which leaves the device scale out, and "layout is matrix-independent
            // if metrics-hinting is off"); Pango 1.50 gave the same lines and
            // heights for every case of the `fidelity` and `runs` sets on a
            // surface of device scale 2 as of 1 (`TM_PANGO_DEVICE_SCALE`).
            laysOutInDevicePixels: false,
            breaksAtEveryLineSeparator: true,
            // Empty text is one line; a trailing newline adds one.
            laysOutEmptyParagraphs: true,
            // Whole Pango units, 1/1024 point, so each glyph's advance is rounded
            // as Pango rounds it; sizes as given; advances from HarfBuzz.
            fontScaling: FontScaling(unitsPerPoint: 1024, floorsSizeToHundredths: false, advancesFromFreeType: false),
            faceMatching: .fontconfig,
            // Pango shapes with `HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS`
            // (`pango_hb_shape`): a mark is a cluster of its own, and Thai's SARA
            // AM stays apart from the consonant before it, a grapheme of its own
            // that takes a letter spacing.
            clusterLevel: HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS,
            // `pango_glyph_item_letter_space` spaces every cluster that starts a
            // grapheme, empty glyphs included.
            lettersSpaceInvisibleCharacters: true,
            // Pango 1.50 has no word spacing.
            addsWordSpacing: false,
            allTrailingSpacesHang: false,
            // Pango is asked not to insert hyphens.
            drawsHyphensAtSoftHyphens: false,
            // Pango breaks the line at both.
            drawsSeparatorsAsSpaces: false,
            tabStopMinimumGap: 1,
            tabStopsCountSpacing: false,
            countsSpaceKerning: true,
            // Pango units, 1/1024 point; a line's width is rounded to the nearest.
            widthGrid: 1024,
            // Pango zeroes only the last white character of a line it wrapped.
            lineWidthsCountParagraphEndWhite: true,
            // Pango lets a run of white space after a line's content hang.
            whiteSegmentsHang: true,
            // Pango leaves the width of the white character before a break out of
            // its fit (a no-break space too).
            anyWhiteHangsInsideWords: true,
            spacesAlwaysHangInsideWords: false,
            // Pango breaks an item between characters only when it has two or
            // more: a lone wide cluster of an item of its own (an emoji; the spaces
            // after it are in the next item) keeps its spaces on its line.
            keepsLoneClusterWithItsSpaces: true,
            invisibleClustersDrawNothing: false,
            reshapesLineEdges: false,
            // A line is its runs' logical rectangles only.
            spanBoxIncludesPrimaryFace: false,
            revisesClampedLines: true,
            hardBreakLendsItsRunsBox: false,
            // Pango gives a space no font of its own (`itemize_state_process_run`):
            // it takes the face of its item, which an attribute's run starts and
            // ends (`שירה כהן` in bold draws its space in Noto Sans Hebrew, 4.59 pt
            // at 17 pt, not Noto Sans's 4.42), but scripts and bidi levels are the
            // paragraph's.
            spacesTakeTheirRunsFaces: true
        )
    }
}
