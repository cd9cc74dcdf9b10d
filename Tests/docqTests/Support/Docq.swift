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
    struct Run: Sendable, CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutBytes: [UInt8]

        /// stdout split into lines (without the final empty one).
        var lines: [String] {
            var lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            return lines
        }

        var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    /// The package root.
    static let packageRoot = SharedData.packageRoot

    /// A document under `Examples/documents`.
    static func example(_ name: String) -> String {
        packageRoot.appendingPathComponent("Examples/documents").appendingPathComponent(name).path
    }

    /// The docq executable.
    static let binary: URL = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["DOCQ_BINARY"], !path.isEmpty { return URL(fileURLWithPath: path) }
        var candidates: [URL] = []
        // The running test bundle's folder (…/.build/<triple>/debug/).
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var folder = URL(fileURLWithPath: exe).deletingLastPathComponent()
            // On macOS the bundle is …/debug/X.xctest/Contents/MacOS/X.
            while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
            candidates.append(folder.appendingPathComponent("docq"))
        }
        for argument in CommandLine.arguments.prefix(1) {
            var folder = URL(fileURLWithPath: argument).deletingLastPathComponent()
            while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
            candidates.append(folder.appendingPathComponent("docq"))
        }
        for bundle in Bundle.allBundles {
            var folder = bundle.bundleURL
            while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
            candidates.append(folder.appendingPathComponent("docq"))
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/docq"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
            ?? candidates.last!
    }()

    /// Makes a write to a pipe whose reader has gone fail with EPIPE instead
    /// of killing the whole test process with SIGPIPE: docq may exit (say,
    /// on a missing file) before it reads the input a test feeds it.
    private static let brokenPipesFailWrites: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    /// Runs docq with `arguments`, feeding `stdin` (or nothing: standard
    /// input is then empty, never the terminal).
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
        Docq.brokenPipesFailWrites
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["COLUMNS"] = "80"
        env["NO_COLOR"] = nil
        env.removeValue(forKey: "DOCQ_FORCE_PROGRESS")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.currentDirectoryURL = packageRoot

        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors

        // Read both pipes on their own threads so a large output cannot block.
        let outBox = DataBox()
        let errBox = DataBox()
        let readers = DispatchGroup()
        for (pipe, box) in [(output, outBox), (errors, errBox)] {
            readers.enter()
            DispatchQueue.global().async {
                box.set(pipe.fileHandleForReading.readDataToEndOfFile())
                readers.leave()
            }
        }
        try process.run()
        if let stdin {
            DispatchQueue.global().async {
                try? input.fileHandleForWriting.write(contentsOf: Data(stdin))
                try? input.fileHandleForWriting.close()
            }
        } else {
            try? input.fileHandleForWriting.close()
        }
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            process.waitUntilExit()
            finished.signal()
        }
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            Issue.record("docq \(arguments) did not finish within \(timeout) s", sourceLocation: sourceLocation)
            process.waitUntilExit()
        }
        readers.wait()
        let out = outBox.get()
        return Run(
            status: process.terminationStatus,
            stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: errBox.get(), as: UTF8.self),
            stdoutBytes: [UInt8](out))
    }

    /// A temporary folder for files a test writes, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("docq-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A value handed from a reader thread to the test.
private final class DataBox: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}
