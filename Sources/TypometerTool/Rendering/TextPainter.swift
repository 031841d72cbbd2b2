import CHarfBuzz
import Typometer

/// Draws lines of text in one style: the measurer's primary face, and for
/// characters it lacks the first face of the font set that has them (the
/// set's fallback order), each run shaped with HarfBuzz and drawn with
/// FreeType's anti-aliased outlines.
///
/// Simplifications, stated in `typometer render --help`: color emoji are
/// drawn as boxes of their advance; runs are placed left to right in
/// logical order (a right-to-left run is shaped right to left, but a line
/// mixing directions is not reordered); missing glyphs are orange boxes.
/// Coordinates are points scaled by ``scale`` into pixels. Not thread-safe.
final class TextPainter {
    let scale: Double
    private let primary: RasterFace
    private let candidates: [FontFace]
    private var loaded: [Int: RasterFace] = [:]
    private var faceForScalar: [UInt32: RasterFace] = [:]
    private let buffer = hb_buffer_create()

    /// - Throws: ``RenderError`` when the primary face cannot be loaded.
    init(measurer: TextMeasurer, scale: Double) throws(RenderError) {
        self.scale = scale
        let size = measurer.style.size * scale
        primary = try RasterFace(path: measurer.primaryFace.path, index: measurer.primaryFace.index, pixelSize: size)
        let fontSet = measurer.fontSet
        candidates = fontSet.families.compactMap { try? fontSet.face(family: $0) }
    }

    deinit { hb_buffer_destroy(buffer) }

    /// Distance from a line box's top to its baseline, in points: half the
    /// leading above the primary face's ascent, as CSS places it.
    func baselineOffset(lineHeight: Double) -> Double {
        let content = (primary.ascent + primary.descent) / scale
        return (lineHeight - content) / 2 + primary.ascent / scale
    }

    /// Draws `text` (one line, no breaks) with its baseline at (`x`, `baseline`)
    /// in points and returns the advance drawn, in points.
    @discardableResult
    func draw(_ text: Substring, x: Double, baseline: Double, color: Color = .text, on canvas: inout Canvas) -> Double {
        let units = Array(text.utf16)
        var pen = x * scale
        let baselinePixels = (baseline * scale).rounded()
        for run in runs(of: text) {
            hb_buffer_clear_contents(buffer)
            units.withUnsafeBufferPointer { units in
                hb_buffer_add_utf16(buffer, units.baseAddress, Int32(units.count), UInt32(run.units.lowerBound),
                                    Int32(run.units.count))
            }
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(run.face.font, buffer, nil, 0)
            var count: UInt32 = 0
            let infos = hb_buffer_get_glyph_infos(buffer, &count)!
            let positions = hb_buffer_get_glyph_positions(buffer, &count)!
            for glyph in 0..<Int(count) {
                let advance = Double(positions[glyph].x_advance) / 64
                if run.face.isColorBitmap || infos[glyph].codepoint == 0 {
                    let top = Int(baselinePixels - run.face.ascent)
                    canvas.stroke(x: Int(pen.rounded()) + 1, y: top, width: max(Int(advance) - 2, 2),
                                  height: Int(run.face.ascent + run.face.descent),
                                  color: run.face.isColorBitmap ? .label : .missingGlyph)
                } else {
                    let bitmap = run.face.bitmap(for: infos[glyph].codepoint)
                    let left = Int((pen + Double(positions[glyph].x_offset) / 64).rounded()) + bitmap.left
                    let top = Int(baselinePixels - (Double(positions[glyph].y_offset) / 64).rounded()) - bitmap.top
                    for row in 0..<bitmap.rows {
                        for column in 0..<bitmap.width {
                            canvas.blend(left + column, top + row, color, coverage: bitmap.coverage[row * bitmap.width + column])
                        }
                    }
                }
                pen += advance
            }
        }
        return pen / scale - x
    }

    /// The text cut into runs of one face each, as UTF-16 ranges.
    private func runs(of text: Substring) -> [(face: RasterFace, units: Range<Int>)] {
        var runs: [(face: RasterFace, units: Range<Int>)] = []
        var offset = 0
        for character in text {
            let length = character.utf16.count
            let face = self.face(for: character)
            if let last = runs.last, last.face === face {
                runs[runs.count - 1].units = last.units.lowerBound..<(offset + length)
            } else {
                runs.append((face, offset..<(offset + length)))
            }
            offset += length
        }
        return runs
    }

    /// The face that draws a grapheme cluster: a color face for emoji
    /// presentation, else the primary face when it has the first scalar,
    /// else the first face of the set that has it.
    private func face(for character: Character) -> RasterFace {
        guard let scalar = character.unicodeScalars.first else { return primary }
        let wantsEmoji = scalar.properties.isEmojiPresentation || character.unicodeScalars.contains("\u{FE0F}")
        if !wantsEmoji, primary.hasGlyph(for: scalar) || scalar.properties.isWhitespace { return primary }
        let key = scalar.value | (wantsEmoji ? 0x8000_0000 : 0)
        if let face = faceForScalar[key] { return face }
        var chosen = primary
        for (index, candidate) in candidates.enumerated() {
            guard let face = load(index, candidate), face.hasGlyph(for: scalar) else { continue }
            if wantsEmoji && !face.isColorBitmap { continue }
            chosen = face
            break
        }
        if wantsEmoji, chosen === primary, !primary.hasGlyph(for: scalar) {
            chosen = candidates.indices.lazy.compactMap { self.load($0, self.candidates[$0]) }
                .first { $0.hasGlyph(for: scalar) } ?? primary
        }
        faceForScalar[key] = chosen
        return chosen
    }

    private func load(_ index: Int, _ candidate: FontFace) -> RasterFace? {
        if let face = loaded[index] { return face }
        if candidate.path == primary.path && candidate.index == primary.index { return primary }
        let face = try? RasterFace(path: candidate.path, index: candidate.index, pixelSize: primary.pixelSize)
        loaded[index] = face
        return face
    }
}
