import BenchSupport

/// Where the benchmark's words come from: the GPL version 3 as Debian ships
/// it and the English texts of the repository's corpus.
enum CorpusSources {
    static let licensePath = "/usr/share/common-licenses/GPL-3"

    static var textsPath: String { RepositoryPaths.root + "/Corpus/texts/texts.jsonl" }

    /// The source texts, or an error naming the file that could not be read.
    static func load() throws(BenchError) -> [String] {
        let license = try TextFiles.read(licensePath)
        var texts = [license]
        for line in try TextFiles.read(textsPath).split(separator: "\n") {
            guard line.contains("\"category\":\"english\""), let text = JSONLines.stringField("text", in: line) else {
                continue
            }
            texts.append(text)
        }
        return texts
    }
}
