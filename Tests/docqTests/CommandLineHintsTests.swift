import Foundation
import Testing

/// The mistakes people who know jq, yq, xmlstarlet and dasel make on docq's
/// command line: each gets an error and a hint, never a silent reading as
/// something else, and never a wait on the terminal.
@Suite("Command-line mistakes get hints")
struct CommandLineHintsTests {
    struct Mistake: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        /// Text the hint (or error) must hold.
        var says: String
        var testDescription: String { "docq " + arguments.joined(separator: " ") }
    }

    /// The mistakes issue 31 lists.
    static let listed: [Mistake] = [
        Mistake(arguments: ["--pretty", "set", "editor.fontSize", "16", "settings.json"], says: "options go after a command's name"),
        Mistake(arguments: ["-i", "set", "editor.fontSize", "16", "settings.json"], says: "write: docq set -i editor.fontSize 16 settings.json"),
        Mistake(arguments: ["sett", "editor.fontSize", "16", "settings.json"], says: "did you mean the command 'docq set'?"),
        Mistake(arguments: ["help", "sett"], says: "did you mean 'docq help set'?"),
        Mistake(arguments: [".[].title", "todos.json"], says: "'.[*].title'"),
        Mistake(arguments: ["-e", "[0].title", "todos.json"], says: "jq's -e (--exit-status) is docq's default"),
    ]

    /// A held-out list: further mistakes of jq, yq, xmlstarlet and dasel users.
    static let heldOut: [Mistake] = [
        // jq
        Mistake(arguments: ["-r", "[0].title", "todos.json"], says: "strings print raw already"),
        Mistake(arguments: ["-c", ".", "todos.json"], says: "compact JSON already"),
        Mistake(arguments: ["-n", "1"], says: "docq always reads a document"),
        Mistake(arguments: ["-S", ".", "todos.json"], says: "document order"),
        Mistake(arguments: ["--tab", ".", "todos.json"], says: "--pretty indents"),
        Mistake(arguments: ["--indent", "4", ".", "todos.json"], says: "--pretty indents"),
        Mistake(arguments: ["[.[] | .id]", "todos.json"], says: "JMESPath"),
        Mistake(arguments: [".[] | .title", "todos.json"], says: "jq's .[] is [*]"),
        Mistake(arguments: [".[] | select(.completed)", "todos.json"], says: "JMESPath"),
        Mistake(arguments: ["map(.id)", "todos.json"], says: "JMESPath"),
        Mistake(arguments: ["--jmespath", ".[0].title", "todos.json"], says: "JMESPath has no leading dot"),
        Mistake(arguments: ["--exit-status", "[0].title", "todos.json"], says: "exits with 1 when nothing matched"),
        // yq
        Mistake(arguments: ["e", ".editor", "settings.json"], says: "yq's eval is docq's default command"),
        Mistake(arguments: ["eval", ".editor", "settings.json"], says: "yq's eval is docq's default command"),
        Mistake(arguments: ["-i", ".editor.fontSize = 16", "settings.json"], says: "-i/--in-place belongs to the edit commands"),
        Mistake(arguments: ["-o", "json", "editor", "settings.json"], says: "docq's outputs are"),
        Mistake(arguments: ["editor.fontSize = 16", "settings.json"], says: "docq set PATH VALUE FILE"),
        // xmlstarlet
        Mistake(arguments: ["sel", "-t", "-v", "//title", "feed.xml"], says: "xmlstarlet"),
        Mistake(arguments: ["ed", "-u", "/feed/title", "-v", "x", "feed.xml"], says: "xmlstarlet ed is docq's set"),
        Mistake(arguments: ["//entry/title", "feed.xml"], says: "not XPath"),
        Mistake(arguments: ["/feed/entry", "feed.xml"], says: "not XPath"),
        // dasel
        Mistake(arguments: ["-f", "todos.json", "[0].title"], says: "-f names the input format"),
        Mistake(arguments: ["put", "-t", "string", "-v", "x", "editor.theme", "settings.json"], says: "dasel's put is docq's set"),
        Mistake(arguments: ["select", "editor", "settings.json"], says: "dasel's select"),
        // options before the other commands
        Mistake(arguments: ["--json", "delete", "telemetry", "settings.json"], says: "'docq delete' takes no --json"),
        Mistake(arguments: ["-f", "json", "rename", "editor", "ed", "settings.json"], says: "write: docq rename -f json editor ed settings.json"),
        Mistake(arguments: ["-j", "explore", "feed.xml"], says: "options go after a command's name"),
        Mistake(arguments: ["help", "quary"], says: "did you mean 'docq help query'?"),
        Mistake(arguments: ["delte", "telemetry", "settings.json"], says: "did you mean the command 'docq delete'?"),
        // a negative number as a value
        Mistake(arguments: ["set", "--json", "editor.fontSize", "-5", "settings.json"], says: "docq set --json PATH -- -5 FILE"),
    ]

    @Test("the issue's mistakes", arguments: listed)
    func listedMistake(_ mistake: Mistake) throws {
        try check(mistake)
    }

    @Test("held-out mistakes", arguments: heldOut)
    func heldOutMistake(_ mistake: Mistake) throws {
        try check(mistake)
    }

    private func check(_ mistake: Mistake, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = Docq.packageRoot.appendingPathComponent("Examples/documents")
        let run = try Docq.product.run(
            mistake.arguments, environment: ["COLUMNS": "80", "NO_COLOR": nil], directory: folder, timeout: 20)
        #expect(!run.timedOut, "\(mistake.testDescription) hung", sourceLocation: sourceLocation)
        #expect(run.status != 0, "\(mistake.testDescription) ran: \(run)", sourceLocation: sourceLocation)
        #expect(run.stdout.isEmpty, "\(mistake.testDescription) printed: \(run)", sourceLocation: sourceLocation)
        #expect(run.stderr.contains("hint: "), "\(mistake.testDescription): no hint: \(run)", sourceLocation: sourceLocation)
        #expect(run.stderr.contains(mistake.says), "\(mistake.testDescription): \(run)", sourceLocation: sourceLocation)
    }

    @Test("a query of a key named like a command still runs with 'query'")
    func queryKeyNamedLikeCommand() throws {
        let run = try Docq.run(["query", "--pretty", "set"], stdin: Array(#"{"set": 1}"#.utf8))
        #expect(run.status == 0 && run.stdout == "1\n", "\(run)")
    }

    @Test("a valid key that is near a command's name gets no hint when it matches")
    func nearCommandThatMatches() throws {
        let run = try Docq.run(["sett"], stdin: Array(#"{"sett": 1}"#.utf8))
        #expect(run.status == 0 && run.stdout == "1\n" && run.stderr.isEmpty, "\(run)")
    }

    /// Runs `docq ARGUMENTS` with standard input on a terminal (through
    /// script(1)), in Examples/documents; output and errors come back together.
    private func onTerminal(_ arguments: [String]) throws -> (status: Int32, output: String)? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return nil }
        let command = ([Docq.binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ")
        return try Docq.runProgram(
            "/usr/bin/script", ["-qec", command, "/dev/null"], environment: ["NO_COLOR": "1"],
            directory: Docq.packageRoot.appendingPathComponent("Examples/documents"), timeout: 20)
    }

    @Test("standard input on a terminal and no file: said, not waited on", arguments: [
        (["set", "telemetry", "settings.json"], "'settings.json' is a file, but it was read as VALUE"),
        (["todos.json"], "'todos.json' is a file, but it was read as PATH"),
        (["[0].title"], "standard input is a terminal"),
        (["delete", "telemetry"], "standard input is a terminal"),
    ])
    func terminalInput(_ arguments: [String], _ says: String) throws {
        guard let run = try onTerminal(arguments) else { return }
        #expect(run.status == 2, "\(run)")
        #expect(run.output.contains(says), "\(run.output)")
        #expect(run.output.contains("hint: name a file, or pipe a document in"), "\(run.output)")
    }
}
