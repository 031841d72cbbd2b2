import CHarfBuzz

/// Script runs as ICU's script run code finds them, which both renderers
/// carry (Pango's `pango-script.c`, Blink's `ScriptRunIterator`):
/// characters of no script of their own (Common, Inherited) join the run
/// they are in, and a closing bracket takes the script of the run its
/// opening bracket was in, which can start a new run (`(「左」` leaves the
/// Han run at `」`; in `изменений (diff)` the `)` is Cyrillic, so no
/// kerning joins it to the `f`).
enum ScriptRuns {
    /// A paired bracket: the number of its pair (the same for the opening
    /// and the closing bracket) and whether it closes it.
    struct Bracket {
        var pair: Int
        var closes: Bool
    }

    /// Replaces each cluster's own script in `scripts` (Common when it has
    /// none) by the script of its run; `firstScalars` are the clusters' first
    /// characters, `preceding` the run script in effect before them,
    /// `bracket` what the renderer pairs (``PairedBrackets``). Clusters
    /// left Common belong to a run with no script yet.
    ///
    /// With `extensions` (Blink's `ScriptRunIterator`, not Pango's), a
    /// character of no script whose Script_Extensions leave out the run's
    /// script starts a run of its own, which the next character of a script
    /// of its own continues when its script is among them, else ends: `、“`
    /// after Latin text is such a run, so the `“` does not kern with the
    /// `v` of `vertical` after it. Until then the run takes the first of
    /// its extensions.
    static func resolve(
        _ scripts: inout [hb_script_t], firstScalars: [UInt32], preceding: hb_script_t?,
        bracket: (UInt32) -> Bracket?, extensions: Bool = false
    ) {
        var run = preceding ?? HB_SCRIPT_COMMON
        var runStart = 0
        var stack: [(pair: Int, script: hb_script_t)] = []
        var stackAtRunStart = 0
        // The character whose extensions the open run takes its script from.
        var extended: UInt32?
        for cluster in scripts.indices {
            var script = scripts[cluster]
            var closing: Int?
            let scalar = firstScalars[cluster]
            if script == HB_SCRIPT_COMMON, let found = bracket(scalar) {
                if !found.closes {
                    stack.append((found.pair, run))
                } else if let match = stack.lastIndex(where: { $0.pair == found.pair }) {
                    stack.removeSubrange((match + 1)...)
                    stackAtRunStart = min(stackAtRunStart, stack.count)
                    script = stack[match].script
                    closing = found.pair
                }
            }
            if extensions, closing == nil, script == HB_SCRIPT_COMMON, scalar >= 0x80,
               ScalarProperties(scalar).hasScriptExtensions,
               !(isReal(run) && ICU.scriptExtensions(of: scalar, include: run.rawValue)),
               let first = ICU.firstScriptExtension(of: scalar) {
                if isReal(run) {
                    runStart = cluster
                    stackAtRunStart = stack.count
                }
                run = hb_script_t(rawValue: first)
                extended = scalar
                for earlier in runStart..<cluster { scripts[earlier] = run }
                scripts[cluster] = run
                continue
            }
            if let character = extended, isReal(script), script != run {
                extended = nil
                if ICU.scriptExtensions(of: character, include: script.rawValue) {
                    run = script
                    for earlier in runStart..<cluster { scripts[earlier] = script }
                }
            }
            if !isReal(run) || !isReal(script) || run == script {
                if !isReal(run) && isReal(script) {
                    run = script
                    for earlier in runStart..<cluster { scripts[earlier] = script }
                    for entry in stackAtRunStart..<stack.count where !isReal(stack[entry].script) {
                        stack[entry].script = script
                    }
                }
            } else {
                run = script
                runStart = cluster
                stackAtRunStart = stack.count
            }
            if let closing, let last = stack.last, last.pair == closing { stack.removeLast() }
            scripts[cluster] = run
        }
    }

    /// Gives the clusters ``resolve(_:firstScalars:preceding:bracket:extensions:)``
    /// left Common the script before them, or the first real script after
    /// them at the start; text with no script of its own (digits,
    /// punctuation) is shaped as Latin.
    static func fillUnresolved(_ scripts: inout [hb_script_t]) {
        guard let firstSet = scripts.firstIndex(where: { $0 != HB_SCRIPT_COMMON }) else {
            scripts = scripts.map { _ in HB_SCRIPT_LATIN }
            return
        }
        for index in 0..<firstSet { scripts[index] = scripts[firstSet] }
        for index in firstSet..<scripts.count where scripts[index] == HB_SCRIPT_COMMON {
            scripts[index] = scripts[index - 1]
        }
    }

    /// The script of the run in effect after `scalars` (a stretch of a
    /// paragraph from its start or far enough back), Common when none has
    /// begun.
    static func runScript(after scalars: [UInt32]) -> hb_script_t {
        var scripts = scalars.map { scalar -> hb_script_t in
            let script = ScalarProperties.script(of: scalar)
            return isReal(script) ? script : HB_SCRIPT_COMMON
        }
        resolve(&scripts, firstScalars: scalars, preceding: nil, bracket: PairedBrackets.pairedCharacter)
        return scripts.last ?? HB_SCRIPT_COMMON
    }

    private static func isReal(_ script: hb_script_t) -> Bool {
        script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN
    }
}
