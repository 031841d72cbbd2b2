import Typometer

/// One case measured by Typometer beside a renderer's result.
public struct FidelityOutcome: Sendable {
    public var referenceCase: ReferenceCase
    public var reference: ReferenceResult
    public var lines: Int
    public var height: Double
    /// UTF-16 offsets where Typometer's lines start.
    public var lineStarts: [Int]

    /// Same number of lines as the renderer.
    public var linesMatch: Bool { lines == reference.lines }
    /// Typometer's height minus the renderer's, in points.
    public var heightDelta: Double { height - (reference.height ?? 0) }
    /// Shorter than the renderer drew (a clipped line), beyond rounding.
    public var isShort: Bool { heightDelta < -0.01 }
    /// Lines break at the same places.
    public var breaksMatch: Bool { lineStarts == reference.lineStarts }
}
