import DocQuery

/// Tab-completion candidates for the word at the cursor.
struct Completion: Equatable, Sendable {
    /// Where the word being completed starts in the line, in characters.
    var start: Int
    /// The word as typed so far (from ``start`` to the cursor).
    var partial: String
    /// Full replacements for ``partial``, sorted, without duplicates. A key
    /// that needs quotes is offered quoted, for its name as typed with or
    /// without an opening quote (`my` and `'my` both complete to
    /// `"my key"`), so a candidate need not start with ``partial``.
    var candidates: [String]

    /// The longest text every candidate starts with (at least ``partial``
    /// when there are candidates and it is shorter).
    var commonPrefix: String {
        guard var prefix = candidates.first else { return partial }
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix.count >= partial.count ? prefix : partial
    }
}

extension ExplorerSession {
    /// The completion of the word that ends at `cursor` (a character offset
    /// into `line`): command names at the start of the line, `--xml` after
    /// `cat`, otherwise the keys, reserved names and (after `@`) operators
    /// that can follow the path typed so far, evaluated from here.
    func completions(for line: String, cursor: Int) -> Completion {
        let characters = Array(line)
        let head = String(characters[..<min(max(cursor, 0), characters.count)])
        if dialect == .jmespath { return jmespathCompletions(head) }
        let pathStart = Self.pathTokenStart(head)
        let token = String(Array(head)[pathStart...])
        let before = String(Array(head)[..<pathStart]).trimmingXMLWhitespace()

        // Within a filter (`list[?sm`), complete the member's keys.
        if let filter = Self.openFilter(in: token) {
            let inner = String(Array(token)[filter.contentStart...])
            let wordStart = Self.filterWordStart(inner)
            let word = String(Array(inner)[wordStart...])
            let (base, partial, partialOffset) = Self.splitLastStep(word)
            var contexts = nodes(at: filter.collectionPath, from: current)
            contexts = contexts.flatMap { $0.kind == .array ? Array($0.contents) : [$0] }
            if !base.isEmpty { contexts = contexts.flatMap { nodes(at: base, from: $0) } }
            let candidates = keyCandidates(of: contexts, partial: partial)
            return Completion(start: pathStart + filter.contentStart + wordStart + partialOffset,
                              partial: partial, candidates: candidates)
        }

        let (base, partial, partialOffset) = Self.splitLastStep(token)
        let start = pathStart + partialOffset
        if before.isEmpty && base.isEmpty {
            // The first word: a command or a path.
            var candidates = Self.commands.filter { $0.hasPrefix(partial) }
            candidates += keyCandidates(of: [current], partial: partial)
            return Completion(start: start, partial: partial, candidates: Self.sortedUnique(candidates))
        }
        if before == "cat" && base.isEmpty && partial.hasPrefix("-") {
            return Completion(start: start, partial: partial, candidates: ["--xml"].filter { $0.hasPrefix(partial) })
        }
        var origin = current
        var basePath = base
        if basePath.hasPrefix("/") && (before == "cd" || before.isEmpty) {
            origin = document.root
            basePath.removeFirst()
        }
        let contexts = basePath.isEmpty ? [origin] : nodes(at: basePath, from: origin)
        return Completion(start: start, partial: partial, candidates: keyCandidates(of: contexts, partial: partial))
    }

    /// In JMESPath: the identifier being typed completes to a function name
    /// (with its `(`), a key of the node here, or a command at the start.
    private func jmespathCompletions(_ head: String) -> Completion {
        let characters = Array(head)
        var start = characters.count
        while start > 0, characters[start - 1].isLetter || characters[start - 1].isNumber || characters[start - 1] == "_" {
            start -= 1
        }
        let partial = String(characters[start...])
        var candidates = JMESPath.functionNames.map { $0 + "(" }.filter { $0.hasPrefix(partial) }
        candidates += keyCandidates(of: [current], partial: partial).filter { !$0.hasPrefix("@") && !$0.hasPrefix("_") }
        if start == 0 { candidates += Self.commands.filter { $0.hasPrefix(partial) } }
        return Completion(start: start, partial: partial, candidates: Self.sortedUnique(candidates))
    }

    /// The nodes a path matches from `origin`; none on any error.
    private func nodes(at path: String, from origin: Node) -> [Node] {
        guard let result = try? PathQuery(path).evaluate(on: origin) else { return [] }
        return result.selectedMatches.compactMap(\.node)
    }

    /// Keys of `nodes` (attributes, child elements, members; each written as
    /// a path step), reserved names and operators that start with `partial`.
    private func keyCandidates(of nodes: [Node], partial: String) -> [String] {
        var keys: [(step: String, name: String)] = []
        var seen: Set<String> = []
        var scanned = 0
        for node in nodes.prefix(1000) {
            let children = node.kind == .document ? [node.document.root] : Array(node.attributes) + Array(node.contents)
            for child in children {
                scanned += 1
                if scanned > 50_000 { break }
                guard let name = child.name else { continue }
                for key in [name, child.localName ?? name] {
                    let step = PathQuery.quotedKey(key)
                    if seen.insert(step).inserted { keys.append((step, key)) }
                }
            }
        }
        // An opening quote typed asks for the keys that need one.
        let typedName = Self.unquoted(partial)
        let quoteTyped = partial.first == "\"" || partial.first == "'"
        var candidates = keys.filter { key in
            key.step.hasPrefix(partial)
                || key.name.hasPrefix(typedName) && (!quoteTyped || key.step.first == "\"" || key.step.first == "'")
        }.map(\.step)
        if partial.hasPrefix("@") || partial.isEmpty {
            candidates += CollectionOperator.allCases.map(\.rawValue).filter { $0.hasPrefix(partial) }
        }
        if partial.hasPrefix("_") || partial.isEmpty {
            candidates += ReservedKey.all.filter { $0.hasPrefix(partial) }
        }
        return Self.sortedUnique(candidates)
    }

    private static func sortedUnique(_ values: [String]) -> [String] {
        var seen: Set<String> = []
        return values.filter { seen.insert($0).inserted }.sorted { lhs, rhs in
            // Keys before reserved names before operators, then by text.
            let rank = { (s: String) in s.hasPrefix("@") ? 2 : (s.hasPrefix("_") ? 1 : 0) }
            return rank(lhs) != rank(rhs) ? rank(lhs) < rank(rhs) : lhs < rhs
        }
    }

    // MARK: - Scanning the typed text

    /// The key a partly typed step names: without its opening quote and
    /// with its escapes read (`'it\'s` is `it's`).
    static func unquoted(_ partial: String) -> String {
        guard let quote = partial.first, quote == "\"" || quote == "'" else { return partial }
        var key = ""
        var escaped = false
        for character in partial.dropFirst() {
            if escaped || character != "\\" {
                key.append(character)
                escaped = false
            } else {
                escaped = true
            }
        }
        return key
    }

    /// Where the path being typed starts: after the last space that is not
    /// inside quotes or brackets.
    static func pathTokenStart(_ head: String) -> Int {
        var depth = 0
        var start = 0
        forEachUnquoted(Array(head)) { offset, character in
            switch character {
            case "[", "(": depth += 1
            case "]", ")": depth = max(depth - 1, 0)
            case " ", "\t": if depth == 0 { start = offset + 1 }
            default: break
            }
        }
        return start
    }

    /// The last `[?` still open in `token`: the path before it and where its
    /// content starts.
    static func openFilter(in token: String) -> (collectionPath: String, contentStart: Int)? {
        let characters = Array(token)
        var opens: [Int] = []
        let quoteOpen = forEachUnquoted(characters) { offset, character in
            switch character {
            case "[": opens.append(offset)
            case "]": _ = opens.popLast()
            default: break
            }
        }
        guard !quoteOpen, let open = opens.last, open + 1 < characters.count, characters[open + 1] == "?" else {
            return nil
        }
        return (String(characters[..<open]), open + 2)
    }

    /// Where the relative path being typed inside a filter starts: after the
    /// last space, `(`, `!`, `&`, `|` or comparison sign.
    static func filterWordStart(_ inner: String) -> Int {
        var start = 0
        for (offset, character) in inner.enumerated() where " ()!&|=<>".contains(character) {
            start = offset + 1
        }
        return start
    }

    /// Splits a path at its last `.` outside quotes and brackets: the base,
    /// the step being typed, and where that step starts.
    static func splitLastStep(_ token: String) -> (base: String, partial: String, offset: Int) {
        let characters = Array(token)
        var depth = 0
        var dot: Int?
        forEachUnquoted(characters) { offset, character in
            switch character {
            case "[": depth += 1
            case "]": depth = max(depth - 1, 0)
            case ".": if depth == 0 { dot = offset }
            default: break
            }
        }
        guard let dot else { return ("", token, 0) }
        var base = String(characters[..<dot])
        // `..` (recursive descent) keeps its dots with the base.
        if base.hasSuffix(".") { base.removeLast() }
        return (base, String(characters[(dot + 1)...]), dot + 1)
    }

    /// Calls `body` with each character of `characters` (and its offset)
    /// that is outside single or double quotes and not escaped by a
    /// backslash; quotes and escapes themselves are not passed. Returns
    /// whether a quote is still open at the end.
    @discardableResult
    static func forEachUnquoted(_ characters: [Character], _ body: (Int, Character) -> Void) -> Bool {
        var quote: Character?
        var escaped = false
        for (offset, character) in characters.enumerated() {
            if escaped { escaped = false; continue }
            if character == "\\" { escaped = true; continue }
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            if character == "\"" || character == "'" {
                quote = character
                continue
            }
            body(offset, character)
        }
        return quote != nil
    }
}
