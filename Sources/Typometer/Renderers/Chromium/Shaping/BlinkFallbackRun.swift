import CHarfBuzz

/// The fallback faces Blink has tried so far in a run of one script and
/// bidi level (a `RunSegmenter` segment of an inline item; a script or level
/// change or an emoji ends it).
///
/// Blink shapes all the holes of a run (clusters the primary face lacks)
/// with the fallback face of the first hole's character, then what is still
/// missing with the face of the first character still missing, and so on.
/// A later hole so takes the first of those faces that has its characters,
/// not its own first choice: in a large font set a Tamil letter may rank
/// Noto Sans Grantha first and a danda Noto Sans Takri, yet both are drawn
/// from the Tamil or Devanagari face the run started with.
///
/// When no face has the character Blink asks about, it is out of luck for
/// the rest of the run: it asks no more, and later holes that no face tried
/// has keep the primary face's `.notdef`. So a danda in a run of Bengali no
/// face draws stays with it, though Noto Sans Devanagari has the danda.
///
/// The run goes on across words, so the word cache keys a chunk with
/// holes by the run it continues and keeps the run it leaves.
struct BlinkFallbackRun: Hashable, Sendable {
    /// The run's script (an `hb_script_t` raw value); 0 while the run has
    /// held only characters of no script of their own.
    var script: UInt32 = 0
    /// Registry indices of the faces tried, in the order Blink tried them.
    var faces: [UInt16] = []
    /// The run's bidi level.
    var level: UInt8 = 0
    /// A character of the run had no face: Blink asks for no more faces.
    var outOfLuck = false

    /// Whether the run tells nothing a later chunk depends on.
    var isEmpty: Bool { faces.isEmpty && level == 0 && !outOfLuck }

    /// The run after text that has no hole, whose first and last characters
    /// of a script of their own are in `first` and `last` (0 when it has
    /// none): characters of no script go on with the run, and the faces
    /// tried matter no more once the script changes.
    func continued(first: UInt32, last: UInt32) -> BlinkFallbackRun {
        var run = self
        run.continue(first: first, last: last)
        return run
    }

    /// ``continued(first:last:)`` in place (the faces tried are kept
    /// without copying them when the script goes on).
    mutating func `continue`(first: UInt32, last: UInt32) {
        guard first != 0 else { return }
        if (script == 0 || script == first) && last == first {
            script = first
        } else {
            self = BlinkFallbackRun(script: last, level: level)
        }
    }

    /// The run after `text`, simple Latin text (left to right, no
    /// surrogates) without holes.
    func continued(byText text: UTF16Text) -> BlinkFallbackRun {
        func script(_ unit: UInt16) -> UInt32 {
            let script = ScalarProperties.script(of: UInt32(unit))
            return script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
                ? 0 : script.rawValue
        }
        let first: UInt32 = text.lazy.map(script).first(where: { $0 != 0 }) ?? 0
        let last: UInt32 = text.reversed().lazy.map(script).first(where: { $0 != 0 }) ?? 0
        guard level == 0 || first == 0 else { return BlinkFallbackRun(script: last) }
        return continued(first: first, last: last)
    }
}
