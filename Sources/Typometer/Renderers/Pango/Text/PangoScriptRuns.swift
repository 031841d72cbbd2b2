import CHarfBuzz

/// Pango's script runs (`pango-script.c`, from ICU): characters of no script
/// of their own (Common, Inherited) join the run they are in, and a closing
/// bracket takes the script of the run its opening bracket was in, which can
/// start a new run (`(「左」` leaves the Han run at `」`).
enum PangoScriptRuns {
    /// Replaces each cluster's own script in `scripts` (Common when it has
    /// none) by the script of its run; `firstScalars` are the clusters' first
    /// characters, `preceding` the run script in effect before them. Clusters
    /// left Common belong to a run with no script yet.
    static func resolve(_ scripts: inout [hb_script_t], firstScalars: [UInt32], preceding: hb_script_t?) {
        var run = preceding ?? HB_SCRIPT_COMMON
        var runStart = 0
        var stack: [(pair: Int, script: hb_script_t)] = []
        var stackAtRunStart = 0
        for cluster in scripts.indices {
            var script = scripts[cluster]
            var pair = -1
            if script == HB_SCRIPT_COMMON, let index = pairIndex(of: firstScalars[cluster]) {
                pair = index
                if pair & 1 == 0 {
                    stack.append((pair, run))
                } else if let match = stack.lastIndex(where: { $0.pair == pair & ~1 }) {
                    stack.removeSubrange((match + 1)...)
                    stackAtRunStart = min(stackAtRunStart, stack.count)
                    script = stack[match].script
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
            if pair >= 0, pair & 1 == 1, let last = stack.last, last.pair == pair & ~1 { stack.removeLast() }
            scripts[cluster] = run
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
        resolve(&scripts, firstScalars: scalars, preceding: nil)
        return scripts.last ?? HB_SCRIPT_COMMON
    }

    /// Whether `scalar` closes a bracket pair Pango tracks.
    static func isClosingBracket(_ scalar: UInt32) -> Bool { pairIndex(of: scalar).map { $0 & 1 == 1 } ?? false }

    private static func isReal(_ script: hb_script_t) -> Bool {
        script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN
    }

    /// The index of `scalar` in Pango's table of paired characters: even for
    /// an opening one, odd for the closing one after it.
    private static func pairIndex(of scalar: UInt32) -> Int? {
        guard let index = pairs.firstIndex(of: scalar) else { return nil }
        return index
    }

    private static let pairs: [UInt32] = [
        0x0028, 0x0029, 0x003C, 0x003E, 0x005B, 0x005D, 0x007B, 0x007D, 0x00AB, 0x00BB, 0x0F3A, 0x0F3B,
        0x0F3C, 0x0F3D, 0x169B, 0x169C, 0x2018, 0x2019, 0x201C, 0x201D, 0x2039, 0x203A, 0x2045, 0x2046,
        0x207D, 0x207E, 0x208D, 0x208E, 0x27E6, 0x27E7, 0x27E8, 0x27E9, 0x27EA, 0x27EB, 0x27EC, 0x27ED,
        0x27EE, 0x27EF, 0x2983, 0x2984, 0x2985, 0x2986, 0x2987, 0x2988, 0x2989, 0x298A, 0x298B, 0x298C,
        0x298D, 0x298E, 0x298F, 0x2990, 0x2991, 0x2992, 0x2993, 0x2994, 0x2995, 0x2996, 0x2997, 0x2998,
        0x29FC, 0x29FD, 0x2E02, 0x2E03, 0x2E04, 0x2E05, 0x2E09, 0x2E0A, 0x2E0C, 0x2E0D, 0x2E1C, 0x2E1D,
        0x2E20, 0x2E21, 0x2E22, 0x2E23, 0x2E24, 0x2E25, 0x2E26, 0x2E27, 0x2E28, 0x2E29, 0x3008, 0x3009,
        0x300A, 0x300B, 0x300C, 0x300D, 0x300E, 0x300F, 0x3010, 0x3011, 0x3014, 0x3015, 0x3016, 0x3017,
        0x3018, 0x3019, 0x301A, 0x301B, 0xFE59, 0xFE5A, 0xFE5B, 0xFE5C, 0xFE5D, 0xFE5E, 0xFF08, 0xFF09,
        0xFF3B, 0xFF3D, 0xFF5B, 0xFF5D, 0xFF5F, 0xFF60, 0xFF62, 0xFF63,
    ]
}
