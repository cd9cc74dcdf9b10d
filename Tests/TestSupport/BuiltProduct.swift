import Foundation

/// An executable this package builds (`docq`, the examples), run as a
/// user's shell would run it.
///
/// SwiftPM puts every product of a build in one folder, next to the test
/// bundle; a test target that depends on an executable target makes
/// `swift test` build it first.
public struct BuiltProduct: Sendable {
    /// The executable's file.
    public let url: URL

    /// The product `name`, or the file that the environment variable
    /// `override` names when it is set (e.g. `DOCQ_BINARY`).
    public init(_ name: String, override: String? = nil) {
        let environment = ProcessInfo.processInfo.environment
        if let override, let path = environment[override], !path.isEmpty {
            url = URL(fileURLWithPath: path)
            return
        }
        var folders: [URL] = []
        // The running test bundle's folder (…/.build/<triple>/debug/).
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            folders.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        folders += CommandLine.arguments.prefix(1).map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
        folders += Bundle.allBundles.map(\.bundleURL)
        let candidates = folders.map { folder in
            // On macOS the bundle is …/debug/X.xctest/Contents/MacOS/X.
            var folder = folder
            while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
            return folder.appendingPathComponent(name)
        } + [SharedData.packageRoot.appendingPathComponent(".build/debug/\(name)")]
        url = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
    }

    /// What one run printed and how it ended.
    public struct Run: Sendable, CustomStringConvertible {
        /// The exit status (or the signal number, when `timedOut`).
        public var status: Int32
        /// Standard output, decoded as UTF-8.
        public var stdout: String
        /// Standard error, decoded as UTF-8.
        public var stderr: String
        /// Standard output as bytes.
        public var stdoutBytes: [UInt8]
        /// Whether the run was killed for taking longer than its timeout, or a
        /// program it started still held its output open 10 s after it ended.
        public var timedOut: Bool

        /// stdout split into lines (without the final empty one).
        public var lines: [String] {
            var lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            return lines
        }

        public var description: String { "status \(status)\(timedOut ? " (timed out)" : "")\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    /// Runs the executable in `directory` (default: the package root) with `arguments`, feeding
    /// `stdin` (or nothing: standard input is then empty, never the
    /// terminal). `environment` adds to (or, with `nil`, removes from) the
    /// test's environment. The run is killed after `timeout` seconds, so a
    /// hang fails a test instead of stalling the suite (`timeout` is scaled
    /// by ``TestTiming/slowdown`` under the sanitizers).
    public func run(
        _ arguments: [String] = [],
        stdin: [UInt8]? = nil,
        environment: [String: String?] = [:],
        directory: URL = SharedData.packageRoot,
        timeout: TimeInterval = 120
    ) throws -> Run {
        BuiltProduct.brokenPipesFailWrites
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.currentDirectoryURL = directory

        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors

        try process.run()
        // Read both pipes on threads of their own so a large output cannot
        // block, and so a busy pool cannot delay the reading.
        let out = Locked(Data())
        let err = Locked(Data())
        let outRead = onOwnThread { out.set(output.fileHandleForReading.readDataToEndOfFile()) }
        let errRead = onOwnThread { err.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        if let stdin {
            onOwnThread {
                try? input.fileHandleForWriting.write(contentsOf: Data(stdin))
                try? input.fileHandleForWriting.close()
            }
        } else {
            try? input.fileHandleForWriting.close()
        }
        let finished = onOwnThread { process.waitUntilExit() }
        var timedOut = false
        if finished.wait(timeout: .now() + timeout * Double(TestTiming.slowdown)) == .timedOut {
            timedOut = true
            process.terminate()
            process.waitUntilExit()
        }
        // A program the run started may still hold its output open: wait
        // for the pipes' end a while, not for ever.
        let pipesEnd = DispatchTime.now() + 10 * Double(TestTiming.slowdown)
        if outRead.wait(timeout: pipesEnd) == .timedOut || errRead.wait(timeout: pipesEnd) == .timedOut {
            timedOut = true
        }
        let bytes = out.get()
        return Run(
            status: process.terminationStatus,
            stdout: String(decoding: bytes, as: UTF8.self),
            stderr: String(decoding: err.get(), as: UTF8.self),
            stdoutBytes: [UInt8](bytes),
            timedOut: timedOut)
    }

    /// Makes a write to a pipe whose reader has gone fail with EPIPE instead
    /// of killing the whole test process with SIGPIPE: a program may exit
    /// (say, on a missing file) before it reads the input a test feeds it.
    private static let brokenPipesFailWrites: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()
}
