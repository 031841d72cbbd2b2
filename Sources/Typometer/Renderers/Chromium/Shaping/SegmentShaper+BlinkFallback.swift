import CHarfBuzz
import CICUShim

/// Blink's font fallback runs (see ``BlinkFallbackRun``).
extension SegmentShaper {
    /// Whether Blink keeps `scalars` in a run of `script` (an `hb_script_t`
    /// raw value, 0 for none yet): characters of that script, and those of
    /// no script of their own whose Script_Extensions include it. Any other
    /// starts a run of its own, which asks for faces afresh.
    func staysInRun(_ scalars: [UInt32], script: UInt32) -> Bool {
        guard script != 0 else { return false }
        return scalars.allSatisfy { scalar in
            let own = ScalarProperties.script(of: scalar)
            if own.rawValue == script { return true }
            guard own == HB_SCRIPT_COMMON || own == HB_SCRIPT_INHERITED else { return false }
            return tm_script_extensions_include(scalar, script) == 1
        }
    }

    /// Gives each hole (a cluster with a fallback face, in order) the first
    /// face Blink tried in its run that has the characters the primary face
    /// lacks, or else its own fallback face, which the run then tries next,
    /// unless a cluster no face has (in `missing`) came first in the run: then
    /// the primary face (see ``BlinkFallbackRun``). `scripts` are the clusters' own scripts,
    /// `levels` the units' bidi levels (resolved over the segment alone) and
    /// `followingLevel` the level of the first strong character after it;
    /// returns the run after the segment.
    func resolveBlinkFallback(
        _ faces: inout [Int], holes: [Int], missing: [Int], scripts: [hb_script_t], levels: [UInt8], followingLevel: UInt8,
        isEmoji: [Bool], starts: [Int], segment: UnsafeBufferPointer<UInt16>, run start: BlinkFallbackRun
    ) -> BlinkFallbackRun {
        var run = start
        var nextHole = 0
        var nextMissing = 0
        var scalars: [UInt32] = []
        scalars.reserveCapacity(8)
        // Each cluster's bidi level: a strong character's own; a neutral
        // one's is the run's between strong characters of that level, else
        // the paragraph's (0), as the paragraph's bidi pass would give it.
        let clusterCount = faces.count
        var strongLevel = [Int16](repeating: -1, count: clusterCount)
        var nextStrong = [UInt8](repeating: followingLevel, count: clusterCount)
        let bidi = run.level != 0 || followingLevel != 0 || levels.contains { $0 != 0 }
        if bidi {
            var following = followingLevel
            for cluster in (0..<clusterCount).reversed() {
                nextStrong[cluster] = following
                let end = cluster + 1 < clusterCount ? starts[cluster + 1] : segment.count
                scalars.removeAll(keepingCapacity: true)
                TextScanning.decode(segment, starts[cluster]..<end, into: &scalars)
                if scalars.contains(where: { ScalarProperties($0).isBidiStrong }) {
                    strongLevel[cluster] = Int16(levels[starts[cluster]])
                    following = levels[starts[cluster]]
                }
            }
        }
        for cluster in faces.indices {
            if bidi {
                let level = strongLevel[cluster] >= 0
                    ? UInt8(strongLevel[cluster]) : (nextStrong[cluster] == run.level ? run.level : 0)
                if level != run.level { run = BlinkFallbackRun(level: level) }
            }
            if isEmoji[cluster] {
                run = BlinkFallbackRun(level: run.level)
                continue
            }
            let script = scripts[cluster]
            if script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN {
                run.continue(first: script.rawValue, last: script.rawValue)
            }
            if nextMissing < missing.count, missing[nextMissing] == cluster {
                nextMissing += 1
                run.outOfLuck = true
            }
            let isHole = nextHole < holes.count && holes[nextHole] == cluster
            guard isHole || run.outOfLuck else { continue }
            scalars.removeAll(keepingCapacity: true)
            TextScanning.decode(
                segment, starts[cluster]..<(cluster + 1 < starts.count ? starts[cluster + 1] : segment.count),
                into: &scalars)
            // A closing bracket takes its opener's script in Blink's runs,
            // which may start a new run: assume it does (errs tall).
            if let first = scalars.first, PairedBrackets.isClosing(first) { run.outOfLuck = false }
            guard isHole else { continue }
            nextHole += 1
            // The first face tried that has every visible character the
            // primary face lacks.
            let primary = registry.primary.face
            if let tried = run.faces.first(where: { index in
                let face = registry.font(at: Int(index)).face
                return scalars.allSatisfy { FontSelector.isInvisible($0) || primary.covers($0) || face.covers($0) }
            }) {
                faces[cluster] = Int(tried)
            } else if run.outOfLuck, staysInRun(scalars, script: run.script) {
                faces[cluster] = registry.index(of: registry.primary.face)
            } else if let own = UInt16(exactly: faces[cluster]), !run.faces.contains(own) {
                run.faces.append(own)
            }
        }
        return run
    }
}
