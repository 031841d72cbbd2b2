import Foundation

/// A fidelity case where Typometer and a renderer still disagree, with the
/// reason (`Corpus/known-disagreements.jsonl`).
public struct KnownDisagreement: Decodable, Sendable, Hashable {
    public var id: String
    public var renderer: String
    /// `lines` (line count differs), `short` (Typometer is shorter) or both.
    public var kind: String
    public var reason: String

    /// Every listed disagreement.
    public static func all() throws -> [KnownDisagreement] {
        try Corpus.records(at: Corpus.root.appendingPathComponent("Corpus/known-disagreements.jsonl"))
    }
}
