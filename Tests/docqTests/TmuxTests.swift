import Foundation
import Testing

/// Runs scripts/explore-tmux.sh, which drives `docq explore` in a real
/// terminal (tmux): typing, Tab completion, history, Ctrl-C, Ctrl-D.
@Suite("Explorer in tmux")
struct TmuxTests {
    static let tmux: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("explore-tmux.sh passes", .enabled(if: tmux != nil, "tmux is not installed: skipping the terminal test"))
    func script() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Docq.packageRoot.appendingPathComponent("scripts/explore-tmux.sh").path]
        var environment = ProcessInfo.processInfo.environment
        environment["DOCQ"] = Docq.binary.path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("checks passed"), "\(text)")
    }
}
