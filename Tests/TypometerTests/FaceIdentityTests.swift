import Foundation
import Testing
@testable import Typometer
import TypometerTestSupport

/// A font set keeps one face per font file and face index, however the path is spelt, and
/// a bounded number of them, which `clearCaches()` empties. Regression (issue 39, item 8):
/// faces were keyed by the path's spelling and never evicted, so 8,000 spellings of one
/// file took 3.16 GB.
@Suite struct FaceIdentityTests {
    @Test("one font file named in many spellings is one face")
    func spellings() throws {
        let fonts = FontSet.bundledFontsDirectory
        let fontSet = try FontSet(directory: fonts)
        let spellings = [fonts + "/Inter-Regular.otf", fonts + "//Inter-Regular.otf", fonts + "/./Inter-Regular.otf",
                         fonts + "/licenses/../Inter-Regular.otf", fonts + "/./././/Inter-Regular.otf"]
        let first = try fontSet.face(file: spellings[0])
        for spelling in spellings { #expect(try fontSet.face(file: spelling) === first, "\(spelling)") }
        #expect(try fontSet.face(family: "Inter") === first)
        #expect(fontSet.loadedFaceCount == 1)
    }

    @Test("the faces kept stay within the set's limit, and clearCaches() empties them")
    func bounded() throws {
        let directory = try TemporaryDirectory()
        let font = try Data(contentsOf: URL(fileURLWithPath: FontSet.bundledFontsDirectory + "/NotoSansHebrew-Regular.ttf"))
        let fontSet = try FontSet(directory: FontSet.bundledFontsDirectory)
        for index in 0..<(FontSet.smallCacheLimit + 20) {
            let path = directory.path + "/\(index).ttf"
            try font.write(to: URL(fileURLWithPath: path))
            _ = try fontSet.face(file: path)
            #expect(fontSet.loadedFaceCount <= FontSet.smallCacheLimit)
        }
        #expect(fontSet.loadedFaceCount > 0)
        fontSet.clearCaches()
        #expect(fontSet.loadedFaceCount == 0)
    }
}
