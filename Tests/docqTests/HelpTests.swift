import Foundation
import Testing

/// `--help`, `--version` and completion scripts.
@Suite("Help, version, completion")
struct HelpTests {
    @Test("--help documents the contract with examples", arguments: [
        ("help", ["--help"]),
        ("help", ["-h"]),
        ("help", ["help"]),
        ("explore-help", ["explore", "--help"]),
        ("explore-help", ["help", "explore"]),
        ("set-help", ["set", "--help"]),
        ("set-help", ["help", "set"]),
        ("insert-help", ["insert", "--help"]),
        ("insert-help", ["help", "insert"]),
    ])
    func help(_ snapshot: String, _ arguments: [String]) throws {
        let run = try Docq.run(arguments)
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        Snapshot.assertMatches(run.stdout, named: snapshot)
    }

    @Test("the help mentions every option and exit status")
    func helpContents() throws {
        let run = try Docq.run(["--help"])
        for word in ["--json", "--pretty", "--first", "--paths", "--from", "--encoding", "--no-filename",
                     "--version", "EXAMPLES", "EXIT STATUS", "explore"] {
            #expect(run.stdout.contains(word), "missing \(word)")
        }
    }

    @Test("--version")
    func version() throws {
        let run = try Docq.run(["--version"])
        #expect(run.status == 0)
        #expect(run.lines.count == 1 && run.lines[0].split(separator: ".").count == 3, "\(run)")
    }

    @Test("completion scripts", arguments: ["bash", "zsh", "fish"])
    func completion(_ shell: String) throws {
        let run = try Docq.run(["--generate-completion-script", shell])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("docq"))
        #expect(run.stdout.contains("explore"), "the explore command is completed too")
        #expect(run.stdout.contains("encoding"))
    }
}
