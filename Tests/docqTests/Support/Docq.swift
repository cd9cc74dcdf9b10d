import Foundation
import Testing
import TestSupport

/// Runs the built `docq` binary, as a user's shell would.
///
/// The binary is found next to the test bundle (SwiftPM puts every product
/// of a build in one folder), or at `$DOCQ_BINARY`; the test target depends
/// on the `docq` target, so `swift test` always builds it first.
enum Docq {
    /// What one run printed and how it ended.
    typealias Run = BuiltProduct.Run

    /// The package root.
    static let packageRoot = SharedData.packageRoot

    /// A document under `Examples/documents`.
    static func example(_ name: String) -> String {
        packageRoot.appendingPathComponent("Examples/documents").appendingPathComponent(name).path
    }

    /// The docq product.
    static let product = BuiltProduct("docq", override: "DOCQ_BINARY")

    /// The docq executable.
    static var binary: URL { product.url }

    /// Runs docq in the package root with `arguments`, feeding `stdin` (or
    /// nothing: standard input is then empty, never the terminal), with
    /// 80 columns, colour allowed and no forced progress bar.
    ///
    /// The run is killed after `timeout` seconds so a hang fails the test
    /// instead of stalling the suite.
    static func run(
        _ arguments: [String],
        stdin: [UInt8]? = nil,
        environment: [String: String] = [:],
        timeout: TimeInterval = 120,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Run {
        var settings: [String: String?] = ["COLUMNS": "80", "NO_COLOR": nil, "DOCQ_FORCE_PROGRESS": nil]
        for (key, value) in environment { settings[key] = value }
        let run = try product.run(arguments, stdin: stdin, environment: settings, timeout: timeout)
        if run.timedOut {
            Issue.record("docq \(arguments) did not finish within \(timeout) s", sourceLocation: sourceLocation)
        }
        return run
    }

    /// A temporary folder for files a test writes, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("docq-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
