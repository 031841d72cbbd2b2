import CHarfBuzz

/// A segment's grapheme clusters while their faces are chosen: what
/// ``SegmentShaper`` finds for every renderer, and the faces, scripts and
/// measures the renderer's ``ClusterFaceRules`` fill in.
struct SegmentClusters {
    /// The segment's code units.
    let segment: UTF16Text
    /// Whether every unit is ASCII (one cluster per unit).
    let isASCII: Bool
    /// Start offset of each cluster, relative to the segment.
    let starts: [Int]
    /// Registry index of each cluster's face (``FaceRegistry``); -1 where
    /// the renderer leaves it open until the clusters around are known.
    var faces: [Int]
    /// Each cluster's script (its first character's of a script of its
    /// own; `HB_SCRIPT_COMMON` until resolved).
    var scripts: [hb_script_t]
    /// Whether each cluster is a breakable space, a tab, drawn as nothing,
    /// presented as emoji.
    var isSpace: [Bool]
    var isTab: [Bool]
    var isInvisible: [Bool]
    var isEmoji: [Bool]
    /// The bidi level of each code unit.
    var levels: [UInt8]
    /// Each cluster's advance in points and the face bits it puts on its line,
    /// once shaped.
    var advances: [Double] = []
    var faceBits: [UInt64] = []
    /// Bits a line starting at each cluster adds to its face mask (empty
    /// when the renderer adds none).
    var lineStartBits: [UInt64] = []

    /// The face last set and its index: neighbouring clusters mostly share
    /// a face, registered once.
    private var lastFace: (face: FontFace, index: Int)?

    /// `segment` cut at `starts`, nothing chosen or measured yet.
    init(segment: UTF16Text, isASCII: Bool, starts: [Int]) {
        self.segment = segment
        self.isASCII = isASCII
        self.starts = starts
        let count = starts.count
        faces = [Int](filled: 0, count: count)
        scripts = [hb_script_t](filled: HB_SCRIPT_COMMON, count: count)
        isSpace = [Bool](filled: false, count: count)
        isTab = isSpace
        isInvisible = isSpace
        isEmoji = isSpace
        levels = [UInt8](filled: 0, count: segment.count)
    }

    var count: Int { starts.count }

    /// Draws cluster `index` in `face`, registered in `registry`.
    mutating func setFace(_ face: FontFace, ofCluster index: Int, registry: FaceRegistry) {
        if let lastFace, lastFace.face === face {
            faces[index] = lastFace.index
            return
        }
        let faceIndex = registry.index(of: face)
        lastFace = (face, faceIndex)
        faces[index] = faceIndex
    }

    /// Where cluster `index` ends, relative to the segment.
    func end(of index: Int) -> Int { index + 1 < starts.count ? starts[index + 1] : segment.count }

    /// Replaces `scalars` with the scalars of cluster `index`.
    func decode(_ index: Int, into scalars: inout [UInt32]) {
        scalars.removeAll(keepingCapacity: true)
        TextScanning.decode(segment, starts[index]..<end(of: index), into: &scalars)
    }

    /// Gives Common and Inherited clusters the script before them, or the
    /// first real script after them at the start (``ScriptRuns/fillUnresolved(_:)``).
    mutating func fillUnresolvedScripts() {
        ScriptRuns.fillUnresolved(&scripts)
    }
}
