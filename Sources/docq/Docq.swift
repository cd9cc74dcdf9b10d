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
/// `docq explore …`, `docq help …`, the edit commands (`set`, `delete`,
/// `insert`, `rename`) and `docq query …` are dispatched by their first word
/// before parsing, because the query command takes a path as its first
/// operand and a path may be any word; every other command line is the query
/// command's. Parse errors go through ``Diagnostics`` (usage errors exit 2).
@main
enum Main {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        exit(waitFor { await dispatch(arguments) })
    }

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
        let status: Int32
        switch arguments.first {
        case "explore":
            status = await run(Explore.self, Array(arguments.dropFirst()))
        case "query":
            status = await run(Docq.self, Array(arguments.dropFirst()))
        case "set":
            status = await run(SetCommand.self, Array(arguments.dropFirst()))
        case "delete":
            status = await run(DeleteCommand.self, Array(arguments.dropFirst()))
        case "insert":
            status = await run(InsertCommand.self, Array(arguments.dropFirst()))
        case "rename":
            status = await run(RenameCommand.self, Array(arguments.dropFirst()))
        case "help":
            let topic = arguments.dropFirst().first
            switch topic {
            case "explore": print(Explore.helpMessage())
            case "set": print(SetCommand.helpMessage())
            case "delete": print(DeleteCommand.helpMessage())
            case "insert": print(InsertCommand.helpMessage())
            case "rename": print(RenameCommand.helpMessage())
            default:
                print(Docq.helpMessage())
            }
            status = 0
        default:
            status = await run(Docq.self, arguments)
        }
        return status
    }

    private static func run(_ command: any ParsableCommand.Type, _ arguments: [String]) async -> Int32 {
        let parsed: any ParsableCommand
        do {
            // `--arg NAME TEXT` takes two operands: see ``ParameterOptions/paired(_:)``.
            parsed = try command.parseAsRoot(ParameterOptions.paired(arguments))
        } catch {
            return report(error, command: command)
        }
        switch parsed {
        case let query as Docq:
            return await query.execute().rawValue
        case let explore as Explore:
            return await explore.execute().rawValue
        case let command as SetCommand:
            return runEdit({ try command.edits() }, command.files, command.target, command)
        case let command as DeleteCommand:
            return runEdit({ try command.edits() }, command.files, command.target, command)
        case let command as InsertCommand:
            return runEdit({ try command.edits() }, command.files, command.target, command)
        case let command as RenameCommand:
            return runEdit({ try command.edits() }, command.files, command.target, command)
        default:
            // A built-in command such as the help that argument-parser adds
            // to commands with subcommands: it runs synchronously.
            var builtIn = parsed
            do {
                try builtIn.run()
                return 0
            } catch {
                return report(error, command: command)
            }
        }
    }

    /// Runs an edit command whose edits `make` builds (a VALUE that is not
    /// JSON under `--json` is a usage error).
    private static func runEdit(
        _ make: () throws -> [Edit], _ files: [String], _ target: EditTargetOptions, _ command: any ParsableCommand
    ) -> Int32 {
        do {
            return EditRun(edits: try make(), files: files, target: target).execute().rawValue
        } catch let error as EditRun.ValueError {
            writeToStandardError("error: \(error.description)\n")
            return ExitStatus.usage.rawValue
        } catch {
            return report(error, command: type(of: command))
        }
    }

    /// Prints what a command-line error calls for and returns the status.
    private static func report(_ error: any Error, command: any ParsableCommand.Type) -> Int32 {
        let report = Diagnostics.commandLine(error, command: command)
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
