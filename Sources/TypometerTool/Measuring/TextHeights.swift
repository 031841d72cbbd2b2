import TypometerJSONLines

/// Text heights computed elsewhere (`typometer measure`, the Spark job), by
/// item id, read from JSON Lines such as `{"id":…,"width":W,"height":H}`.
///
/// Only lines at the column width count: a line whose `"width"` is another
/// width is skipped, one without `"width"` is taken as it is. Lines with an
/// `"error"` member (a failed measurement) are skipped, so their items get
/// no height. Ids are matched by their JSON text, as `measure` echoes them;
/// an id given twice at the column width is an error (which height the text
/// has would be a guess).
struct TextHeights {
    /// Text height in points and the line that gave it, by the id's JSON text.
    private var heightsByID: [String: (height: Double, line: Int)] = [:]
    /// The widths the file holds heights at, for the message when none is the column width.
    private var widths: Set<Double> = []
    let path: String
    let columnWidth: Double

    /// Reads `path`.
    /// - Throws: ``UsageError`` naming the file and line for an unreadable
    ///   file, a line that is not a JSON object, a missing id, a height that
    ///   is not a number of at least 0, or an id given twice at the column
    ///   width (naming both lines).
    init(path: String, columnWidth: Double, maximumLineLength: Int) throws(UsageError) {
        self.path = path
        self.columnWidth = columnWidth
        do {
            let input = try InputChunks(path: path, maximumLineLength: maximumLineLength)
            while let chunk = try input.next() {
                for line in chunk { try read(line) }
            }
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError("--heights \(path): \(error)")
        }
    }

    private mutating func read(_ line: InputLine) throws(UsageError) {
        let entry: (id: String, height: Double)?
        do throws(LineFailure) {
            entry = try heightAtColumnWidth(InputRecord(line))
        } catch {
            throw UsageError("--heights \(path) line \(error.line): \(error.message)")
        }
        guard let (id, height) = entry else { return }
        if let earlier = heightsByID[id] {
            throw UsageError("--heights \(path): id \(id) on line \(earlier.line) and line \(line.number)")
        }
        heightsByID[id] = (height, line.number)
    }

    /// `record`'s id and height, `nil` for a failed measurement or a line at
    /// another width.
    private mutating func heightAtColumnWidth(_ record: InputRecord) throws(LineFailure) -> (id: String, height: Double)? {
        if record.has("error") { return nil }
        guard let id = record.rawID else { throw record.failure("no \"id\"") }
        guard let height = try record.number("height", in: 0...1e9) else { throw record.failure("no \"height\"") }
        if let width = try record.number("width", in: 0...1e9) {
            widths.insert(width)
            guard abs(width - columnWidth) < 1e-9 else { return nil }
        }
        return (id, height)
    }

    /// Number of ids with a height at the column width.
    var count: Int { heightsByID.count }

    /// The text height for `record`'s id.
    /// - Throws: ``LineFailure`` when the record has no id or the file no
    ///   height for it at the column width.
    func height(for record: InputRecord) throws(LineFailure) -> Double {
        guard let id = record.rawID else { throw record.failure("no \"id\" to look its height up in --heights") }
        if let height = heightsByID[id]?.height { return height }
        let others = widths.subtracting([columnWidth]).sorted().map(JSONText.number)
        let atOthers = others.isEmpty ? "" : " (it has heights at widths \(others.joined(separator: ", ")))"
        throw record.failure("no height for this id at the column width \(JSONText.number(columnWidth)) in --heights \(path)\(atOthers)")
    }
}
