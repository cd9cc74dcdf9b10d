import ArgumentParser
import DocQuery

/// `docq query PATH [FILE|URL ...]`, which is also what `docq PATH …`
/// runs: evaluates a path on each document and prints what it matched.
/// Parsed on its own (``Main``), never through the root command, so a
/// path may be any word, a command's name included.
struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        _superCommandName: "docq",
        abstract: "Evaluate PATH on each document and print what it matched (the default command).",
        usage: "docq [query] [<options>] <path> [<file-or-url> ...]",
        discussion: """
            'docq PATH FILE' and 'docq query PATH FILE' are the same; 'query' lets a path \
            be a command's name (docq query set doc.json). See 'docq --help'.
            """)

    @OptionGroup var options: QueryOptions

    @Argument(help: ArgumentHelp("The key path to evaluate, such as auth.user.username; . is the whole document.",
                                 valueName: "path"))
    var path: String

    @Argument(help: ArgumentHelp("Files or http(s) URLs to read; - or none reads standard input.",
                                 valueName: "file-or-url"))
    var operands: [String] = []

    /// Runs the query and returns the exit status.
    func execute() async -> ExitStatus {
        await QueryRun(command: options, path: path, operands: operands, diagnostics: Diagnostics()).run()
    }
}

/// The query's options: the root command's (for `docq --help`, the
/// completions and the manual) and `docq query`'s. The operands are only
/// `docq query`'s, so that a completion script reads the root's first
/// word as a command.
struct QueryOptions: ParsableArguments {
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

    @Flag(help: """
        Print each matched XML element as XML: the document's own bytes from its '<' to the end of its \
        end tag, exactly as written (an element an entity expanded to is written out again). Attributes, \
        text and JSON values print as they do without it.
        """)
    var xml = false

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
        the path must stream (leading keys, '*', indexes from the start; then keys, '*', '_' names, \
        filters, indexes; a last @count, @sum, @avg, @min or @max). Files over 1 GiB (DOCQ_STREAM_THRESHOLD bytes) stream on their own.
        """)
    var stream = false

    @Flag(name: [.customShort("C"), .customLong("color-output")],
          help: "Colour values and keys as jq does, even when standard output is not a terminal (--color always).")
    var colorOutput = false

    @Flag(name: [.customShort("M"), .customLong("monochrome-output")], help: "Never colour the output (--color never).")
    var monochromeOutput = false

    @Option(name: .customLong("color"), help: ArgumentHelp("""
        When to colour values and keys: auto (default: when standard output is a terminal, \
        unless NO_COLOR is set or TERM is dumb), always or never.
        """, valueName: "when"))
    var color: ColorChoice?

    @OptionGroup var input: InputOptions

    @OptionGroup var parameters: ParameterOptions

    /// Whether values and keys are printed in colour (``Palette``): asked
    /// for, or standard output is a terminal that wants it.
    var colors: Bool {
        if monochromeOutput || color == .never { return false }
        if colorOutput || color == .always { return true }
        return Diagnostics.Style.wantsColor(descriptor: 1)
    }

    func validate() throws {
        if colorOutput && monochromeOutput {
            throw ValidationError("-C/--color-output cannot be combined with -M/--monochrome-output")
        }
        if paths && (json || pretty) {
            throw ValidationError("--paths cannot be combined with --json or --pretty")
        }
        let formats = [("--json", json || pretty), ("--paths", paths), ("--csv", csv), ("--tsv", tsv), ("--xml", xml)]
            .filter(\.1)
        if formats.count > 1 {
            throw ValidationError("\(formats.map(\.0).joined(separator: ", ")) cannot be combined: choose one output format")
        }
        if withFilename && noFilename {
            throw ValidationError("--with-filename cannot be combined with --no-filename")
        }
        if withFilename && slurp {
            throw ValidationError("--with-filename cannot be combined with --slurp, which makes one array of every document")
        }
        if xml && (stream || slurp) {
            throw ValidationError("--xml cannot be combined with \(stream ? "--stream" : "--slurp"): it prints elements of documents loaded whole")
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
        if xml { return .xml }
        return .lines
    }

}

/// The values of `--color`.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
    case auto, always, never

    // As for ``InputFormat``: no key path built at run time.
    static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    static var allValueDescriptions: [String: String] { [:] }
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
    let command: QueryOptions
    /// The path and the files or URLs.
    let path: String
    let operands: [String]
    let diagnostics: Diagnostics

    func run() async -> ExitStatus {
        let query: CompiledQuery
        do {
            query = try CompiledQuery(path, jmespath: command.jmespath, parameters: command.parameters.bindings(for: [path]))
        } catch let error as QueryError {
            writeToStandardError(diagnostics.text(for: error))
            return ExitStatus(compiling: error)
        } catch {
            writeToStandardError(diagnostics.errorText("\(error)"))
            return .usage
        }

        let sources = operands.isEmpty ? [InputSource.standardInput] : operands.map(InputSource.init(operand:))
        var loader = DocumentLoader(options: command.input.loadOptions)
        loader.keepsXMLSource = command.xml
        let labels = (sources.count > 1 && !command.noFilename || command.withFilename) && !command.slurp
        if !command.slurp, !command.xml,
           let status = StreamRun(command: command, path: path, diagnostics: diagnostics).runIfStreaming(query, sources: sources)
        {
            return status
        }
        let output = command.output
        let colors = command.colors
        var printer = RecordPrinter(
            query: query, path: path, first: command.first, output: output, diagnostics: diagnostics,
            skimmer: colors ? nil : RecordPrinter.skimmer(for: query, output: output, options: loader.options))
        printer.withFilename = command.withFilename
        printer.colors = colors
        // JSON output is never prefixed: -H names the file inside it.
        let prefixes = labels && !output.isJSON
        var total = RecordPrinter.Outcome()
        var misses: [(label: String, explanation: Explanation?)] = []

        if command.slurp {
            let document: Document
            switch await Slurp(loader: loader, diagnostics: diagnostics).document(of: sources) {
            case .success(let slurped): document = slurped
            case .failure(let failure): return failure.status
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
                    path: path, explanation: miss.explanation, source: labels ? miss.label : nil))
            }
        }
        if let failure = total.failure { return failure }
        // No document at all (empty input) is no failure, as for jq.
        return total.matched || misses.isEmpty ? .matched : .noMatch
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
