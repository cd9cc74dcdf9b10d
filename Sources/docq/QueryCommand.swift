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

    @Flag(name: [.short, .long], help: """
        Print the values of each document as one JSON array (always an array), one array a line and \
        never prefixed, so the output is JSON Lines (see --with-filename, --slurp).
        """)
    var json = false

    @Flag(help: "Print each value as indented JSON, as 'jq .' does; with --json, indent the array.")
    var pretty = false

    @Flag(name: [.short, .long], help: """
        Read every document (the records of a JSON Lines stream, or several files) into one JSON \
        array and evaluate the path once on it, as jq -s does.
        """)
    var slurp = false

    @Flag(name: [.customShort("H"), .customLong("with-filename")], help: """
        Name the file of each result: 'FILE:' before each line, even for one document; with --json, \
        each line is {"file":FILE,"values":[…]}.
        """)
    var withFilename = false

    @Flag(help: """
        Print each matched array as one CSV row (RFC 4180: strings in double quotes, numbers as \
        written, null empty), as jq's @csv does.
        """)
    var csv = false

    @Flag(help: """
        Print each matched array as one row of tab-separated values (tab, line breaks and \\ \
        escaped as \\t \\n \\r \\\\), as jq's @tsv does.
        """)
    var tsv = false

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

    @OptionGroup var parameters: ParameterOptions

    func validate() throws {
        if paths && (json || pretty) {
            throw ValidationError("--paths cannot be combined with --json or --pretty")
        }
        let formats = [("--json", json || pretty), ("--paths", paths), ("--csv", csv), ("--tsv", tsv)].filter(\.1)
        if formats.count > 1 {
            throw ValidationError("\(formats.map(\.0).joined(separator: ", ")) cannot be combined: choose one output format")
        }
        if withFilename && noFilename {
            throw ValidationError("--with-filename cannot be combined with --no-filename")
        }
        if withFilename && slurp {
            throw ValidationError("--with-filename cannot be combined with --slurp, which makes one array of every document")
        }
        if slurp && stream {
            throw ValidationError("--slurp cannot be combined with --stream: it reads every document into memory")
        }
        _ = try parameters.bindings()
    }

    /// How values are printed.
    var output: OutputFormat {
        if json { return .jsonArrays(pretty: pretty) }
        if pretty { return .prettyJSON }
        if csv { return .csv }
        if tsv { return .tsv }
        if paths { return .paths }
        return .lines
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

    /// Compiles `text` as a key path, or a JMESPath expression, with the
    /// values `--arg`/`--argjson` bound (none: a key path reads `$name` as
    /// a key, and explains so when it matches nothing).
    init(_ text: String, jmespath: Bool, parameters: [String: (any Sendable)?]) throws(QueryError) {
        switch (jmespath, parameters.isEmpty) {
        case (true, true): self = .jmespath(try JMESPath(text))
        case (true, false): self = .jmespath(try JMESPath(text, parameters: parameters))
        case (false, true): self = .path(try PathQuery(text))
        case (false, false): self = .path(try PathQuery(text, parameters: parameters))
        }
    }

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
            query = try CompiledQuery(command.path, jmespath: command.jmespath, parameters: command.parameters.bindings(for: [command.path]))
        } catch let error as QueryError {
            writeToStandardError(diagnostics.text(for: error))
            return .usage
        } catch {
            writeToStandardError(diagnostics.errorText("\(error)"))
            return .usage
        }

        let sources = command.operands.isEmpty ? [InputSource.standardInput] : command.operands.map(InputSource.init(operand:))
        let loader = DocumentLoader(options: command.input.loadOptions)
        let labels = (sources.count > 1 && !command.noFilename || command.withFilename) && !command.slurp
        if !command.slurp,
           let status = StreamRun(command: command, diagnostics: diagnostics).runIfStreaming(query, sources: sources)
        {
            return status
        }
        let output = command.output
        var printer = RecordPrinter(
            query: query, path: command.path, first: command.first, output: output, diagnostics: diagnostics,
            skimmer: RecordPrinter.skimmer(for: query, output: output, options: loader.options))
        printer.withFilename = command.withFilename
        // JSON output is never prefixed: -H names the file inside it.
        let prefixes = labels && !output.isJSON
        var total = RecordPrinter.Outcome()
        var misses: [(label: String, explanation: Explanation?)] = []

        if command.slurp {
            guard let document = await Slurp(loader: loader, diagnostics: diagnostics).document(of: sources) else {
                return .unreadableDocument
            }
            var out = OutputStream.standardOutput()
            printer.print(DocumentRecords(document), label: "--slurp", prefix: "", prefixed: false, to: &out,
                          outcome: &total, errorsNow: true)
            out.flush()
            if let miss = total.miss { misses.append(("--slurp", miss)) }
        } else {
            let parallel = ParallelRun(printer: printer, loader: loader, requestedJobs: command.jobs, prefixes: prefixes)
            await parallel.run(sources) { source, outcome in
                if let miss = outcome.miss { misses.append((source.label, miss)) }
                total.merge(outcome)
            }
        }

        if !total.matched {
            for miss in misses {
                writeToStandardError(diagnostics.noMatchText(
                    path: command.path, explanation: miss.explanation, source: labels ? miss.label : nil))
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
