import DocTree

/// The explorer as a pure state machine: where you are in the document, and
/// what each line you type answers.
///
/// It does no I/O: ``handle(_:)`` returns the lines to print, and
/// ``completions(for:cursor:)`` the candidates for tab completion, so the
/// same session runs under the line editor, from a pipe, and in tests (with
/// an injected ``PathEngine``).
///
/// ```swift
/// var session = ExplorerSession(document: doc, engine: DocQueryEngine())
/// session.handle("cd lists")      // prompt is now "rsp.lists> "
/// session.handle("ls")            // list  element  3
/// ```
struct ExplorerSession {
    let document: Document
    let engine: any PathEngine
    /// The node you are at.
    private(set) var current: Node
    /// Its canonical path from the root (`""` at the root).
    private(set) var location: String

    init(document: Document, engine: any PathEngine) {
        self.document = document
        self.engine = engine
        self.current = document.root
        self.location = ""
    }

    /// The prompt: where you are, then `> `. XML paths start with the root
    /// element's name (`rsp.lists> `); a JSON document's root is `/`.
    var prompt: String { where_ + "> " }

    private var where_: String {
        if document.format == .xml {
            let root = document.root.name ?? "/"
            if location.isEmpty { return root }
            return location.hasPrefix("[") ? root + location : root + "." + location
        }
        return location.isEmpty ? "/" : location
    }

    /// The commands the explorer knows, for help and completion.
    static let commands = ["cd", "ls", "tree", "cat", "paths", "pwd", "help", ":q"]

    /// Runs one input line and returns what to print.
    mutating func handle(_ line: String) -> ExplorerReply {
        let trimmed = line.trimmingXMLWhitespace()
        guard !trimmed.isEmpty else { return ExplorerReply() }
        let (word, rest) = Self.split(String(trimmed))
        switch word {
        case ":q", ":quit", "quit", "exit":
            return ExplorerReply(quit: true)
        case "help", "?", ":help":
            return ExplorerReply(output: Self.helpLines)
        case "pwd":
            return ExplorerReply(output: [LeafPaths.display(location)])
        case "cd":
            return changeDirectory(rest)
        case "ls":
            return withTargets(rest) { node in Outline.list(node, engine: engine) }
        case "tree":
            var depth = 3
            var argument = rest
            let (first, remainder) = Self.split(rest)
            if let number = Int(first) {
                guard number >= 0 else { return ExplorerReply(errors: ["tree: the depth must be 0 or more"]) }
                depth = number
                argument = remainder
            }
            return withTargets(argument) { node in Outline.tree(node, depth: depth, engine: engine) }
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
        let evaluation: Evaluation
        do {
            evaluation = try engine.compile(target).evaluate(from: node)
        } catch {
            return ExplorerReply(errors: Self.caretLines(error))
        }
        let nodes = evaluation.values.compactMap { value -> Node? in
            if case .node(let node) = value { return node }
            return nil
        }
        if evaluation.isEmpty {
            return ExplorerReply(errors: missLines(target, evaluation.miss, command: "cd"))
        }
        guard nodes.count == evaluation.values.count else {
            return ExplorerReply(errors: ["cd: \(target) is a computed value, not a place in the document"])
        }
        guard nodes.count == 1, let destination = nodes.first else {
            let example = evaluation.paths().first ?? "\(target)[0]"
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
        location = current == document.root ? "" : engine.canonicalPath(of: current)
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
        let evaluation: Evaluation
        do {
            evaluation = try engine.compile(argument).evaluate(from: current)
        } catch {
            return .reply(ExplorerReply(errors: Self.caretLines(error)))
        }
        if evaluation.isEmpty {
            return .reply(ExplorerReply(errors: missLines(argument, evaluation.miss)))
        }
        return .values(evaluation)
    }

    private enum EvaluationOutcome {
        case values(Evaluation)
        case reply(ExplorerReply)
    }

    /// Runs `body` on the current node, or on each node `argument` (a path
    /// from here) matches.
    private func withTargets(_ argument: String, _ body: (Node) -> [String]) -> ExplorerReply {
        guard !argument.isEmpty else { return ExplorerReply(output: body(current)) }
        let evaluation: Evaluation
        switch evaluateHere(argument) {
        case .values(let found): evaluation = found
        case .reply(let reply): return reply
        }
        var output: [String] = []
        for value in evaluation.values {
            switch value {
            case .node(let node): output += body(node)
            default: output.append(ValueFormatter.line(value))
            }
        }
        return ExplorerReply(output: output)
    }

    private func pathsReply(_ argument: String) -> ExplorerReply {
        let leaves = LeafPaths(engine: engine)
        var output: [String] = []
        if argument.isEmpty {
            leaves.forEachLeaf(of: current, path: location) { path, _, value in
                output.append(path + "\t" + QueryRun.escapedForLine(value))
            }
            return ExplorerReply(output: output)
        }
        let evaluation: Evaluation
        switch evaluateHere(argument) {
        case .values(let found): evaluation = found
        case .reply(let reply): return reply
        }
        for (value, path) in zip(evaluation.values, evaluation.paths()) {
            if case .node(let node) = value {
                leaves.forEachLeaf(of: node, path: path) { path, _, text in
                    output.append(path + "\t" + QueryRun.escapedForLine(text))
                }
            } else {
                output.append(path + "\t" + QueryRun.escapedForLine(ValueFormatter.line(value)))
            }
        }
        return ExplorerReply(output: output)
    }

    /// Any other input: a path from here, printed as `docq` prints values.
    private func evaluate(_ path: String) -> ExplorerReply {
        let evaluation: Evaluation
        do {
            evaluation = try engine.compile(path).evaluate(from: current)
        } catch {
            return ExplorerReply(errors: Self.caretLines(error))
        }
        if evaluation.isEmpty {
            return ExplorerReply(errors: missLines(path, evaluation.miss))
        }
        return ExplorerReply(output: evaluation.values.map { ValueFormatter.line($0) })
    }

    /// The explanation of an empty result, as plain lines.
    private func missLines(_ path: String, _ miss: Miss?, command: String? = nil) -> [String] {
        var lines = Diagnostics(style: .plain).noMatchLines(path: path, miss: miss, source: nil)
        if let command { lines[0] = "\(command): " + lines[0] }
        return lines
    }

    private static func caretLines(_ failure: PathFailure) -> [String] {
        Diagnostics(style: .plain).text(for: failure)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast()
            .map(String.init)
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
        ":q           leave (or Ctrl-D)",
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
