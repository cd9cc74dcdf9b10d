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

    /// Runs another program (a shell, script(1), a script of the package)
    /// in `directory` with `environment` added to this process's, standard
    /// input empty and standard error discarded; returns its status and
    /// standard output. It is killed after `timeout` seconds.
    static func runProgram(
        _ path: String, _ arguments: [String], environment: [String: String] = [:],
        directory: URL = packageRoot, timeout: TimeInterval = 30
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let killer = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        killer.cancel()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// A temporary folder for files a test writes, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("docq-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
