import Foundation
import Testing

/// Replays Examples/MovieCharts/explore.cast, the recorded `docq explore`
/// session the MovieCharts example points to, in tmux: the test fails when
/// docq's screen no longer matches the recording.
@Suite("Recorded explorer session")
struct ExploreCastTests {
    @Test("explore-cast.sh: the recorded session still matches",
          .enabled(if: TmuxTests.tmux != nil, "tmux is not installed: skipping the terminal test"))
    func replay() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Docq.packageRoot.appendingPathComponent("scripts/explore-cast.sh").path]
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
        #expect(text.contains("the recorded session matches"), "\(text)")
    }
}
