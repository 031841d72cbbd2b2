import CHarfBuzz

extension ChromiumRules {
    /// Chromium's constants and flags, one row each (``RendererTraits``).
    static var traits: RendererTraits {
        RendererTraits(
            // Yes: Blink applies the device pixel ratio as a zoom of the page
            // (`--force-device-scale-factor`, `window.devicePixelRatio`), so fonts
            // are sized, their metrics rounded and lines fitted in device pixels,
            // and `LayoutUnit`s are 1/64 of a device pixel.
            laysOutInDevicePixels: true,
            // A lone CR is an invisible character and the separators are ordinary
            // break opportunities.
            breaksAtEveryLineSeparator: false,
            // No line for empty text nor for the empty paragraph after a final
            // hard break.
            laysOutEmptyParagraphs: false,
            // 1/65536 point, as Chromium configures HarfBuzz; sizes floored to
            // 1/100 px (`FontDescription::EffectiveFontSize`); advances from
            // FreeType through Skia, and a color face's from its bitmap strike.
            fontScaling: FontScaling(unitsPerPoint: 65536, floorsSizeToHundredths: true, advancesFromFreeType: true),
            faceMatching: .css,
            // HarfBuzz's default.
            clusterLevel: HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES,
            // `ShapeResultSpacing::ComputeSpacing` skips what
            // `Character::TreatAsZeroWidthSpace` names.
            lettersSpaceInvisibleCharacters: false,
            // `Character::TreatAsSpace`: U+0020 and U+00A0 (tabs keep their stops);
            // a space at the very start of the text gets none in Blink, here it
            // does (wider, so never short).
            addsWordSpacing: true,
            allTrailingSpacesHang: true,
            drawsHyphensAtSoftHyphens: true,
            // Measured: `\u{2028}` alone is 3.90625 px in Noto Sans 15 px, its
            // space's width; `a\u{2028}b` is as wide as `a b`.
            drawsSeparatorsAsSpaces: true,
            tabStopMinimumGap: 0.5,
            tabStopsCountSpacing: true,
            countsSpaceKerning: true,
            // Blink's `LayoutUnit`, 1/64 point.
            widthGrid: 64,
            lineWidthsCountParagraphEndWhite: false,
            whiteSegmentsHang: false,
            anyWhiteHangsInsideWords: false,
            spacesAlwaysHangInsideWords: true,
            keepsLoneClusterWithItsSpaces: false,
            // Blink gives a HarfBuzz cluster's advance to the last grapheme cluster
            // in it (see `SegmentShaper.graphemes`): a cluster without advance may
            // still draw.
            invisibleClustersDrawNothing: true,
            reshapesLineEdges: true,
            // An inline box's metrics are its font's (and the faces its text uses).
            spanBoxIncludesPrimaryFace: true,
            // `-webkit-line-clamp` keeps the line's box as it is (its ellipsis is
            // in the primary face, whose strut every line has anyway).
            revisesClampedLines: false,
            // Blink: a span's open tag comes before the forced break it starts
            // with, so its inline box opens on the line that break ends and, in
            // standards mode, unites its font's metrics (with its line height) with
            // that line's (`InlineBoxState::ComputeTextMetrics` at `OnOpenTag`):
            // `Hello` + `\nWorld` at 30 px in a Noto Sans 15 px block is 41 + 41 px.
            hardBreakLendsItsRunsBox: true,
            spacesTakeTheirRunsFaces: false
        )
    }
}
