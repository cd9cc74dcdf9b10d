import Foundation
import Testing

/// The manual page (docs/docq.1, written by scripts/generate-manual from the
/// command definitions), the completion scripts and the option table of
/// docs/docq.md, each checked against what docq itself says it takes
/// (`--experimental-dump-help`, the description argument-parser's manual
/// generator reads).
@Suite("Manual, completions and the option table")
struct ManualAndCompletionTests {
    /// A command of the dump: its name, its options' names (`--json`, `-j`)
    /// and whether each takes a value, and its subcommands.
    struct Command {
        var name: String
        var options: [(names: [String], takesValue: Bool)]
        var subcommands: [Command]

        init(_ json: [String: Any]) {
            name = json["commandName"] as? String ?? ""
            options = (json["arguments"] as? [[String: Any]] ?? []).compactMap { argument in
                guard argument["kind"] as? String != "positional", argument["shouldDisplay"] as? Bool != false else { return nil }
                let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { name -> String? in
                    guard let text = name["name"] as? String else { return nil }
                    return (name["kind"] as? String == "short" ? "-" : "--") + text
                }
                return (names, argument["kind"] as? String == "option")
            }
            subcommands = (json["subcommands"] as? [[String: Any]] ?? []).map(Command.init)
        }

        var allOptionNames: Set<String> { Set(options.flatMap(\.names)) }
    }

    static func root() throws -> Command {
        let run = try Docq.run(["--experimental-dump-help"])
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return Command(json?["command"] as? [String: Any] ?? [:])
    }

    @Test("the root knows every command")
    func commands() throws {
        let names = try Self.root().subcommands.map(\.name)
        for command in ["query", "set", "delete", "insert", "rename", "explore", "help"] {
            #expect(names.contains(command), "\(names)")
        }
    }

    @Test("docs/docq.1 lists every command and option (run scripts/generate-manual when this fails)")
    func manual() throws {
        let manual = try String(contentsOf: Docq.packageRoot.appendingPathComponent("docs/docq.1"), encoding: .utf8)
        let root = try Self.root()
        // The option names mdoc lines hold: `.It Fl j , -json` is -j and --json.
        var flags: Set<String> = []
        for line in manual.split(separator: "\n") where line.contains("Fl ") {
            let words = line.split(separator: " ").map(String.init)
            for (k, word) in words.enumerated() {
                if word.hasPrefix("-") { flags.insert("-" + word) }
                else if k > 0, words[k - 1] == "Fl" { flags.insert("-" + word) }
            }
        }
        func check(_ command: Command) {
            for option in command.options {
                for name in option.names {
                    #expect(flags.contains(name), "\(command.name): \(name) is missing from docs/docq.1")
                }
            }
            for subcommand in command.subcommands where subcommand.name != "help" {
                #expect(manual.contains("Em \(subcommand.name)"), "the command \(subcommand.name) is missing from docs/docq.1")
                check(subcommand)
            }
        }
        check(root)
    }

    @Test("every option table of docs/docq.md is complete and true against the help")
    func optionTable() throws {
        let guide = try String(contentsOf: Docq.packageRoot.appendingPathComponent("docs/docq.md"), encoding: .utf8)
        let root = try Self.root()
        var tables: [[String]] = []
        var current: [String]?
        for line in guide.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("| option |") { current = []; continue }
            if current != nil, line.hasPrefix("|") {
                if !line.hasPrefix("| ---") { current?.append(String(line)) }
                continue
            }
            if let table = current { tables.append(table) }
            current = nil
        }
        #expect(!tables.isEmpty)
        for table in tables {
            var listed: [String: Bool] = [:]
            for row in table {
                let first = row.split(separator: "|").first.map(String.init) ?? ""
                #expect(!row.contains("implies"), "options imply nothing: \(row)")
                // `--name VALUE` or `-x`, each in backquotes.
                for cell in first.split(separator: "`").enumerated().filter({ $0.offset % 2 == 1 }).map(\.element) {
                    let words = cell.split(separator: " ")
                    guard let name = words.first, name.hasPrefix("-") else { continue }
                    listed[String(name)] = words.count > 1
                }
            }
            #expect(Set(listed.keys) == root.allOptionNames,
                    "missing: \(root.allOptionNames.subtracting(listed.keys).sorted()); not options: \(Set(listed.keys).subtracting(root.allOptionNames).sorted())")
            for option in root.options {
                guard let long = option.names.first(where: { $0.hasPrefix("--") }), let shown = listed[long] else { continue }
                #expect(shown == option.takesValue, "\(long) \(option.takesValue ? "takes" : "takes no") value")
            }
        }
    }

    // MARK: - Completions in real shells

    /// The words the shell completes for `line` (the text before the cursor).
    private func complete(_ line: String, in shell: String) throws -> [String]? {
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try Docq.run(["--generate-completion-script", shell]).stdout
        let scriptFile = folder.appendingPathComponent("docq.\(shell)")
        try Data(script.utf8).write(to: scriptFile)
        // docq on PATH, as an installed one is.
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("docq"), withDestinationURL: Docq.binary)
        let program: String
        let arguments: [String]
        switch shell {
        case "bash":
            guard let path = Self.which("bash") else { return nil }
            program = path
            let words = line.split(separator: " ", omittingEmptySubsequences: false).map { "'\($0)'" }.joined(separator: " ")
            arguments = ["--norc", "-c", """
                source '\(scriptFile.path)'
                COMP_WORDS=(\(words)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
                COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
                _docq docq "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                printf '%s\\n' "${COMPREPLY[@]}"
                """]
        case "fish":
            guard let path = Self.which("fish") else { return nil }
            program = path
            arguments = ["--no-config", "-c", "source '\(scriptFile.path)'; complete -C '\(line)'"]
        default:
            return nil
        }
        let text = try Docq.runProgram(
            program, arguments,
            environment: ["PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                          "HOME": folder.path],
            directory: Docq.packageRoot.appendingPathComponent("Examples/documents")).output
        return text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == " " || $0 == "\t" }).map(String.init)
    }

    private static func which(_ program: String) -> String? {
        for folder in ["/usr/bin", "/bin", "/usr/local/bin"] where FileManager.default.isExecutableFile(atPath: "\(folder)/\(program)") {
            return "\(folder)/\(program)"
        }
        return nil
    }

    @Test("completing in a real shell offers every command and the options of each", arguments: ["bash", "fish"])
    func completion(_ shell: String) throws {
        let cases: [(line: String, offers: [String])] = [
            ("docq ", ["set", "delete", "insert", "rename", "query", "explore"]),
            ("docq --pre", ["--pretty"]),
            ("docq --col", ["--color", "--color-output"]),
            ("docq set --js", ["--json"]),
            ("docq insert --be", ["--before"]),
            ("docq explore --enc", ["--encoding"]),
        ]
        for (line, offers) in cases {
            guard let words = try complete(line, in: shell) else { return }
            for word in offers {
                #expect(words.contains(word), "\(shell): '\(line)' does not offer \(word): \(words)")
            }
        }
    }

    /// zsh completes only inside its line editor (driven by hand through
    /// zpty: `docq insert --be<Tab>` lists --before); here the script loads
    /// into compinit and names every command.
    @Test("the zsh script loads as a completion function and knows every command")
    func zshScript() throws {
        guard let zsh = Self.which("zsh") else { return }
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try Docq.run(["--generate-completion-script", "zsh"]).stdout
        try Data(script.utf8).write(to: folder.appendingPathComponent("_docq"))
        let run = try Docq.runProgram(
            zsh, ["-f", "-c", "fpath=('\(folder.path)' $fpath); autoload -U compinit; compinit -u -D; "
                + "autoload -U _docq; (( $+functions[_docq] )) && [[ $_comps[docq] == _docq ]]"],
            environment: ["HOME": folder.path])
        #expect(run.status == 0)
        for command in ["query", "set", "delete", "insert", "rename", "explore"] {
            #expect(script.contains("'\(command):"), "\(command)")
        }
    }

    @Test("scripts/install puts the binary, the manual and the completions where the shells look")
    func install() throws {
        let prefix = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let run = try Docq.runProgram(
            Docq.packageRoot.appendingPathComponent("scripts/install").path, [],
            environment: ["PREFIX": prefix.path, "DOCQ_BINARY": Docq.binary.path])
        #expect(run.status == 0)
        for file in ["bin/docq", "share/man/man1/docq.1", "share/bash-completion/completions/docq",
                     "share/zsh/site-functions/_docq", "share/fish/vendor_completions.d/docq.fish"] {
            let path = prefix.appendingPathComponent(file).path
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            #expect(size > 0, "\(file) is missing or empty")
        }
    }
}
