import Foundation
import Testing
import Typometer
import TypometerTestSupport

@Suite struct DataDirectoryTests {
    @Test("a data directory without fonts or break dictionaries is reported as not found")
    func incompleteDirectory() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: TypometerError.dataNotFound(path: directory.path + "/fonts")) {
            try DataDirectory.use(directory.path)
        }
        try FileManager.default.createDirectory(atPath: directory.path + "/fonts", withIntermediateDirectories: false)
        #expect(throws: TypometerError.dataNotFound(path: directory.path + "/break-dictionaries")) {
            try DataDirectory.use(directory.path + "/")
        }
    }

    @Test("the data directory cannot change once a measurer has been made")
    func chosenOnce() throws {
        _ = try TextMeasurer(style: TextStyle())
        let directory = try TemporaryDirectory()
        for name in ["fonts", "break-dictionaries"] {
            try FileManager.default.createDirectory(atPath: directory.path + "/" + name, withIntermediateDirectories: false)
        }
        #expect(throws: TypometerError.dataDirectoryAlreadyChosen(path: directory.path)) {
            try DataDirectory.use(directory.path)
        }
    }
}
