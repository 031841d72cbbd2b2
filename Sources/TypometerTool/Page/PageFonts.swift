import Typometer
import TypometerJSONLines

/// The faces a page declares with `@font-face` and ships in its `fonts/`
/// directory: every face Typometer drew the cards' text in, each subset to
/// the characters the feed uses and compressed to WOFF2 (``WebFontFile``),
/// so the page holds on a reader's machine whatever fonts it has.
///
/// Each primary family the cards use is declared under its own name with
/// every face of the family (weight and slant descriptors, so the browser
/// matches faces as the `.chromium` profile does); a primary font file as a
/// family of its own that stands for every weight and slant (the browser
/// then synthesizes bold and italic, as Typometer assumes for a file). The
/// faces characters fell back to are declared per language of the cards,
/// each as a family whose `unicode-range` holds exactly the characters
/// Typometer drew in it in that language; a text's `font-family` lists its
/// primary family, then those families in the order the feed first used
/// them, so the browser takes Typometer's face for each character and never
/// asks the system.
struct PageFonts {
    /// A font file the page ships: one face subset to `codepoints`.
    struct File {
        var sourcePath: String
        var index: Int
        /// Where the file goes, relative to the page: `fonts/<name>.woff2`.
        var pagePath: String
        var codepoints: Set<UInt32>
    }

    /// One `@font-face` rule.
    struct Rule {
        /// The CSS family name, unquoted.
        var family: String
        /// The index of the rule's file in ``files``.
        var file: Int
        /// CSS weight and style descriptors; `nil` for a file's face, which
        /// matches any.
        var weight: Int?
        var isItalic: Bool?
        /// The characters the rule is for (`unicode-range`); `nil` for all.
        var range: [ClosedRange<UInt32>]?
    }

    /// One card's text to draw: its style (for its primary family and
    /// language) and the lines Typometer shaped for it, in the faces it
    /// chose.
    struct Text {
        var style: TextStyle
        var primary: FontFace
        var string: String
        var lines: [ShapedLine]
    }

    private(set) var files: [File] = []
    private(set) var rules: [Rule] = []
    /// The CSS family of each primary font, unquoted.
    private var familyByFont: [TextStyle.Font: String] = [:]
    /// The fallback families of each language, in order, unquoted.
    private var fallbackFamilies: [String: [String]] = [:]
    /// Characters of a grapheme cluster the browser will take from another
    /// face than Typometer measured it in (a face earlier in the language's
    /// list whose range also holds them); 0 when the page reproduces every
    /// choice.
    private(set) var clustersInOtherFaces = 0

    /// Characters every primary face keeps besides the texts' own, when it
    /// has them: printable ASCII (the page's header and card chrome), the
    /// no-break space, the hyphen Chromium draws at a soft hyphen and the
    /// ellipsis of a clamped line.
    private static let alwaysKept: [UInt32] = Array(0x20...0x7E) + [0xA0, 0x2010, 0x2026]

    /// Characters Chromium reads the glyphs of in a CJK face, whatever the
    /// text, to decide how it trims fullwidth punctuation (``HanKerning``'s
    /// face data: dots, colons, semicolons and curly quotes).
    private static let probedByChromium: [UInt32] = [
        0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0x2018, 0x2019, 0x201C, 0x201D,
    ]

    /// The faces for `texts`, looked up in `fontSet`.
    /// - Throws: ``UsageError`` for a family not in the font set.
    init(texts: [Text], fontSet: FontSet) throws(UsageError) {
        var fileIndex: [String: Int] = [:]
        var usedNames: Set<String> = []
        func file(_ path: String, _ index: Int) -> Int {
            let key = "\(index)#\(path)"
            if let known = fileIndex[key] { return known }
            let base = String((path.split(separator: "/").last ?? "font").split(separator: ".").first ?? "font")
                + (index > 0 ? "-\(index)" : "")
            var name = base
            var number = 2
            while !usedNames.insert(name).inserted {
                name = "\(base)-\(number)"
                number += 1
            }
            files.append(File(sourcePath: path, index: index, pagePath: "fonts/\(name).woff2", codepoints: []))
            fileIndex[key] = files.count - 1
            return files.count - 1
        }
        // Primary families: every face of each.
        var primaryFiles: [TextStyle.Font: [Int]] = [:]
        var fileCount = 0
        for text in texts where familyByFont[text.style.font] == nil {
            switch text.style.font {
            case .family(let name):
                let descriptors = fontSet.faceDescriptors(family: name)
                guard let first = descriptors.first else {
                    throw UsageError("the family '\(name)' is not in the font set (\(fontSet.source))")
                }
                var indices: [Int] = []
                for descriptor in descriptors {
                    let index = file(descriptor.path, descriptor.index)
                    indices.append(index)
                    rules.append(Rule(family: first.family, file: index, weight: descriptor.weight.value,
                                      isItalic: descriptor.isItalic, range: nil))
                }
                familyByFont[text.style.font] = first.family
                primaryFiles[text.style.font] = indices
            case .file(let path, let index):
                fileCount += 1
                let family = "Typometer File \(fileCount)"
                let fileIndex = file(path, index)
                rules.append(Rule(family: family, file: fileIndex, weight: nil, isItalic: nil, range: nil))
                familyByFont[text.style.font] = family
                primaryFiles[text.style.font] = [fileIndex]
            }
        }
        // Fallback faces: what each language drew in each, in order of use.
        var fallbackOrder: [String: [Int]] = [:]
        var drawn: [String: [Int: Set<UInt32>]] = [:]
        var clusters: [(language: String, file: Int, codepoints: Set<UInt32>)] = []
        for text in texts {
            let language = text.style.language ?? ""
            let scalars = Array(text.string.unicodeScalars.map(\.value))
            for index in primaryFiles[text.style.font] ?? [] {
                files[index].codepoints.formUnion(scalars)
                files[index].codepoints.formUnion(Self.alwaysKept)
                files[index].codepoints.formUnion(Self.probedByChromium)
            }
            let units = Array(text.string.utf16)
            for line in text.lines {
                for run in line.runs where run.face != text.primary {
                    let index = file(run.face.path, run.face.index)
                    if drawn[language]?[index] == nil { fallbackOrder[language, default: []].append(index) }
                    let runText = String(decoding: units[run.utf16Range], as: UTF16.self)
                    for cluster in runText {
                        let codepoints = Set(cluster.unicodeScalars.map(\.value))
                        drawn[language, default: [:]][index, default: []].formUnion(codepoints)
                        clusters.append((language, index, codepoints))
                    }
                    files[index].codepoints.formUnion(runText.unicodeScalars.map(\.value))
                    files[index].codepoints.formUnion(Self.probedByChromium)
                }
            }
        }
        var familyOfFallback: [String: [Int: String]] = [:]
        for language in fallbackOrder.keys.sorted() {
            var families: [String] = []
            for index in fallbackOrder[language] ?? [] {
                let family = "Typometer Fallback \(rules.count + 1)"
                rules.append(Rule(family: family, file: index, weight: nil, isItalic: nil,
                                  range: Self.ranges(of: drawn[language]?[index] ?? [])))
                families.append(family)
                familyOfFallback[language, default: [:]][index] = family
            }
            fallbackFamilies[language] = families
        }
        // The browser takes a cluster from the first face in the list whose
        // range holds all of it.
        for cluster in clusters {
            let order = fallbackOrder[cluster.language] ?? []
            let first = order.first { drawn[cluster.language]?[$0]?.isSuperset(of: cluster.codepoints) == true }
            if first != cluster.file { clustersInOtherFaces += 1 }
        }
    }

    /// `codepoints` as the fewest ranges, in order.
    static func ranges(of codepoints: Set<UInt32>) -> [ClosedRange<UInt32>] {
        var ranges: [ClosedRange<UInt32>] = []
        for codepoint in codepoints.sorted() {
            if let last = ranges.last, last.upperBound + 1 == codepoint {
                ranges[ranges.count - 1] = last.lowerBound...codepoint
            } else {
                ranges.append(codepoint...codepoint)
            }
        }
        return ranges
    }

    /// The CSS `font-family` value of a text in `style`: its primary family,
    /// then the fallback families of its language.
    func fontFamily(for style: TextStyle) -> String {
        ([familyByFont[style.font] ?? "sans-serif"] + (fallbackFamilies[style.language ?? ""] ?? []))
            .map(CSS.quoted).joined(separator: ", ")
    }

    /// The `@font-face` rules, one a line.
    var css: String {
        rules.map { rule in
            var descriptors = ["font-family: \(CSS.quoted(rule.family))",
                               "src: url(\(CSS.quoted(files[rule.file].pagePath))) format(\"woff2\")"]
            if let weight = rule.weight { descriptors.append("font-weight: \(weight)") }
            if let italic = rule.isItalic { descriptors.append("font-style: \(italic ? "italic" : "normal")") }
            if let range = rule.range { descriptors.append("unicode-range: " + Self.css(range)) }
            descriptors.append("font-display: block")
            return "@font-face { \(descriptors.joined(separator: "; ")); }"
        }.joined(separator: "\n")
    }

    /// A `unicode-range` value.
    private static func css(_ ranges: [ClosedRange<UInt32>]) -> String {
        ranges.map { range in
            let low = String(range.lowerBound, radix: 16, uppercase: true)
            return range.count == 1 ? "U+\(low)" : "U+\(low)-\(String(range.upperBound, radix: 16, uppercase: true))"
        }.joined(separator: ", ")
    }

    /// The rules as `feed.json` lists them, for the page to load and check:
    /// each with a character it is for, which the browser needs to load a
    /// face of a `unicode-range`.
    var json: String {
        "[" + rules.map { rule in
            let sample = rule.range?.first?.lowerBound ?? 0x20
            return JSONText.object([
                ("family", JSONText.string(CSS.quoted(rule.family))), ("file", JSONText.string(files[rule.file].pagePath)),
                ("weight", rule.weight.map(String.init) ?? "\"normal\""),
                ("style", JSONText.string(rule.isItalic == true ? "italic" : "normal")),
                ("sample", JSONText.string(String(Character(Unicode.Scalar(sample) ?? " ")))),
            ])
        }.joined(separator: ",") + "]"
    }

    /// Writes every file into `directory` (its `fonts/` must exist); the
    /// bytes written.
    func write(into directory: String) throws(Files.Failure) -> Int {
        var total = 0
        for file in files {
            guard let bytes = WebFontFile.woff2(path: file.sourcePath, index: file.index,
                                                codepoints: file.codepoints.sorted()) else {
                throw Files.Failure(description: "cannot subset face \(file.index) of \(file.sourcePath) into WOFF2")
            }
            try Files.write(bytes, to: directory + "/" + file.pagePath)
            total += bytes.count
        }
        return total
    }
}
