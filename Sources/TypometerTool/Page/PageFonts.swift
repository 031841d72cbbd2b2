import Typometer
import TypometerJSONLines

/// The faces a page declares with `@font-face`, copied into its `fonts/`
/// directory: every face of each primary family the cards use (each with
/// its own weight and slant, so the browser matches faces as the
/// `.chromium` profile does), and each primary font file as a family of its
/// own that stands for every weight and slant (the browser then synthesizes
/// bold and italic, as Typometer assumes for a file). Characters those faces
/// lack come from the browser's system fallback: restrict Fontconfig to the
/// same font set (as `Scripts/test-page` does) for the heights to hold.
struct PageFonts {
    /// One `@font-face` rule.
    struct Face {
        /// The CSS family name, unquoted.
        var family: String
        /// The font file to copy.
        var sourcePath: String
        /// Where the copy goes, relative to the page: `fonts/<name>`.
        var pagePath: String
        /// CSS weight and style descriptors; `nil` for a file's face, which
        /// matches any.
        var weight: Int?
        var isItalic: Bool?
    }

    private(set) var faces: [Face] = []
    private var familyByFont: [TextStyle.Font: String] = [:]

    /// The faces for `fonts`, looked up in `fontSet`.
    /// - Throws: ``UsageError`` for a family not in the font set, or one of
    ///   whose faces is not the first of its file (a page's `url()` loads
    ///   only face 0 of a collection).
    init(fonts: [TextStyle.Font], fontSet: FontSet) throws(UsageError) {
        var usedNames: Set<String> = []
        func pagePath(for source: String) -> String {
            let name = String(source.split(separator: "/").last ?? "font")
            var candidate = name
            var number = 2
            while !usedNames.insert(candidate).inserted {
                candidate = "\(number)-\(name)"
                number += 1
            }
            return "fonts/" + candidate
        }
        var fileCount = 0
        for font in fonts where familyByFont[font] == nil {
            switch font {
            case .family(let name):
                let descriptors = fontSet.faceDescriptors(family: name)
                guard let first = descriptors.first else {
                    throw UsageError("the family '\(name)' is not in the font set (\(fontSet.source))")
                }
                for descriptor in descriptors {
                    guard descriptor.index == 0 else {
                        throw UsageError("'\(name)' is face \(descriptor.index) of \(descriptor.path); a page can load only the first face of a font collection: use --font-file with a single-face file")
                    }
                    faces.append(Face(family: first.family, sourcePath: descriptor.path,
                                      pagePath: pagePath(for: descriptor.path),
                                      weight: descriptor.weight.value, isItalic: descriptor.isItalic))
                }
                familyByFont[font] = first.family
            case .file(let path, let index):
                guard index == 0 else {
                    throw UsageError("face \(index) of \(path): a page can load only the first face of a font collection")
                }
                fileCount += 1
                let family = "Typometer File \(fileCount)"
                faces.append(Face(family: family, sourcePath: path, pagePath: pagePath(for: path), weight: nil, isItalic: nil))
                familyByFont[font] = family
            }
        }
    }

    /// The CSS `font-family` value for `font`, one of the declared families.
    func cssFamily(_ font: TextStyle.Font) -> String {
        CSS.quoted(familyByFont[font] ?? "sans-serif")
    }

    /// The `@font-face` rules, one a line.
    var rules: String {
        faces.map { face in
            var descriptors = ["font-family: \(CSS.quoted(face.family))", "src: url(\(CSS.quoted(face.pagePath)))"]
            if let weight = face.weight { descriptors.append("font-weight: \(weight)") }
            if let italic = face.isItalic { descriptors.append("font-style: \(italic ? "italic" : "normal")") }
            descriptors.append("font-display: block")
            return "@font-face { \(descriptors.joined(separator: "; ")); }"
        }.joined(separator: "\n")
    }

    /// The faces as `feed.json` lists them, for the page to load and check.
    var json: String {
        "[" + faces.map { face in
            JSONText.object([
                ("family", JSONText.string(cssFamily(face))), ("file", JSONText.string(face.pagePath)),
                ("weight", face.weight.map(String.init) ?? "\"normal\""),
                ("style", JSONText.string(face.isItalic == true ? "italic" : "normal")),
            ])
        }.joined(separator: ",") + "]"
    }

    private func cssFamily(_ face: Face) -> String { CSS.quoted(face.family) }
}
