import Testing
@testable import Typometer

/// Which face of a family a weight and slant pick: CSS font matching
/// (CSS Fonts 4 §5.2, step 4, the order written out in the expectations),
/// and the bundled families as each renderer matched them (recorded with
/// DevTools' `CSS.getPlatformFontsForNode` in Chromium 156 and with Pango
/// 1.50's runs, in Corpus/README.md).
@Suite struct FaceMatchingTests {
    // Faces at 300, 400, 500, 700 and 900, upright, and an italic 400.
    static let faces: [(weight: Int, isItalic: Bool)] = [(300, false), (400, false), (500, false), (700, false),
                                                          (900, false), (400, true)]

    @Test("CSS: from 400 to 500 the weights up to 500 first, then lighter, then heavier")
    func betweenFourAndFiveHundred() {
        #expect(FaceMatching.cssBest(of: Self.faces, weight: 400, italic: false) == 1)
        #expect(FaceMatching.cssBest(of: Self.faces, weight: 450, italic: false) == 2)
        #expect(FaceMatching.cssBest(of: [(300, false), (700, false)], weight: 450, italic: false) == 0)
    }

    @Test("CSS: below 400 lighter weights first (descending), above 500 heavier ones (ascending)")
    func outsideTheMiddle() {
        #expect(FaceMatching.cssBest(of: Self.faces, weight: 350, italic: false) == 0)
        #expect(FaceMatching.cssBest(of: Self.faces, weight: 200, italic: false) == 0)
        #expect(FaceMatching.cssBest(of: [(400, false), (700, false)], weight: 200, italic: false) == 0)
        #expect(FaceMatching.cssBest(of: Self.faces, weight: 550, italic: false) == 3)
        #expect(FaceMatching.cssBest(of: Self.faces, weight: 800, italic: false) == 4)
        #expect(FaceMatching.cssBest(of: Self.faces, weight: 950, italic: false) == 4)
    }

    @Test("CSS: an italic face when italic is asked, whatever its weight; upright faces when there is none")
    func slantFirst() {
        #expect(FaceMatching.cssBest(of: Self.faces, weight: 900, italic: true) == 5)
        #expect(FaceMatching.cssBest(of: Array(Self.faces.prefix(5)), weight: 700, italic: true) == 3)
    }

    @Test("the bundled families: Chromium takes Bold from 550, Pango from 600",
          arguments: ["Inter", "Noto Sans", "Noto Serif"])
    func bundledFamilies(family: String) throws {
        let fonts = try FontSet.bundled()
        func file(_ weight: Int, _ italic: Bool, _ matching: FaceMatching) throws -> String {
            String(try fonts.face(family: family, weight: FontWeight(weight), italic: italic, matching: matching).path
                .split(separator: "/").last!)
        }
        let stem = family.replacingOccurrences(of: " ", with: "")
        for (weight, chromium, pango) in [(100, "Regular", "Regular"), (500, "Regular", "Regular"),
                                          (550, "Bold", "Regular"), (600, "Bold", "Bold"), (900, "Bold", "Bold")] {
            #expect(try file(weight, false, .css).hasPrefix("\(stem)-\(chromium)."))
            #expect(try file(weight, false, .fontconfig).hasPrefix("\(stem)-\(pango)."), "\(weight)")
        }
        #expect(try file(400, true, .css).hasPrefix("\(stem)-Italic."))
        #expect(try file(700, true, .fontconfig).hasPrefix("\(stem)-BoldItalic."))
    }
}
