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

            EXIT STATUS:
              0  at least one value matched
              1  the path matched nothing (stderr explains how far it got)
              2  a usage error, or a malformed path (shown with a caret)
              3  a document could not be read or parsed; the other documents
                 are still processed

            More: 'docq explore --help' for the explorer, and
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
enum CompiledQuery {
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
        let prefixes = sources.count > 1 && !command.noFilename
        let asJSON = command.json || command.pretty
        let loader = DocumentLoader(options: command.input.loadOptions)
        var out = OutputStream.standardOutput()
        var matched = false
        var unreadable = false
        var failedPath = false
        var misses: [(label: String, explanation: Explanation?)] = []

        for source in sources {
            let prefix = prefixes ? source.label + ":" : ""
            let document: Document
            do {
                document = try await loader.load(source)
            } catch {
                out.flush()
                writeToStandardError(diagnostics.text(for: error, source: source.label))
                unreadable = true
                continue
            }
            let result: QueryResult
            do {
                result = try query.evaluate(on: document)
            } catch {
                out.flush()
                writeToStandardError(diagnostics.text(for: error, source: prefixes ? source.label : nil))
                failedPath = true
                continue
            }
            // A JMESPath array is its elements; a key path's lone array stays one value.
            var values = command.jmespath ? Array(result) : result.selectedMatches
            if command.first { values = Array(values.prefix(1)) }
            if values.isEmpty {
                misses.append((source.label, command.jmespath ? nil : result.explanation))
            } else {
                matched = true
            }

            if asJSON {
                ValueFormatter.writeJSONArray(values, pretty: command.pretty, prefix: prefix, to: &out)
            } else if command.paths {
                let leaves = LeafPaths()
                for (value, path) in zip(values, result.selectedPaths) {
                    if let node = value.node {
                        leaves.forEachLeaf(of: node, path: path) { path, _, text in
                            out.write(prefix)
                            out.write(path)
                            out.write("\t")
                            out.line(Self.escapedForLine(text))
                        }
                    } else {
                        out.line(prefix + path + "\t" + Self.escapedForLine(ValueFormatter.line(value)))
                    }
                }
            } else {
                for value in values {
                    ValueFormatter.writeLine(value, prefix: prefix, to: &out)
                }
            }
        }
        out.flush()

        if !matched {
            for miss in misses {
                writeToStandardError(diagnostics.noMatchText(
                    path: command.path, explanation: miss.explanation, source: prefixes ? miss.label : nil))
            }
        }
        if unreadable { return .unreadableDocument }
        if failedPath { return .usage }
        return matched ? .matched : .noMatch
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
