import Foundation

/// Finds the `shared/` folder that sits beside the package root (it holds the
/// conformance suites and benchmark corpora), starting from this file's path.
public enum SharedData {
    /// The package root: two levels above `Tests/TestSupport/`.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared` beside the package root.
    public static let root: URL = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")

    /// A folder or file below `shared/`; fails with the path it tried when it is missing.
    public static func url(_ relativePath: String) throws -> URL {
        let url = root.appendingPathComponent(relativePath)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw MissingSharedData(path: url.path)
        }
        return url
    }

    /// The files directly inside a folder below `shared/`, sorted by name.
    public static func files(in relativePath: String, withExtension ext: String? = nil) throws -> [URL] {
        let folder = try url(relativePath)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        return names.map { folder.appendingPathComponent($0) }
            .filter { ext == nil || $0.pathExtension == ext }
            .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) != true }
    }

    /// The error thrown when shared data is missing.
    public struct MissingSharedData: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "shared data not found at \(path) (expected ../shared beside the package root)" }
    }
}
