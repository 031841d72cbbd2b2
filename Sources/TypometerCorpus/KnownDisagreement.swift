import Typometer
import TypometerJSONLines

/// A fidelity case where Typometer and a renderer still disagree, with the
/// reason (`Corpus/known-disagreements.jsonl`).
public struct KnownDisagreement: Sendable, Hashable {
    public var id: String
    public var renderer: String
    /// `lines` (line count differs), `short` (Typometer is shorter) or both.
    public var kind: String
    public var reason: String
    /// The screen the renderer laid the case out on (`"device_pixel_ratio"`,
    /// 1 when absent).
    public var devicePixelRatio: Double

    /// Reads a disagreement's record.
    package init(_ record: InputRecord) throws(LineFailure) {
        id = try record.string("id")
        renderer = try record.string("renderer")
        kind = try record.string("kind")
        reason = try record.string("reason")
        devicePixelRatio = try record.number("device_pixel_ratio", in: TextStyle.devicePixelRatioRange) ?? 1
    }

    /// Every listed disagreement.
    public static func all() throws -> [KnownDisagreement] {
        try Corpus.records(at: "Corpus/known-disagreements.jsonl", KnownDisagreement.init)
    }
}
