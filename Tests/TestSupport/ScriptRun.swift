import Foundation

/// Runs a script of the package's `scripts/` folder with bash.
public enum ScriptRun {
    /// Runs `scripts/NAME` with bash and `environment` added to this
    /// process's; its exit status and what it wrote to stdout and stderr.
    ///
    /// Descriptors above 2 are closed before the script starts: a tmux
    /// server the script starts would inherit them and outlive the script,
    /// and `Process` would wait for it.
    public static func run(_ name: String, environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
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
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
