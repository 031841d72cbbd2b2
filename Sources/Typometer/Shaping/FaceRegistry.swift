/// The sized faces one measurer has used, numbered in order of first use so
/// a set of them fits in a 64-bit mask. Index 0 is the primary face.
///
/// Safe from any thread; faces are only ever appended.
final class FaceRegistry: @unchecked Sendable {
    /// Masks use bit 55 for "some face past the first 55": line heights then
    /// take every registered face into account, which errs tall.
    static let overflowBit: UInt64 = 1 << 55
    /// The top 8 bits of a mask are not faces: they are the renderer's
    /// (``SegmentGraphemes/lineStartBits``; Pango's tell which face and
    /// baseline the line's first run has).
    static let faceBits: UInt64 = (1 << 56) - 1

    let size: Double
    private let lock = Lock()
    private var fonts: [SizedFont]
    private var indexByFace: [ObjectIdentifier: Int]
    /// What renderers derive once per face (``memo(_:slot:make:)``).
    private var memos: [MemoKey: Any] = [:]
    /// Where this registry's faces are in other registries
    /// (``index(ofFace:in:)``): by face index, -1 where not asked yet.
    private var placements: [(registry: FaceRegistry, indices: [Int])] = []

    /// The primary face at the style's size (index 0).
    let primary: SizedFont

    /// How every face is scaled (``SizedFont/scaling``).
    let scaling: FontScaling
    /// How tall the style sets lines.
    let lineHeight: LineHeight
    /// The kerning of the primary face's space with what follows it.
    let spaceKerning = SpaceKerning()
    /// The family whose faces other than the primary the renderer draws
    /// with subpixel positioning (``SizedFont/positionsSubpixel``).
    let subpixelFamily: String?

    init(primary: FontFace, size: Double, scaling: FontScaling, lineHeight: LineHeight = .normal,
         subpixelFamily: String? = nil) {
        self.size = size
        self.lineHeight = lineHeight
        self.scaling = scaling
        self.subpixelFamily = subpixelFamily
        self.primary = SizedFont(face: primary, size: size, scaling: scaling)
        self.fonts = [self.primary]
        self.indexByFace = [ObjectIdentifier(primary): 0]
    }

    /// The index of `face`, registering it on first use.
    func index(of face: FontFace) -> Int {
        lock.withLock {
            if let index = indexByFace[ObjectIdentifier(face)] { return index }
            let subpixel = subpixelFamily.map { face.family.caseInsensitiveEquals($0) } ?? false
            fonts.append(SizedFont(face: face, size: size, scaling: scaling, positionsSubpixel: subpixel))
            indexByFace[ObjectIdentifier(face)] = fonts.count - 1
            return fonts.count - 1
        }
    }

    func font(at index: Int) -> SizedFont { lock.withLock { fonts[index] } }

    /// What a renderer derives once from a face (a table it reads, a
    /// stand-in face it registers): the value kept for `slot` (a face index,
    /// or one combined with what else the value depends on) among values of
    /// `type`, made by `make` (outside the registry's lock) on first use.
    /// When two threads make one at once, the first stored is kept.
    func memo<Value>(_ type: Value.Type, slot: Int, make: () -> Value) -> Value {
        let key = MemoKey(type: ObjectIdentifier(type), slot: slot)
        if let known = lock.withLock({ memos[key] }) { return known as! Value }
        let made = make()
        return lock.withLock {
            if let known = memos[key] { return known as! Value }
            memos[key] = made
            return made
        }
    }

    /// The index in `other` of this registry's face `index`, registered
    /// there on first use (a run style's faces in its block's registry),
    /// remembered.
    func index(ofFace index: Int, in other: FaceRegistry) -> Int {
        let known = lock.withLock { () -> Int? in
            guard let placement = placements.first(where: { $0.registry === other }),
                  index < placement.indices.count, placement.indices[index] >= 0
            else { return nil }
            return placement.indices[index]
        }
        if let known { return known }
        // Outside this registry's lock: `other` takes its own.
        let placed = other.index(of: font(at: index).face)
        lock.withLock {
            let slot = placements.firstIndex { $0.registry === other } ?? {
                placements.append((other, []))
                return placements.count - 1
            }()
            if placements[slot].indices.count <= index {
                placements[slot].indices += repeatElement(-1, count: index + 1 - placements[slot].indices.count)
            }
            placements[slot].indices[index] = placed
        }
        return placed
    }

    private struct MemoKey: Hashable {
        let type: ObjectIdentifier
        let slot: Int
    }

    /// Registers `font`, a stand-in for a face drawn with other metrics (a
    /// box the renderer draws for missing characters), and returns its index.
    func register(standIn font: SizedFont) -> Int {
        lock.withLock {
            fonts.append(font)
            return fonts.count - 1
        }
    }

    /// The index of the lowest face `mask` names (0 when it names none).
    static func faceIndex(ofLowest mask: UInt64) -> Int {
        let faces = mask & faceBits & ~overflowBit
        return faces == 0 ? 0 : faces.trailingZeroBitCount
    }

    /// The mask bit for face `index`.
    static func bit(for index: Int) -> UInt64 { index < 55 ? 1 << UInt64(index) : overflowBit }

    /// Calls `body` with each face `mask` names (all of them when the
    /// overflow bit is set), under the registry's lock: `body` must not
    /// use the registry. Allocates nothing.
    func forEachFont(in mask: UInt64, _ body: (SizedFont) -> Void) {
        lock.withLock {
            if mask & FaceRegistry.overflowBit != 0 {
                for font in fonts { body(font) }
                return
            }
            var rest = mask & FaceRegistry.faceBits
            while rest != 0 {
                let index = rest.trailingZeroBitCount
                rest &= rest - 1
                if index < fonts.count { body(fonts[index]) }
            }
        }
    }

    /// The faces a mask names, with their indices (all of them when the
    /// overflow bit is set).
    func fonts(in mask: UInt64) -> [(index: Int, font: SizedFont)] {
        lock.withLock {
            if mask & FaceRegistry.overflowBit != 0 { return fonts.enumerated().map { ($0.offset, $0.element) } }
            return fonts.indices.filter { $0 < 55 && mask & (1 << UInt64($0)) != 0 }.map { ($0, fonts[$0]) }
        }
    }
}

extension String {
    /// Whether the two are equal but for ASCII case (family names).
    fileprivate func caseInsensitiveEquals(_ other: String) -> Bool {
        lowercased() == other.lowercased()
    }
}
