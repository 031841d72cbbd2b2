extension TextMeasurer {
    /// `width` points in the measurer's units (``deviceStyle``): as Blink
    /// zooms a CSS length, times the device scale in single precision.
    @inline(__always)
    func deviceWidth(_ width: Double) -> Double {
        deviceScale == 1 ? width : TextStyle.zoomed(width, by: deviceScale)
    }

    /// `length` in the measurer's units as points.
    @inline(__always)
    func points(_ length: Double) -> Double {
        deviceScale == 1 ? length : length / deviceScale
    }

    /// `lines` measured in the measurer's units, in points.
    func pointLines(_ lines: [MeasuredLine]) -> [MeasuredLine] {
        guard deviceScale != 1 else { return lines }
        return lines.map { line in
            MeasuredLine(range: line.range, utf16Range: line.utf16Range, width: points(line.width),
                         height: points(line.height))
        }
    }

    /// `size` measured in the measurer's units, in points.
    func pointSize(_ size: TextSize) -> TextSize {
        guard deviceScale != 1 else { return size }
        return TextSize(width: points(size.width), height: points(size.height), lineCount: size.lineCount)
    }

    /// `lines` shaped in the measurer's units, in points: their metrics and
    /// every glyph's advance and offsets, and each run's size.
    func pointLines(_ lines: [ShapedLine]) -> [ShapedLine] {
        guard deviceScale != 1 else { return lines }
        return lines.map { line in
            ShapedLine(
                utf16Range: line.utf16Range, width: points(line.width), height: points(line.height),
                baseline: points(line.baseline), isRightToLeft: line.isRightToLeft,
                runs: line.runs.map { run in
                    ShapedRun(
                        face: run.face, size: points(run.size), isRightToLeft: run.isRightToLeft,
                        utf16Range: run.utf16Range,
                        glyphs: run.glyphs.map { glyph in
                            ShapedGlyph(id: glyph.id, advance: points(glyph.advance), xOffset: points(glyph.xOffset),
                                        yOffset: points(glyph.yOffset), cluster: glyph.cluster)
                        })
                })
        }
    }
}
