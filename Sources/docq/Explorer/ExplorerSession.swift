import DocQuery

/// The explorer as a pure state machine: where you are in the document, and
/// what each line you type answers.
///
/// It does no I/O: ``handle(_:)`` returns the lines to print, and
/// ``completions(for:cursor:)`` the candidates for tab completion, so the
/// same session runs under the line editor, from a pipe, and in tests. Paths
/// go through DocQuery's ``PathQuery``; errors and empty results print as
/// the library renders them.
///
/// ```swift
/// var session = ExplorerSession(document: doc)
/// _ = session.handle("cd lists")       // prompt is now "rsp.lists> "
/// let listing = session.handle("ls")   // list  element  3
/// ```
struct ExplorerSession: Sendable {
    let document: Document
    /// The node you are at.
    private(set) var current: Node
    /// Its canonical path from the root (`""` at the root).
    private(set) var location: String
    /// The language other input is read in: key paths, or JMESPath after `:jmespath`.
    private(set) var dialect = Dialect.keyPath

    /// The query languages the explorer reads.
    enum Dialect: Sendable {
        case keyPath, jmespath
    }

    init(document: Document) {
        self.document = document
        self.current = document.root
        self.location = ""
    }

    /// The prompt: where you are, then `> `. XML paths start with the root
    /// element's name (`rsp.lists> `); a JSON document's root is `/`.
    var prompt: String { where_ + (dialect == .jmespath ? " (jmespath)> " : "> ") }

    private var where_: String {
        if document.format == .xml {
            let root = document.root.name ?? "/"
            if location.isEmpty { return root }
            return location.hasPrefix("[") ? root + location : root + "." + location
        }
        return location.isEmpty ? "/" : location
    }

    /// The commands the explorer knows, for help and completion.
    static let commands = ["cd", "ls", "tree", "cat", "paths", "pwd", "help", ":jmespath", ":keypath", ":q", "q"]

    /// Runs one input line and returns what to print.
    mutating func handle(_ line: String) -> ExplorerReply {
        let trimmed = line.trimmingXMLWhitespace()
        guard !trimmed.isEmpty else { return ExplorerReply() }
        let (word, rest) = Self.split(String(trimmed))
        switch word {
        case ":q", "q", ":quit", "quit", "exit":
            return ExplorerReply(quit: true)
        case "help", "?", ":help":
            return ExplorerReply(output: Self.helpLines)
        case ":jmespath":
            dialect = .jmespath
            return ExplorerReply(output: ["expressions are now JMESPath (entry[*].{title: title}); :keypath switches back"])
        case ":keypath":
            dialect = .keyPath
            return ExplorerReply(output: ["expressions are now key paths"])
        case "pwd":
            return ExplorerReply(output: [LeafPaths.display(location)])
        case "cd":
            return changeDirectory(rest)
        case "ls":
            return withTargets(rest) { node in Outline.list(node) }
        case "tree":
            var depth = 3
            var argument = rest
            let (first, remainder) = Self.split(rest)
            if let number = Int(first) {
                guard number >= 0 else { return ExplorerReply(errors: ["tree: the depth must be 0 or more"]) }
                depth = number
                argument = remainder
            }
            return withTargets(argument) { node in Outline.tree(node, depth: depth) }
        case "cat":
            var asXML = false
            var argument = rest
            let (first, remainder) = Self.split(rest)
            if first == "--xml" {
                asXML = true
                argument = remainder
            } else if first == "--json" {
                argument = remainder
            }
            if asXML && document.format != .xml {
                return ExplorerReply(errors: ["cat --xml: this is a JSON document; use cat for JSON"])
            }
            return withTargets(argument) { node in
                if asXML {
                    return (node.xmlString() ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                }
                return node.jsonString(pretty: true).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            }
        case "paths":
            return pathsReply(rest)
        default:
            return evaluate(String(trimmed))
        }
    }

    // MARK: - Moving

    private mutating func changeDirectory(_ argument: String) -> ExplorerReply {
        var target = argument
        var node = current
        if target.isEmpty || target == "/" || target == "~" {
            move(to: document.root)
            return ExplorerReply()
        }
        if target.hasPrefix("/") {
            node = document.root
            target.removeFirst()
        }
        // Leading `..` steps (`..`, `../..`, `../list`) go up the tree.
        while target == ".." || target.hasPrefix("../") {
            node = Self.parent(of: node)
            target = String(target.dropFirst(target == ".." ? 2 : 3))
        }
        if target.isEmpty || target == "." {
            move(to: node)
            return ExplorerReply()
        }
        let result: QueryResult
        do {
            result = try PathQuery(target).evaluate(on: node)
        } catch {
            return ExplorerReply(errors: Self.errorLines(error))
        }
        let matches = result.selectedMatches
        let nodes = matches.compactMap(\.node)
        if matches.isEmpty {
            return ExplorerReply(errors: missLines(target, result.explanation, command: "cd"))
        }
        guard nodes.count == matches.count else {
            return ExplorerReply(errors: ["cd: \(target) is a computed value, not a place in the document"])
        }
        guard nodes.count == 1, let destination = nodes.first else {
            let example = result.selectedPaths.first ?? "\(target)[0]"
            return ExplorerReply(errors: ["cd: \(target) matches \(nodes.count) nodes; pick one, e.g. cd /\(example)"])
        }
        guard destination.kind.isContainer else {
            return ExplorerReply(errors: ["cd: \(target) is \(Outline.kindName(destination)), not a container: try \(target) or cat \(target)"])
        }
        move(to: destination)
        return ExplorerReply()
    }

    private mutating func move(to node: Node) {
        current = node.kind == .document ? document.root : node
        location = current == document.root ? "" : LeafPaths.canonicalPath(of: current)
    }

    /// The parent of a node, stopping at the root.
    private static func parent(of node: Node) -> Node {
        guard let parent = node.parent, parent.kind != .document else { return node }
        return parent
    }

    // MARK: - Commands on nodes

    /// Evaluates `argument` from here: the values, or the reply that
    /// explains a malformed path (caret) or a path that matched nothing.
    private func evaluateHere(_ argument: String) -> EvaluationOutcome {
        let result: QueryResult
        do {
            let query: CompiledQuery = dialect == .jmespath ? .jmespath(try JMESPath(argument)) : .path(try PathQuery(argument))
            result = try query.evaluate(on: current)
        } catch {
            return .reply(ExplorerReply(errors: Self.errorLines(error)))
        }
        // A JMESPath array is its elements, as `docq --jmespath` prints it.
        let matches = dialect == .jmespath ? Array(result) : result.selectedMatches
        if matches.isEmpty {
            return .reply(ExplorerReply(errors: missLines(argument, dialect == .jmespath ? nil : result.explanation)))
        }
        return .values(matches, { result.selectedPaths })
    }

    private enum EvaluationOutcome {
        /// The matches, and their canonical paths when asked (a pass over them).
        case values([Match], () -> [String])
        case reply(ExplorerReply)
    }

    /// Runs `body` on the current node, or on each node `argument` (a path
    /// from here) matches.
    private func withTargets(_ argument: String, _ body: (Node) -> [String]) -> ExplorerReply {
        guard !argument.isEmpty else { return ExplorerReply(output: body(current)) }
        let matches: [Match]
        switch evaluateHere(argument) {
        case .values(let found, _): matches = found
        case .reply(let reply): return reply
        }
        var output: [String] = []
        for match in matches {
            if let node = match.node {
                output += body(node)
            } else {
                output.append(ValueFormatter.line(match))
            }
        }
        return ExplorerReply(output: output)
    }

    private func pathsReply(_ argument: String) -> ExplorerReply {
        let leaves = LeafPaths()
        var output: [String] = []
        if argument.isEmpty {
            leaves.forEachLeaf(of: current, path: location) { path, _, value in
                output.append(path + "\t" + QueryRun.escapedForLine(value))
            }
            return ExplorerReply(output: output)
        }
        let matches: [Match]
        let paths: [String]
        switch evaluateHere(argument) {
        case .values(let found, let foundPaths): (matches, paths) = (found, foundPaths())
        case .reply(let reply): return reply
        }
        for (match, path) in zip(matches, paths) {
            if let node = match.node {
                leaves.forEachLeaf(of: node, path: path) { path, _, text in
                    output.append(path + "\t" + QueryRun.escapedForLine(text))
                }
            } else {
                output.append(path + "\t" + QueryRun.escapedForLine(ValueFormatter.line(match)))
            }
        }
        return ExplorerReply(output: output)
    }

    /// Any other input: a path from here, printed as `docq` prints values.
    private func evaluate(_ path: String) -> ExplorerReply {
        switch evaluateHere(path) {
        case .values(let matches, _): return ExplorerReply(output: matches.map { ValueFormatter.line($0) })
        case .reply(let reply): return reply
        }
    }

    /// The explanation of an empty result, as plain lines.
    private func missLines(_ path: String, _ explanation: Explanation?, command: String? = nil) -> [String] {
        var lines = Diagnostics(style: .plain).noMatchLines(path: path, explanation: explanation, source: nil)
        if let command { lines[0] = "\(command): " + lines[0] }
        return lines
    }

    /// A malformed path or failed evaluation, as plain lines with a caret.
    private static func errorLines(_ error: QueryError) -> [String] {
        error.renderedLines()
    }

    /// The first word of `text` and the rest, trimmed.
    static func split(_ text: String) -> (String, String) {
        guard let space = text.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return (text, "") }
        let rest = text[space...].trimmingXMLWhitespace()
        return (String(text[..<space]), String(rest))
    }

    static let helpLines = [
        "cd PATH      go to the node PATH matches (cd .., cd ../.., cd / for the root, cd /PATH from the root)",
        "ls [PATH]    the keys here: attributes, child elements or members, with kind and count",
        "tree [DEPTH] the outline below here (default depth 3)",
        "cat [PATH]   the node as pretty JSON; cat --xml [PATH] as XML",
        "paths [PATH] every leaf below here with its canonical path",
        "pwd          the canonical path of where you are",
        "PATH         anything else is evaluated as a path from here, e.g. list[0].name",
        ":jmespath    read expressions as JMESPath from now on (list[*].{n: name}); :keypath switches back",
        ":q or q      leave (or Ctrl-D); Ctrl-C stops a command that runs long",
        "Tab completes keys, reserved names (_contents …) and operators (@count …).",
        "A key that is also a command word can be written quoted: \"ls\".",
    ]
}

/// What one line of input answers.
struct ExplorerReply: Equatable, Sendable {
    /// Lines for standard output.
    var output: [String] = []
    /// Lines for standard error (errors, "no match" explanations).
    var errors: [String] = []
    /// Whether the session ends.
    var quit = false
}
