import Foundation
import Testing

/// Runs the scripts that drive `docq explore` in a real terminal (tmux):
/// scripts/explore-tmux.sh (typing, Tab completion, history, Ctrl-C,
/// Ctrl-D) and scripts/explore-cast.sh, which replays the recorded session
/// in Examples/MovieCharts/explore.cast and fails when docq's screen no
/// longer matches it.
@Suite("Explorer in tmux")
struct TmuxTests {
    static let tmux: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("explore-tmux.sh passes", .enabled(if: tmux != nil, "tmux is not installed: skipping the terminal test"))
    func script() throws {
        let (status, text) = try Self.run("explore-tmux.sh")
        #expect(status == 0, "\(text)")
        #expect(text.contains("checks passed"), "\(text)")
    }

    @Test("explore-cast.sh: the recorded session still matches",
          .enabled(if: tmux != nil, "tmux is not installed: skipping the terminal test"))
    func recordedSession() throws {
        let (status, text) = try Self.run("explore-cast.sh")
        #expect(status == 0, "\(text)")
        #expect(text.contains("the recorded session matches"), "\(text)")
    }

    /// Runs `scripts/NAME` with bash and `DOCQ` set to the built docq; its
    /// exit status and what it wrote to stdout and stderr.
    ///
    /// Descriptors above 2 are closed before the script starts: the tmux
    /// server a script starts would inherit them and outlive the script, and
    /// `Process` would wait for it (30 s, the pane's final `sleep`).
    static func run(_ name: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [
            "-c",
            #"for fd in /proc/$$/fd/*; do fd="${fd##*/}"; if ((fd > 2)); then eval "exec $fd>&-" 2>/dev/null; fi; done; exec /bin/bash "$0""#,
            Docq.packageRoot.appendingPathComponent("scripts/\(name)").path,
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["DOCQ"] = Docq.binary.path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
