import ArgumentParser
import DocQuery

/// `docq PATH [FILE|URL ...]`: evaluates a path on each document and prints
/// what it matched. This is the root command; `docq explore` is dispatched
/// before it (see ``Main``).
struct Docq: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docq",
        abstract: "Read values out of XML and JSON documents with dotted key paths.",
        usage: "docq [<options>] <path> [<file-or-url> ...]",
        discussion: """
            Evaluates PATH on each document and prints one line per matched value: \
            strings raw, numbers exactly as written, true/false/null, an XML element \
            with text and no child elements as its text, anything else as one line of \
            compact JSON. With no FILE, or with -, reads standard input; http(s) URLs \
            are fetched. The path . selects the whole document. With several \
            documents each line starts with FILE: (see --no-filename).

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

            EXIT STATUS:
              0  at least one value matched
              1  the path matched nothing (stderr explains how far it got)
              2  a usage error, or a malformed path (shown with a caret)
              3  a document could not be read or parsed; the other documents
                 are still processed

            More: 'docq explore --help' for the explorer, 'docq set --help' (and
            delete, insert, rename) for the edit commands, and
            'docq --generate-completion-script bash|zsh|fish' for completions.
            """,
        version: DocqVersion.current,
        subcommands: [Explore.self]
    )

    @Argument(help: ArgumentHelp("The key path to evaluate, such as auth.user.username; . is the whole document.",
                                 valueName: "path"))
    var path: String

    @Argument(help: ArgumentHelp("Files or http(s) URLs to read; - or none reads standard input.",
                                 valueName: "file-or-url"))
    var operands: [String] = []

    @Flag(name: [.short, .long], help: "Print the result as one JSON array of the values (always an array).")
    var json = false

    @Flag(help: "Indent the JSON array (implies --json).")
    var pretty = false

    @Flag(name: [.customShort("1"), .long], help: "Print only the first matched value of each document.")
    var first = false

    @Flag(name: [.short, .long], help: """
        Print each value's canonical path and a tab before it; containers are listed \
        leaf by leaf, so 'docq --paths . FILE' lists every leaf of a document. \
        Tabs and line breaks inside values are written as \\t and \\n.
        """)
    var paths = false

    @Flag(name: .customLong("no-filename"), help: "With several documents, do not prefix output lines with 'FILE:'.")
    var noFilename = false

    @Flag(help: """
        Read the path as a JMESPath expression, which can reshape what it finds \
        ('entry[*].{title: title, date: updated}', 'sort_by(items, &price)', pipes, functions). \
        XML is seen as --json writes it. An array prints one element per line; null or [] is no match.
        """)
    var jmespath = false

    @Option(name: [.customShort("P"), .long], help: ArgumentHelp("""
        Evaluate on up to N cores: several files, or the records of a JSON Lines stream, \
        are spread across them; output stays in input order. Default: the number of cores.
        """, valueName: "N"))
    var jobs: Int?

    @Flag(help: """
        Evaluate while reading, never loading a document whole (for inputs larger than memory); \
        the path must stream (leading keys, '*', indexes; then keys, '*', '_' names, filters; a last \
        @count, @sum, @avg, @min or @max). Files over 1 GiB (DOCQ_STREAM_THRESHOLD bytes) stream on their own.
        """)
    var stream = false

    @OptionGroup var input: InputOptions

    func validate() throws {
        if paths && (json || pretty) {
            throw ValidationError("--paths cannot be combined with --json or --pretty")
        }
    }

    /// Runs the query and returns the exit status.
    func execute() async -> ExitStatus {
        await QueryRun(command: self, diagnostics: Diagnostics()).run()
    }
}

/// A compiled key path or JMESPath expression.
enum CompiledQuery: Sendable {
    case path(PathQuery)
    case jmespath(JMESPath)

    func evaluate(on document: Document) throws(QueryError) -> QueryResult {
        try evaluate(on: document.root)
    }

    func evaluate(on node: Node) throws(QueryError) -> QueryResult {
        switch self {
        case .path(let query): try query.evaluate(on: node)
        case .jmespath(let expression): try expression.evaluate(on: node)
        }
    }

    /// The values to print: a JMESPath array is its elements; a key path's
    /// lone array stays one value.
    func printedMatches(of result: QueryResult) -> [Match] {
        if case .jmespath = self { return Array(result) }
        return result.selectedMatches
    }

    /// The canonical paths of ``printedMatches(of:)``, in order.
    func printedPaths(of result: QueryResult) -> [String] {
        if case .jmespath = self { return result.paths }
        return result.selectedPaths
    }

    /// Why nothing matched; JMESPath results have no explanation.
    func explanation(of result: QueryResult) -> Explanation? {
        if case .jmespath = self { return nil }
        return result.explanation
    }
}

/// One run of the query command: compile once, then load, evaluate and
/// print each document in turn (only one document is alive at a time).
struct QueryRun {
    let command: Docq
    let diagnostics: Diagnostics

    func run() async -> ExitStatus {
        let query: CompiledQuery
        do {
            query = command.jmespath ? .jmespath(try JMESPath(command.path)) : .path(try PathQuery(command.path))
        } catch {
            writeToStandardError(diagnostics.text(for: error))
            return .usage
        }

        let sources = command.operands.isEmpty ? [InputSource.standardInput] : command.operands.map(InputSource.init(operand:))
        if let status = StreamRun(command: command, diagnostics: diagnostics).runIfStreaming(query, sources: sources) {
            return status
        }
        let prefixes = sources.count > 1 && !command.noFilename
        let loader = DocumentLoader(options: command.input.loadOptions)
        let printer = RecordPrinter(
            query: query, path: command.path, first: command.first, asJSON: command.json || command.pretty,
            pretty: command.pretty, paths: command.paths, diagnostics: diagnostics,
            skimmer: RecordPrinter.skimmer(
                for: query, asJSON: command.json || command.pretty, paths: command.paths, options: loader.options))
        var total = RecordPrinter.Outcome()
        var misses: [(label: String, explanation: Explanation?)] = []

        let parallel = ParallelRun(printer: printer, loader: loader, requestedJobs: command.jobs, prefixes: prefixes)
        await parallel.run(sources) { source, outcome in
            if let miss = outcome.miss { misses.append((source.label, miss)) }
            total.merge(outcome)
        }

        if !total.matched {
            for miss in misses {
                writeToStandardError(diagnostics.noMatchText(
                    path: command.path, explanation: miss.explanation, source: prefixes ? miss.label : nil))
            }
        }
        if total.unreadable { return .unreadableDocument }
        if total.failedPath { return .usage }
        return total.matched ? .matched : .noMatch
    }

    /// A value on one line: backslashes, tabs and line breaks escaped.
    static func escapedForLine(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == 0x0A || $0 == 0x09 || $0 == 0x0D || $0 == 0x5C }) else {
            return value
        }
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\\": out += "\\\\"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
