import Foundation
import Testing
import TestSupport

/// A program that loads files with DocQuery links no FoundationNetworking and
/// no libcurl: only `import DocQueryNetworking` (Document.load(from:)) does.
/// The loader's own list of what an executable needs (`ldd` on Linux,
/// `otool -L` on Apple platforms) is the evidence.
@Suite struct LinkMapTests {
    /// The shared libraries the loader maps for the built product `name`.
    static func linkMap(_ name: String) throws -> String {
        let process = Process()
        #if canImport(Darwin)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/otool")
        process.arguments = ["-L", BuiltProduct(name).url.path]
        #else
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ldd", BuiltProduct(name).url.path]
        #endif
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the link map of \(name) could not be read:\n\(text)")
        return text
    }

    /// QuickLook (Examples/QuickLook) loads a file with `import DocQuery` only.
    @Test func fileOnlyProgramLinksNoNetworking() throws {
        let map = try Self.linkMap("QuickLook")
        // The map is really there: libxml2 is DocTree's own dependency.
        #expect(map.contains("libxml2"), "\(map)")
        #expect(!map.contains("FoundationNetworking"), "\(map)")
        #expect(!map.contains("libcurl"), "\(map)")
    }

    /// The examples that fetch from their local server import
    /// DocQueryNetworking, and the check above would see what it links.
    @Test func urlLoadingProgramLinksNetworking() throws {
        let map = try Self.linkMap("TaskLists")
        #expect(map.contains("FoundationNetworking") || map.contains("libcurl"), "\(map)")
    }
}
