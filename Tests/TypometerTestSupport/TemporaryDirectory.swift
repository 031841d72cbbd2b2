import Foundation

/// A fresh directory under the system's temporary directory, removed when
/// the value goes away.
public final class TemporaryDirectory {
    public let url: URL

    /// The directory's path.
    public var path: String { url.path }

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("typometer-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Copies `source` into the directory and returns the copy's path.
    @discardableResult
    public func copy(_ source: String) throws -> String {
        let destination = url.appendingPathComponent((source as NSString).lastPathComponent)
        try FileManager.default.copyItem(atPath: source, toPath: destination.path)
        return destination.path
    }

    /// Writes `data` to a file named `name` and returns its path.
    @discardableResult
    public func write(_ data: Data, named name: String) throws -> String {
        try file(name, containing: data).path
    }

    /// Writes `text` to a file named `name` and returns its URL.
    public func file(_ name: String, containing text: String) throws -> URL {
        try file(name, containing: Data(text.utf8))
    }

    private func file(_ name: String, containing data: Data) throws -> URL {
        let file = url.appendingPathComponent(name)
        try data.write(to: file)
        return file
    }
}
