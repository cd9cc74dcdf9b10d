import Foundation
import TestSupport
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

    /// Runs `scripts/NAME` with `DOCQ` set to the built docq.
    static func run(_ name: String) throws -> (status: Int32, output: String) {
        try ScriptRun.run(name, environment: ["DOCQ": Docq.binary.path])
    }
}
