import ArgumentParser
import DocQuery
import DocTree
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// docq's version, printed by `--version`.
enum DocqVersion {
    static let current = "0.1.0"
}

/// The entry point: parses the command line, runs the command and exits
/// with its status.
///
/// The first word picks the command (``Main/commands``): `query`, `set`,
/// `delete`, `insert`, `rename`, `explore`, or `help TOPIC`. Any other
/// command line is a query, parsed by ``QueryCommand`` on its own, because
/// a query's first operand is a path and a path may be any word. Only
/// `--help`, `--version` and the completion and manual requests go to the
/// root command, ``Docq``, which knows every command. Before that,
/// ``CommandLineHints`` refuses the mistakes that would otherwise be read
/// silently as something else. Errors go through ``Diagnostics``.
@main
enum Main {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        exit(waitFor { await dispatch(arguments) })
    }

    /// The commands by their first word.
    static let commands: [(name: String, type: any ParsableCommand.Type)] = [
        ("query", QueryCommand.self), ("set", SetCommand.self), ("delete", DeleteCommand.self),
        ("insert", InsertCommand.self), ("rename", RenameCommand.self), ("explore", Explore.self),
    ]

    /// Runs `work` on the concurrency runtime's threads and blocks this one,
    /// the main thread, until it returns its status.
    ///
    /// A synchronous `main` that waits, rather than an `async` one: an
    /// `async` main ends the main thread through `dispatch_main`, and the
    /// forced unwind of its stack reads the unwind tables of every frame
    /// (about 0.6 MB resident at every start). Nothing in docq runs on the
    /// main actor or the main queue, which no longer run.
    private static func waitFor(_ work: @escaping @Sendable () async -> Int32) -> Int32 {
        final class Outcome: @unchecked Sendable {
            // Written by the task before it signals, read after the wait.
            var status: Int32 = 0
        }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Task {
            outcome.status = await work()
            done.signal()
        }
        done.wait()
        return outcome.status
    }

    private static func dispatch(_ arguments: [String]) async -> Int32 {
        if let first = arguments.first, let command = commands.first(where: { $0.name == first }) {
            return await run(command.type, Array(arguments.dropFirst()))
        }
        if arguments.first == "help" {
            return help(Array(arguments.dropFirst()))
        }
        if CommandLineHints.asksTheRoot(arguments) {
            return await run(Docq.self, arguments)
        }
        if let mistake = CommandLineHints.mistake(in: arguments) {
            writeToStandardError(Diagnostics().text(for: mistake))
            return mistake.status.rawValue
        }
        return await run(QueryCommand.self, arguments)
    }

    /// `docq help [TOPIC]`: the root's help, or a command's; an unknown
    /// topic is refused with the nearest one.
    private static func help(_ topics: [String]) -> Int32 {
        guard let topic = topics.first else {
            print(Docq.helpMessage())
            return 0
        }
        guard let command = commands.first(where: { $0.name == topic }) else {
            let names = commands.map(\.name)
            var mistake = CommandLineHints.Mistake("no help topic '\(topic)'")
            if let near = Suggestions.closest(to: topic, in: names) {
                mistake.hints.append("did you mean 'docq help \(near)'?")
            }
            mistake.hints.append("the topics are \(names.joined(separator: ", ")); 'docq --help' shows them all")
            writeToStandardError(Diagnostics().text(for: mistake))
            return ExitStatus.usage.rawValue
        }
        print(command.type.helpMessage())
        return 0
    }

    private static func run(_ command: any ParsableCommand.Type, _ arguments: [String]) async -> Int32 {
        let parsed: any ParsableCommand
        do {
            // `--arg NAME TEXT` takes two operands: see ``ParameterOptions/paired(_:)``.
            parsed = try command.parseAsRoot(ParameterOptions.paired(arguments))
        } catch {
            return report(error, command: command, arguments: arguments)
        }
        switch parsed {
        case let query as QueryCommand:
            if let mistake = CommandLineHints.terminalInput(files: query.operands, operands: ["PATH": query.path]) {
                writeToStandardError(Diagnostics().text(for: mistake))
                return mistake.status.rawValue
            }
            let status = await query.execute()
            reportHints(after: status, query)
            return status.rawValue
        case let explore as Explore:
            return await explore.execute().rawValue
        case let command as SetCommand:
            return runEdit({ try command.edits() }, command.inputFiles, command.target, command, operands: command.operands)
        case let command as DeleteCommand:
            return runEdit({ try command.edits() }, command.files, command.target, command, operands: ["PATH": command.path])
        case let command as InsertCommand:
            return runEdit({ try command.edits() }, command.files, command.target, command, operands: ["PATH": command.path, "VALUE": command.value])
        case let command as RenameCommand:
            return runEdit({ try command.edits() }, command.files, command.target, command, operands: ["PATH": command.path, "NAME": command.name])
        default:
            // A built-in command such as the help that argument-parser adds
            // to commands with subcommands: it runs synchronously.
            var builtIn = parsed
            do {
                try builtIn.run()
                return 0
            } catch {
                return report(error, command: command, arguments: arguments)
            }
        }
    }

    /// After a query that failed: hints for a path written in another
    /// tool's syntax, or that is a command's name misspelt.
    private static func reportHints(after status: ExitStatus, _ query: QueryCommand) {
        guard status != .matched else { return }
        var hints: [String] = []
        if status == .noMatch || status == .malformedPath {
            hints = CommandLineHints.hints(forPath: query.path, jmespath: query.options.jmespath)
        }
        if let hint = CommandLineHints.commandHint(forPath: query.path) { hints.append(hint) }
        if !hints.isEmpty { writeToStandardError(hints.map(Diagnostics().hintText).joined()) }
    }

    /// Runs an edit command whose edits `make` builds (a VALUE that is not
    /// JSON under `--json` is a usage error). `operands` are the command's
    /// own (PATH, VALUE), named when standard input is a terminal.
    private static func runEdit(
        _ make: () throws -> [Edit], _ files: [String], _ target: EditTargetOptions, _ command: any ParsableCommand,
        operands: KeyValuePairs<String, String>
    ) -> Int32 {
        if let mistake = CommandLineHints.terminalInput(files: files, operands: operands) {
            writeToStandardError(Diagnostics().text(for: mistake))
            return mistake.status.rawValue
        }
        do {
            return EditRun(edits: try make(), files: files, target: target).execute().rawValue
        } catch let error as EditRun.ValueError {
            writeToStandardError("error: \(error.description)\n")
            return ExitStatus.usage.rawValue
        } catch {
            return report(error, command: type(of: command), arguments: [])
        }
    }

    /// Prints what a command-line error calls for and returns the status.
    private static func report(_ error: any Error, command: any ParsableCommand.Type, arguments: [String]) -> Int32 {
        let report = Diagnostics.commandLine(error, command: command, arguments: arguments)
        if report.toStandardOutput {
            var out = OutputStream.standardOutput()
            out.write(report.text)
            out.flush()
        } else {
            writeToStandardError(report.text)
        }
        return report.status
    }
}

/// The root command, `docq`: what `docq --help`, the completion scripts and
/// the manual page (`--experimental-dump-help`, read by argument-parser's
/// generate-manual plugin) describe. It lists every command; a command line
/// that names none is a query, whose options are this command's own (its
/// operands are `query`'s alone: see ``QueryOptions``).
struct Docq: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docq",
        abstract: "Read values out of XML and JSON documents with dotted key paths, and edit them in place.",
        usage: """
            docq [<options>] <path> [<file-or-url> ...]
            docq <command> [<options>] ...
            """,
        discussion: """
            Evaluates PATH on each document and prints one line per matched value: \
            strings raw, numbers exactly as written, true/false/null, an XML element \
            with text and no child elements as its text, anything else as one line of \
            compact JSON. With no FILE, or with -, reads standard input; http(s) URLs \
            are fetched. The path . selects the whole document. With several \
            documents each line starts with FILE: (see --no-filename); JSON output \
            (-j, --pretty) never does, so it stays JSON (see -H).

            EXAMPLES (the documents are in Examples/documents):
              $ docq auth.user.username rsp.xml
              bob
              $ docq lists.list.name lists.xml
              Inbox
              High Priority
              Personal
              $ docq 'lists.list[?smart == 1].name' lists.xml
              High Priority
              $ docq lists._contents.@count lists.xml
              3
              $ docq -j body.items.item.sgName schedule.xml   (always an array)
              $ docq Body.GetQuoteResponse.Quote.Price quote.xml
              189.97
              $ docq '[0].상영관명' theaters.json
              MMC 만경관 1관
              $ docq -e EUC-KR '[0].상영관명' theaters-euckr.json
              $ docq --paths . tasks.json | grep 'Call Mom'    (path, tab, value)
              tasks.list[0].taskseries[1].name        Call Mom
              $ curl -s https://example.com/rsp.xml | docq auth.token
              $ docq --arg name Inbox 'lists.list[?name == $name].id' lists.xml
              $ docq -s @count events.jsonl                   (records as one array)
              $ docq --jmespath 'entry[*].{title: title, date: updated}' feed.xml
              {"title":"Atom-Powered Robots Run Amok","date":"2003-12-13T18:30:02Z"}
              {"title":"Robots Sighted in Town","date":"2003-12-14T09:15:00Z"}
              $ docq explore lists.xml                        (interactive)

            CHANGING DOCUMENTS (JSON; every byte outside the edit stays):
              $ docq set --json editor.fontSize 16 -i settings.json
              $ docq delete telemetry settings.json           (result to stdout)
              $ docq insert editor --key wordWrap on settings.json
              $ docq rename editor.rulers guides settings.json
              $ docq query set doc.json          (query a key named like a command)

            EXIT STATUS (jq's where the situations match):
            \(ExitStatus.table)

            More: 'docq help COMMAND' (set, delete, insert, rename, query, explore), \
            'man docq', and 'docq --generate-completion-script bash|zsh|fish' for completions.
            """,
        version: DocqVersion.current,
        subcommands: [QueryCommand.self, SetCommand.self, DeleteCommand.self, InsertCommand.self, RenameCommand.self,
                      Explore.self]
    )

    @OptionGroup var options: QueryOptions
}

/// Options shared by the query command and the explorer: how to read the input.
struct InputOptions: ParsableArguments {
    @Option(name: [.customShort("f"), .customLong("from")],
            help: ArgumentHelp(
                "The input format: jsonc is JSON with comments and trailing commas (default: jsonc for *.jsonc files, else sniffed from the first character).",
                valueName: "xml|json|jsonc"))
    var format: InputFormat?

    @Option(name: [.customShort("e"), .customLong("encoding")],
            help: ArgumentHelp("The input's character encoding, for JSON served in a legacy charset (EUC-KR, Shift_JIS, windows-1252 …).",
                               valueName: "name"))
    var encoding: String?

    /// The load options these flags ask for.
    var loadOptions: LoadOptions {
        var options = LoadOptions(format: format.map { $0 == .xml ? .xml : .json }, encoding: encoding)
        options.readsJSONWithComments = format == .jsonc
        return options
    }
}

/// The values of `--from`.
enum InputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case xml, json, jsonc

    // argument-parser's defaults, which give the same values, build them
    // through a key path instantiated at run time, on every run: 1.6 M of
    // docq's 17.9 M start-up instructions.
    static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    static var allValueDescriptions: [String: String] { [:] }
}
