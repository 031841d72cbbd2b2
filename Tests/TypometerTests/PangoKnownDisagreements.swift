/// Core cases where the pango profile's line count differs from Pango's,
/// each explained in `Corpus/README.md` ("Known disagreements").
enum PangoKnownDisagreements {
    static let core: [String] = []
}
