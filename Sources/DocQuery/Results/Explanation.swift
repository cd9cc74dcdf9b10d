/// Why a path matched nothing: how far it got, what was there, and what the
/// user probably meant.
///
/// ```swift
/// let result = doc["tasks.list.tasksries.name"]
/// print(result.explanation!)
/// // no match for 'tasks.list.tasksries.name'
/// //   tasks.list.tasksries.name
/// //              ^~~~~~~~~
/// // 'tasks.list' matched 2 elements, but none has the key 'tasksries'
/// // did you mean 'taskseries'?
/// // keys there: id (2), taskseries (5)
/// ```
///
/// The explanation is computed on request, by evaluating the path again
/// step by step and stopping at the first step that left nothing. Its text
/// (``description``) is what to show; ``message`` and ``suggestion`` are
/// the parts a program may act on.
public struct Explanation: Sendable, Equatable, CustomStringConvertible {
    /// The whole path, as written (a chain of subscripts and members is
    /// joined into one path).
    package let path: String
    /// The longest prefix of the path that still matched something (`""`
    /// when the first step already failed: the prefix is the starting point).
    package let matchedPath: String
    /// How many values ``matchedPath`` matched.
    package let matchedCount: Int
    /// The step that matched nothing, as written.
    package let failedStep: String
    /// Where ``failedStep`` is in ``path`` (character offsets).
    package let failedRange: Range<Int>
    /// One sentence saying why the step matched nothing.
    package let reason: String
    /// The keys available where the path stopped matching, with how many
    /// times each occurs, in order of first appearance.
    package let availableKeys: [KeyCount]
    /// A near-miss key (or reserved name) the user probably meant.
    package let nearMiss: String?
    /// When the missing key exists elsewhere in the document, the canonical
    /// path of its first occurrence.
    package let elsewhere: String?
    /// The error, when the path was malformed or failed to evaluate and the
    /// API used does not throw.
    package let error: QueryError?

    /// A key and how many times it occurs.
    package struct KeyCount: Sendable, Hashable, CustomStringConvertible {
        /// The key as it appears in the document.
        package let key: String
        /// How many times it occurs where the path stopped.
        package let count: Int
        /// The key as a path writes it (quoted when it must be: `"a b"`,
        /// `"java.version"`), then its count when it occurs more than once:
        /// `key` or `key (count)`.
        package var description: String {
            let written = Syntax.quotedIfNeeded(key)
            return count > 1 ? "\(written) (\(count))" : written
        }
    }

    /// One sentence saying why the path matched nothing (`"'tasks.list'
    /// matched 2 elements, but none has the key 'tasksries'"`), or the
    /// error's message when the path was malformed or failed to evaluate.
    public var message: String { reason }

    /// The key, reserved name or path the user probably meant (`"taskseries"`
    /// for `tasksries`), if one is close enough.
    public var suggestion: String? { nearMiss }

    /// A few lines for people: the path with a caret under the failing step,
    /// the reason, a suggestion, and the keys that were available (an
    /// error's ``QueryError/description`` when the path failed).
    public var description: String {
        if let error { return error.description }
        return (["no match for '\(path)'"] + renderedLines(textIndent: "")).joined(separator: "\n")
    }

    /// The lines under the heading: the path with a caret under the failing
    /// step (indented by two spaces), then the reason, the suggestion, where
    /// else the key occurs and the keys there, each after `textIndent`.
    /// `docq` prints them under `no match: PATH` with `textIndent` two spaces.
    package func renderedLines(textIndent: String, style: some DiagnosticStyle = .plain) -> [String] {
        if let error { return error.renderedLines(style: style) }
        var lines = CaretRenderer.lines(path, range: failedRange, style: style)
        lines.append(textIndent + reason)
        return lines + hintLines(textIndent: textIndent, style: style)
    }

    /// The lines after the reason: the suggestion, where else the key
    /// occurs and the keys there, each after `textIndent` (an edit's miss
    /// shows them under its error, which says the reason).
    package func hintLines(textIndent: String, style: some DiagnosticStyle = .plain) -> [String] {
        guard error == nil else { return [] }
        var lines: [String] = []
        if let nearMiss { lines.append(textIndent + "did you mean '\(style.emphasis(nearMiss))'?") }
        if let elsewhere { lines.append(textIndent + "it occurs elsewhere, e.g. at '\(elsewhere)'") }
        if !availableKeys.isEmpty {
            let shown = availableKeys.prefix(Self.keysShown).map(\.description).joined(separator: ", ")
            let more = availableKeys.count > Self.keysShown ? ", … (\(availableKeys.count - Self.keysShown) more)" : ""
            lines.append(textIndent + "keys there: \(shown)\(more)")
        }
        return lines
    }

    /// How many available keys the rendered text lists before "… (n more)".
    static let keysShown = 20

    init(error: QueryError) {
        self.path = error.path
        self.matchedPath = ""
        self.matchedCount = 0
        self.failedStep = String(Array(error.path).dropFirst(error.range.lowerBound).prefix(error.range.count))
        self.failedRange = error.range
        self.reason = error.message
        self.availableKeys = []
        self.nearMiss = nil
        self.elsewhere = nil
        self.error = error
    }

    private init(
        path: String, matchedPath: String, matchedCount: Int, failedRange: Range<Int>, reason: String,
        availableKeys: [KeyCount] = [], suggestion: String? = nil, elsewhere: String? = nil
    ) {
        self.path = path
        self.matchedPath = matchedPath
        self.matchedCount = matchedCount
        self.failedStep = String(Array(path).dropFirst(failedRange.lowerBound).prefix(failedRange.count))
        self.failedRange = failedRange
        self.reason = reason
        self.availableKeys = availableKeys
        self.nearMiss = suggestion
        self.elsewhere = elsewhere
        self.error = nil
    }

    /// Explains an empty result by replaying its path with tracing on.
    init(explaining result: QueryResult) {
        let origin = result.origin
        if let error = origin.error {
            self.init(error: error)
            return
        }
        let document = result.document
        let (text, offsets) = origin.joined
        var items = origin.start
        var computed: [ComputedValue] = []
        for (k, query) in origin.trail.enumerated() {
            var evaluator = Evaluator(query: query, document: document, computed: computed)
            var output = items
            do {
                try evaluator.run(query.steps[...], &output, tracing: true)
            } catch {
                self.init(error: error)
                return
            }
            if output.isEmpty {
                if let failure = evaluator.failure {
                    self.init(failure: failure, query: query, evaluator: evaluator, path: text, offset: offsets[k])
                } else {
                    let range = offsets[k]..<offsets[k] + query.description.count
                    self.init(path: text, matchedPath: "", matchedCount: 0, failedRange: range, reason: "there was nothing to start from")
                }
                return
            }
            items = output
            computed = evaluator.computed
        }
        self.init(path: text, matchedPath: text, matchedCount: 0, failedRange: text.count..<text.count, reason: "nothing matched")
    }

    private init(failure: (step: Int, input: [UInt32]), query: PathQuery, evaluator: Evaluator, path: String, offset: Int) {
        let step = query.steps[failure.step]
        let local = QueryError.characterRange(step.range, in: query.description)
        let range = (offset + local.lowerBound)..<(offset + local.upperBound)
        var prefix = String(path.prefix(range.lowerBound))
        while let last = prefix.last, last == "." || last.isWhitespace { prefix.removeLast() }
        if failure.step > 0, query.steps[failure.step - 1].isOperator, failure.step < query.steps.count,
            !query.steps[failure.step].isOperator
        {
            // The step failed inside an operator's right side, whose input is
            // the collection of the operator's left side: name that instead.
            let op = query.steps[failure.step - 1]
            let opStart = offset + QueryError.characterRange(op.range, in: query.description).lowerBound
            prefix = String(path.prefix(opStart))
            while let last = prefix.last, last == "." || last.isWhitespace { prefix.removeLast() }
        }
        let input = failure.input
        let isRoot = input.count == 1 && input[0] == evaluator.document.root.index
        let subject = prefix.isEmpty
            ? "\(isRoot ? "the root" : "the starting point") is \(evaluator.summarize(input))"
            : "'\(prefix)' matched \(evaluator.summarize(input))"
        let one = input.count == 1 && evaluator.loneArray(input) == nil
        let collectionSize = evaluator.collectionSize(input)

        var keys: [KeyCount] = []
        var suggestion: String? = nil
        var elsewhere: String? = nil
        let reason: String
        switch step.kind {
        case .key(let slot):
            let key = query.keys[slot]
            keys = evaluator.keyCounts(of: input)
            if isRoot, prefix.isEmpty, let rootName = evaluator.document.root.name,
               rootName.utf8.elementsEqual(key.utf8)
            {
                // An XML path starts inside the root element, so naming the
                // root first is the most common first mistake: say so, and
                // offer the path without it.
                reason = "the root is the element '\(key)' itself, and paths start inside it"
                let rest = path.dropFirst(range.upperBound)
                if rest.isEmpty {
                    suggestion = "."
                } else if rest.first == "." {
                    suggestion = String(rest.dropFirst())
                }
                break
            }
            if keys.isEmpty && !evaluator.hasContainer(input) {
                reason = "\(subject), which \(one ? "has" : "have") no keys"
            } else {
                reason = "\(subject), but \(one ? "it has no key" : "none has the key") '\(key)'"
                    + (Self.unboundParameterNote(key).map { "; " + $0 } ?? "")
            }
            if let dotted = Self.dottedKeyPath(path, failedAt: range, keys: keys.map(\.key)) {
                suggestion = dotted
                break
            }
            var candidates = keys.map(\.key)
            if key.hasPrefix("_") { candidates += ReservedName.allCases.map(\.rawValue) }
            suggestion = Suggestions.closest(to: key, in: candidates)
            elsewhere = evaluator.firstOccurrence(of: key)
        case .reserved(let name):
            keys = evaluator.keyCounts(of: input)
            reason = "\(subject), for which '\(name)' yields nothing"
        case .wildcard:
            reason = "\(subject), which \(one ? "has" : "have") no children"
        case .descendant(let slot):
            if let slot {
                let key = query.keys[slot]
                let names = evaluator.descendantKeyCounts(of: input)
                reason = "\(subject), but nothing below \(one ? "it" : "them") is named '\(key)'"
                suggestion = Suggestions.closest(to: key, in: names.map(\.key))
            } else {
                reason = "\(subject), which \(one ? "has" : "have") no descendants"
            }
        case .index(let index):
            reason = "\(subject); index [\(index)] is out of range for \(collectionSize) \(collectionSize == 1 ? "value" : "values")"
        case .slice:
            reason = "\(subject); the slice is empty for \(collectionSize) \(collectionSize == 1 ? "value" : "values")"
        case .filter(let expression):
            reason = "\(subject), but the filter kept none of \(collectionSize == 1 ? "it" : "the \(collectionSize)")"
                + (Self.quotedKeyHint(in: expression, query: query, input: input, evaluator: evaluator).map { "; " + $0 } ?? "")
                + (Self.unboundParameterHint(in: expression, query: query).map { "; " + $0 } ?? "")
        case .collectionOperator(let op):
            reason = collectionSize == 0
                ? "\(subject), so '\(op)' has nothing to work on"
                : "\(subject), but '\(op)' found no values to work on"
        }
        self.init(
            path: path, matchedPath: prefix, matchedCount: input.count, failedRange: range, reason: reason,
            availableKeys: keys, suggestion: suggestion, elsewhere: elsewhere)
    }
}

extension Explanation {
    /// When a comparison in a filter names a double-quoted key (`"Inbox"`)
    /// that no member has, the likely intent was the text 'Inbox': say so.
    static func quotedKeyHint(in expression: FilterExpression, query: PathQuery, input: [UInt32], evaluator: Evaluator) -> String? {
        let members = evaluator.loneArray(input).map { array in
            Node(document: evaluator.document, index: array).children.map(\.index)
        } ?? input
        let present = Set(evaluator.keyCounts(of: members).map(\.key))
        var pending = [expression]
        while let next = pending.popLast() {
            switch next {
            case .or(let a, let b), .and(let a, let b): pending += [a, b]
            case .not(let a): pending.append(a)
            case .test: break
            case .comparison(let left, _, let right):
                for case .path(let steps) in [left, right] {
                    guard steps.count == 1, case .key(let slot) = steps[0].kind else { continue }
                    let written = query.description.unicodeScalars.dropFirst(steps[0].range.lowerBound)
                    let key = query.keys[slot]
                    guard written.first == "\"", !present.contains(key) else { continue }
                    let literal = key.replacing("\\", with: "\\\\").replacing("'", with: "\\'")
                    return "\"\(key)\" in double quotes is a key, which no member has; for the text, write '\(literal)'"
                }
            }
        }
        return nil
    }
}

extension Evaluator {
    /// "2 elements", "an object", "3 values", "an array of 4 objects".
    func summarize(_ items: [UInt32]) -> String {
        if let array = loneArray(items) {
            var elements: [UInt32] = []
            appendChildren(of: array, into: &elements)
            if elements.isEmpty { return "an empty array" }
            var inner = summarize(elements)
            if elements.count == 1, let space = inner.firstIndex(of: " ") { inner = "1" + inner[space...] }
            return "an array of \(inner)"
        }
        var kinds: [String] = []
        for item in items {
            let name: String
            if !isNode(item) {
                if case .number = computed[Int(item - base)] { name = "number" } else { name = "text value" }
            } else {
                switch kind(item) {
                case .object: name = "object"
                case .array: name = "array"
                case .string: name = "string"
                case .number: name = "number"
                case .true, .false: name = "boolean"
                case .null: name = "null"
                case .element: name = "element"
                case .attribute: name = "attribute"
                default: name = "node"
                }
            }
            if !kinds.contains(name) { kinds.append(name) }
        }
        let noun = kinds.count == 1 ? kinds[0] : "value"
        if items.count == 1 {
            if noun == "null" { return "null" }
            let article = "aeiou".contains(noun.first!) ? "an" : "a"
            return "\(article) \(noun)"
        }
        return "\(items.count) \(noun == "null" ? "nulls" : noun + "s")"
    }

    /// How many members an index, slice or filter would see.
    func collectionSize(_ items: [UInt32]) -> Int {
        if let array = loneArray(items) { return Int(nodes[Int(array)].b) }
        return items.count
    }

    func hasContainer(_ items: [UInt32]) -> Bool {
        items.contains { isNode($0) && nodes[Int($0)].isContainer }
    }

    /// The keys of the items with their counts, in order of first appearance.
    func keyCounts(of items: [UInt32]) -> [Explanation.KeyCount] {
        var order: [UInt32] = []
        var counts: [UInt32: Int] = [:]
        var names: [UInt32] = []
        for item in items where isNode(item) {
            names.removeAll(keepingCapacity: true)
            collectKeyNames(of: item, into: &names)
            for name in names {
                if counts[name] == nil { order.append(name) }
                counts[name, default: 0] += 1
            }
        }
        return order.map { Explanation.KeyCount(key: table.names[$0], count: counts[$0]!) }
    }

    /// The names used anywhere below the items, with counts.
    func descendantKeyCounts(of items: [UInt32]) -> [Explanation.KeyCount] {
        var order: [UInt32] = []
        var counts: [UInt32: Int] = [:]
        for item in items where isNode(item) {
            var p = item + 1
            let end = subtreeEnd(item)
            while p < end {
                let record = nodes[Int(p)]
                if record.nameID != 0 && record.kind != .processingInstruction {
                    if counts[record.nameID] == nil { order.append(record.nameID) }
                    counts[record.nameID, default: 0] += 1
                }
                p += 1
            }
        }
        return order.map { Explanation.KeyCount(key: table.names[$0], count: counts[$0]!) }
    }

    /// The canonical path of the first node anywhere in the document that
    /// the key selects, if any.
    func firstOccurrence(of key: String) -> String? {
        guard let id = table.names.id(of: key), id != 0 else { return nil }
        let first = localNameIDs.withUnsafeBufferPointer { locals in
            nodes.firstIndex { Document.key(id, selects: $0, locals) }
        }
        guard let first else { return nil }
        var builder = CanonicalPathBuilder(document: document, onlyFor: UInt32(first))
        return builder.path(of: UInt32(first)).map { $0.isEmpty ? "." : $0 }
    }
}
