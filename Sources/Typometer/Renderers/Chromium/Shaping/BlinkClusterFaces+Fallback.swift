import CHarfBuzz
/// Blink's font fallback runs (see ``BlinkFallbackRun``).
extension BlinkClusterFaces {
    /// Whether Blink keeps `scalars` in a run of `script` (an `hb_script_t`
    /// raw value, 0 for none yet): characters of that script, and those of
    /// no script of their own whose Script_Extensions include it. Any other
    /// starts a run of its own, which asks for faces afresh.
    private static func staysInRun(_ scalars: [UInt32], script: UInt32) -> Bool {
        guard script != 0 else { return false }
        return scalars.allSatisfy { scalar in
            let own = ScalarProperties.script(of: scalar)
            if own.rawValue == script { return true }
            guard own == HB_SCRIPT_COMMON || own == HB_SCRIPT_INHERITED else { return false }
            return ICU.scriptExtensions(of: scalar, include: script)
        }
    }

    /// Gives each hole (a cluster with a fallback face, in order) the first
    /// face Blink tried in its run that has the characters the primary face
    /// lacks, or else its own fallback face, which the run then tries next,
    /// unless a cluster no face has (in `missing`) came first in the run: then
    /// the primary face (see ``BlinkFallbackRun``). The clusters' scripts
    /// are their own, their levels resolved over the segment alone;
    /// `followingLevel` is the level of the first strong character after
    /// it. Returns the run after the segment.
    static func resolveFallback(
        _ clusters: inout SegmentClusters, holes: [Int], missing: [Int], followingLevel: UInt8,
        run start: BlinkFallbackRun, registry: FaceRegistry
    ) -> BlinkFallbackRun {
        let levels = clusters.levels
        let starts = clusters.starts
        var run = start
        var nextHole = 0
        var nextMissing = 0
        var scalars: [UInt32] = []
        scalars.reserveCapacity(8)
        // Each cluster's bidi level: a strong character's own; a neutral
        // one's is the run's between strong characters of that level, else
        // the paragraph's (0), as the paragraph's bidi pass would give it.
        let clusterCount = clusters.count
        var strongLevel = [Int16](filled: -1, count: clusterCount)
        var nextStrong = [UInt8](filled: followingLevel, count: clusterCount)
        let bidi = run.level != 0 || followingLevel != 0 || levels.contains { $0 != 0 }
        if bidi {
            var following = followingLevel
            for cluster in (0..<clusterCount).reversed() {
                nextStrong[cluster] = following
                let range = clusters.starts[cluster]..<clusters.end(of: cluster)
                if TextScanning.firstScalar(in: clusters.segment, range, where: { ScalarProperties($0).isBidiStrong }) != nil {
                    strongLevel[cluster] = Int16(levels[starts[cluster]])
                    following = levels[starts[cluster]]
                }
            }
        }
        let primary = registry.primary.face
        // The face of the run's first tried face, looked up once per run.
        var lastTried: (index: UInt16, face: FontFace)?
        func triedFace(_ index: UInt16) -> FontFace {
            if let lastTried, lastTried.index == index { return lastTried.face }
            let face = registry.font(at: Int(index)).face
            lastTried = (index, face)
            return face
        }
        for cluster in 0..<clusterCount {
            if bidi {
                let level = strongLevel[cluster] >= 0
                    ? UInt8(strongLevel[cluster]) : (nextStrong[cluster] == run.level ? run.level : 0)
                if level != run.level { run = BlinkFallbackRun(level: level) }
            }
            if clusters.isEmoji[cluster] {
                run = BlinkFallbackRun(level: run.level)
                continue
            }
            let script = clusters.scripts[cluster]
            if script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN {
                run.continue(first: script.rawValue, last: script.rawValue)
            }
            if nextMissing < missing.count, missing[nextMissing] == cluster {
                nextMissing += 1
                run.outOfLuck = true
            }
            let isHole = nextHole < holes.count && holes[nextHole] == cluster
            guard isHole || run.outOfLuck else { continue }
            clusters.decode(cluster, into: &scalars)
            // A closing bracket takes its opener's script in Blink's runs,
            // which may start a new run: assume it does (errs tall).
            if let first = scalars.first, PairedBrackets.isClosing(first) { run.outOfLuck = false }
            guard isHole else { continue }
            nextHole += 1
            // The first face tried that has every visible character the
            // primary face lacks (the face asked first: it mostly has them).
            if let tried = run.faces.first(where: { index in
                let face = triedFace(index)
                return scalars.allSatisfy { FontSelector.isInvisible($0) || face.covers($0) || primary.covers($0) }
            }) {
                clusters.faces[cluster] = Int(tried)
            } else if run.outOfLuck, staysInRun(scalars, script: run.script) {
                clusters.faces[cluster] = registry.index(of: registry.primary.face)
            } else {
                // Blink asks about the first character of the holes left
                // that has a script of its own (`ChooseHintIndex`): a
                // punctuation mark before it takes that character's face
                // when the face has it (`（竖` in 竖's face, `（水` in 水's).
                if !scalars.contains(where: hasDefiniteScript),
                   let hinted = hintedFace(after: cluster, in: clusters, holes: holes[nextHole...], run: run,
                                           registry: registry),
                   scalars.allSatisfy({ FontSelector.isInvisible($0) || registry.font(at: hinted).face.covers($0) }) {
                    clusters.faces[cluster] = hinted
                }
                if let own = UInt16(exactly: clusters.faces[cluster]), !run.faces.contains(own) {
                    run.faces.append(own)
                }
            }
        }
        return run
    }

    /// Whether `scalar` has a script of its own (not Common or Inherited).
    private static func hasDefiniteScript(_ scalar: UInt32) -> Bool {
        let script = ScalarProperties.script(of: scalar)
        return script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN
    }

    /// The fallback face of the first hole after `cluster`, in its run
    /// (up to a character of another script than the run's, a bidi level
    /// change or an emoji), that no face of the run has and whose characters have a
    /// script of their own: what Blink asks for when the run's next hole
    /// starts with punctuation.
    private static func hintedFace(
        after cluster: Int, in clusters: SegmentClusters, holes: ArraySlice<Int>, run: BlinkFallbackRun,
        registry: FaceRegistry
    ) -> Int? {
        let primary = registry.primary.face
        var scalars: [UInt32] = []
        let level = clusters.levels[clusters.starts[cluster]]
        // Punctuation stays in the run before it, an opening bracket goes
        // with the text after it.
        clusters.decode(cluster, into: &scalars)
        let opens = scalars.first.map { PairedBrackets.index(of: $0).map { $0 & 1 == 0 } ?? false } ?? false
        var script = run.script == 0 || opens ? nil : Optional(hb_script_t(rawValue: run.script))
        var nextHole = holes.startIndex
        for next in cluster + 1..<clusters.count {
            guard !clusters.isEmoji[next], clusters.levels[clusters.starts[next]] == level else { return nil }
            clusters.decode(next, into: &scalars)
            if let own = scalars.first(where: hasDefiniteScript).map(ScalarProperties.script(of:)) {
                if let script, script != own { return nil }
                script = own
            }
            while nextHole < holes.endIndex, holes[nextHole] < next { nextHole += 1 }
            guard nextHole < holes.endIndex, holes[nextHole] == next, script != nil else { continue }
            let tried = run.faces.contains { index in
                let face = registry.font(at: Int(index)).face
                return scalars.allSatisfy { FontSelector.isInvisible($0) || primary.covers($0) || face.covers($0) }
            }
            if !tried, scalars.contains(where: hasDefiniteScript) { return clusters.faces[next] }
        }
        return nil
    }
}
