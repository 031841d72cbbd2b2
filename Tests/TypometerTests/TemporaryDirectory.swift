import Foundation

/// A directory under the system's temporary directory, removed on deinit.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "typometer-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Copies `source` into the directory and returns the copy's path.
    @discardableResult
    func copy(_ source: String) throws -> String {
        let destination = path + "/" + (source as NSString).lastPathComponent
        try FileManager.default.copyItem(atPath: source, toPath: destination)
        return destination
    }

    /// Writes `data` to a file named `name` and returns its path.
    @discardableResult
    func write(_ data: Data, named name: String) throws -> String {
        let destination = path + "/" + name
        try data.write(to: URL(fileURLWithPath: destination))
        return destination
    }
}
