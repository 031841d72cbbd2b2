/// The sized faces one measurer has used, numbered in order of first use so
/// a set of them fits in a 64-bit mask. Index 0 is the primary face.
///
/// Safe from any thread; faces are only ever appended.
final class FaceRegistry: @unchecked Sendable {
    /// Masks use bit 55 for "some face past the first 55": line heights then
    /// take every registered face into account, which errs tall.
    static let overflowBit: UInt64 = 1 << 55
    /// The top 8 bits of a mask are not faces: under `.pango` they tell which
    /// face and baseline the line's first run has (``PangoBaseline``).
    static let faceBits: UInt64 = (1 << 56) - 1

    let size: Double
    private let lock = Lock()
    private var fonts: [SizedFont]
    private var indexByFace: [ObjectIdentifier: Int]
    private var hanKerningData: [Int: HanKerning.FaceData] = [:]
    private var hexBoxes: [Int: (index: Int, box: PangoHexBox)] = [:]
    private var baselines: [Int: Int] = [:]

    /// The primary face at the style's size (index 0).
    let primary: SizedFont

    /// HarfBuzz units per point of every sized face (``SizedFont``).
    let unitsPerPoint: Double

    init(primary: FontFace, size: Double, unitsPerPoint: Double) {
        self.size = size
        self.unitsPerPoint = unitsPerPoint
        self.primary = SizedFont(face: primary, size: size, unitsPerPoint: unitsPerPoint)
        self.fonts = [self.primary]
        self.indexByFace = [ObjectIdentifier(primary): 0]
    }

    /// The index of `face`, registering it on first use.
    func index(of face: FontFace) -> Int {
        lock.withLock {
            if let index = indexByFace[ObjectIdentifier(face)] { return index }
            fonts.append(SizedFont(face: face, size: size, unitsPerPoint: unitsPerPoint))
            indexByFace[ObjectIdentifier(face)] = fonts.count - 1
            return fonts.count - 1
        }
    }

    func font(at index: Int) -> SizedFont { lock.withLock { fonts[index] } }

    /// How face `index` trims CJK punctuation, measured on first use.
    func hanKerning(at index: Int) -> HanKerning.FaceData {
        if let data = lock.withLock({ hanKerningData[index] }) { return data }
        let data = HanKerning.faceData(for: font(at: index))
        lock.withLock { hanKerningData[index] = data }
        return data
    }

    /// Pango's hex box drawn in face `index`, and the index it counts in
    /// line heights under (a face of its own, with the box's ascent and
    /// descent), registered on first use.
    func hexBox(inFaceAt index: Int, fontSet: FontSet) -> (index: Int, box: PangoHexBox) {
        if let known = lock.withLock({ hexBoxes[index] }) { return known }
        let font = font(at: index)
        let digitSize = PangoHexBox.digitSize(forTextSize: size)
        let digits = fontSet.hexDigitExtents(pixelSize: digitSize)
        let box = PangoHexBox(font: font, digitSize: digitSize, digitWidth: digits.width, digitHeight: digits.height)
        return lock.withLock {
            if let known = hexBoxes[index] { return known }
            fonts.append(SizedFont(
                face: font.face, size: size, unitsPerPoint: unitsPerPoint, ascent: box.ascent, descent: box.descent))
            let entry = (index: fonts.count - 1, box: box)
            hexBoxes[index] = entry
            return entry
        }
    }

    /// Pango's baseline `kind` in face `index`, in Pango units (1/1024 pt)
    /// above the alphabetic baseline, computed on first use.
    func baseline(_ kind: PangoBaseline.Kind, inFaceAt index: Int) -> Int {
        let key = index << 2 | Int(kind.rawValue)
        if let known = lock.withLock({ baselines[key] }) { return known }
        let value = PangoBaseline.position(of: kind, in: font(at: index))
        lock.withLock { baselines[key] = value }
        return value
    }

    /// The mask bit for face `index`.
    static func bit(for index: Int) -> UInt64 { index < 55 ? 1 << UInt64(index) : overflowBit }

    /// The faces a mask names, with their indices (all of them when the
    /// overflow bit is set).
    func fonts(in mask: UInt64) -> [(index: Int, font: SizedFont)] {
        lock.withLock {
            if mask & FaceRegistry.overflowBit != 0 { return fonts.enumerated().map { ($0.offset, $0.element) } }
            return fonts.indices.filter { $0 < 55 && mask & (1 << UInt64($0)) != 0 }.map { ($0, fonts[$0]) }
        }
    }
}
