import Foundation

/// Runs a script of the package's `scripts/` folder with bash.
public enum ScriptRun {
    /// Runs `scripts/NAME` with bash and `environment` added to this
    /// process's; its exit status and what it wrote to stdout and stderr.
    ///
    /// Descriptors above 2 are closed before the script starts: a tmux
    /// server the script starts would inherit them and outlive the script,
    /// and `Process` would wait for it. Standard input is empty: inherited,
    /// it could be any descriptor of the test process (a test run with
    /// descriptor 0 closed reuses it for its next file or pipe).
    ///
    /// The script is killed after `timeout` seconds, and its output is
    /// waited for 10 s more, so a hang fails the test (status 124 and a
    /// line saying so) instead of stalling the suite.
    public static func run(
        _ name: String, environment: [String: String] = [:], timeout: TimeInterval = 180
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [
            "-c",
            #"for fd in /proc/$$/fd/*; do fd="${fd##*/}"; if ((fd > 2)); then eval "exec $fd>&-" 2>/dev/null; fi; done; exec /bin/bash "$0""#,
            SharedData.packageRoot.appendingPathComponent("scripts/\(name)").path,
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        let box = Locked(Data())
        try process.run()
        let read = onOwnThread { box.set(output.fileHandleForReading.readDataToEndOfFile()) }
        let exited = onOwnThread { process.waitUntilExit() }
        let limit = timeout * Double(TestTiming.slowdown)
        if exited.wait(timeout: .now() + limit) == .timedOut {
            process.terminate()
            _ = exited.wait(timeout: .now() + 10)
            _ = read.wait(timeout: .now() + 10)
            return (124, "FAILED: scripts/\(name) did not finish within \(Int(limit)) s\n" + String(decoding: box.get(), as: UTF8.self))
        }
        if read.wait(timeout: .now() + 10) == .timedOut {
            return (124, "FAILED: scripts/\(name) exited, but a program it started still holds its output open")
        }
        return (process.terminationStatus, String(decoding: box.get(), as: UTF8.self))
    }
}
