import Foundation

extension Docq {
    /// How a shell script ended and what it printed.
    struct ShellRun: CustomStringConvertible {
        var status: Int32
        /// Whether it exited (rather than died of a signal, whose number is then `status`).
        var exited: Bool
        var stdout: String
        var stderr: String
        var description: String { "status \(status)\(exited ? "" : " (signal)")\nstdout: \(stdout)\nstderr: \(stderr)" }
    }

    /// Runs `script` with `sh -c`, docq as `$0` and `arguments` as `$1`…,
    /// under `launcher` (such as `unshare -m`) when one is given, with
    /// standard input empty: for what `run(_:)` cannot give, such as bytes
    /// that are not UTF-8 in an argument, a signal, or a mount.
    static func shell(_ script: String, _ arguments: [String], launcher: [String] = []) throws -> ShellRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = launcher + ["/bin/sh", "-c", script, binary.path] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ShellRun(
            status: process.terminationStatus, exited: process.terminationReason == .exit,
            stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }
}
