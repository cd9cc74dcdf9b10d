@testable import DocTree

/// Evaluates the few XPath 1.0 forms that `shared/conformance/xml-hostile/
/// expected.json` uses, over a loaded ``Document``, so its checks run as
/// data instead of being rewritten by hand.
///
/// Supported: an outer `string()`, `count()`, `name()`, `local-name()` or
/// `namespace-uri()` around an absolute path of `/` and `//` steps; steps
/// `NAME`, `*`, `@NAME`, `@*`, `text()`, `comment()`,
/// `processing-instruction()` with an optional target; predicates `[n]`,
/// `[not(NAME)]` and `[f()='…' and …]` with `f` one of `namespace-uri`,
/// `local-name`, `name`. Anything else throws ``Unsupported``, so a new
/// form in the data fails loudly instead of passing by accident.
///
/// The mapping onto the tree: children are ``Node/children`` (elements,
/// text runs, kept comments and PIs), attributes ``Node/attributes``, the
/// string value of an element ``Node/text``, of a leaf ``Node/string``.
struct XPathSubset {
    struct Unsupported: Error, CustomStringConvertible {
        let expression: String
        let reason: String
        var description: String { "unsupported XPath '\(expression)': \(reason)" }
    }

    let document: Document

    /// The expression's value as a string, as XPath's `string()` would give it.
    func evaluate(_ expression: String) throws -> String {
        var scanner = Scanner(text: expression)
        let value = try scanner.parseExpression(in: self)
        guard scanner.atEnd else { throw Unsupported(expression: expression, reason: "trailing text") }
        return value
    }

    // MARK: Node helpers

    fileprivate func stringValue(_ node: Node) -> String {
        switch node.kind {
        case .element, .document: return node.text
        default: return node.string ?? ""
        }
    }

    fileprivate func name(_ node: Node) -> String {
        switch node.kind {
        case .element, .attribute, .processingInstruction: return node.name ?? ""
        default: return ""
        }
    }

    fileprivate func localName(_ node: Node) -> String {
        switch node.kind {
        case .element, .attribute, .processingInstruction: return node.localName ?? ""
        default: return ""
        }
    }

    /// The node and every descendant that can have children, in document order.
    fileprivate func selfAndDescendantContainers(_ node: Node) -> [Node] {
        var result = [node]
        var stack = Array(node.children.reversed())
        while let next = stack.popLast() {
            guard next.kind == .element else { continue }
            result.append(next)
            stack.append(contentsOf: next.children.reversed())
        }
        return result
    }
}

/// A node test and its predicates.
private struct Step {
    enum Test {
        case element(String?)  // nil = *
        case attribute(String?)  // nil = @*
        case text, comment
        case processingInstruction(String?)
    }
    enum Predicate {
        case position(Int)
        case noChild(String)
        case all([(function: String, value: String)])
    }
    var descendant: Bool
    var test: Test
    var predicates: [Predicate] = []

    func matches(_ node: Node) -> Bool {
        switch (test, node.kind) {
        case (.element(let name), .element): return name == nil || node.name == name
        case (.attribute(let name), .attribute): return name == nil || node.name == name
        case (.text, .text), (.comment, .comment): return true
        case (.processingInstruction(let target), .processingInstruction): return target == nil || node.name == target
        default: return false
        }
    }
}

private struct Scanner {
    let text: [Character]
    let source: String
    var position = 0

    init(text: String) {
        self.text = Array(text)
        self.source = text
    }

    var atEnd: Bool { position == text.count }

    mutating func fail(_ reason: String) -> XPathSubset.Unsupported {
        XPathSubset.Unsupported(expression: source, reason: reason + " at \(position)")
    }

    mutating func skip(_ literal: String) -> Bool {
        let chars = Array(literal)
        guard position + chars.count <= text.count, Array(text[position..<position + chars.count]) == chars else {
            return false
        }
        position += chars.count
        return true
    }

    mutating func expect(_ literal: String) throws {
        guard skip(literal) else { throw fail("expected '\(literal)'") }
    }

    mutating func name() -> String {
        let start = position
        while position < text.count, text[position].isLetter || text[position].isNumber
            || "-_.:".contains(text[position])
        {
            position += 1
        }
        return String(text[start..<position])
    }

    mutating func literal() throws -> String {
        let quote = text[position]
        guard quote == "'" || quote == "\"" else { throw fail("expected a string literal") }
        position += 1
        let start = position
        while position < text.count, text[position] != quote { position += 1 }
        guard position < text.count else { throw fail("unterminated literal") }
        defer { position += 1 }
        return String(text[start..<position])
    }

    mutating func parseExpression(in xpath: XPathSubset) throws -> String {
        let function = name()
        try expect("(")
        defer { _ = skip(")") }
        switch function {
        case "string":
            if text[position] == "c" {
                let inner = name()
                guard inner == "count" else { throw fail("unknown function \(inner)") }
                try expect("(")
                let nodes = try parsePath(in: xpath)
                try expect(")")
                return String(nodes.count)
            }
            return try parsePath(in: xpath).first.map(xpath.stringValue) ?? ""
        case "count":
            return String(try parsePath(in: xpath).count)
        case "name":
            return try parsePath(in: xpath).first.map(xpath.name) ?? ""
        case "local-name":
            return try parsePath(in: xpath).first.map(xpath.localName) ?? ""
        case "namespace-uri":
            return try parsePath(in: xpath).first.flatMap(\.namespaceURI) ?? ""
        default:
            throw fail("unknown function \(function)")
        }
    }

    /// An absolute path, evaluated from the document node.
    mutating func parsePath(in xpath: XPathSubset) throws -> [Node] {
        var context = [xpath.document.documentNode]
        while position < text.count, text[position] == "/" {
            let descendant = skip("//") || !skip("/")
            let step = try parseStep(descendant: descendant)
            context = apply(step, to: context, in: xpath)
        }
        return context
    }

    mutating func parseStep(descendant: Bool) throws -> Step {
        let test: Step.Test
        if skip("@") {
            test = skip("*") ? .attribute(nil) : .attribute(name())
        } else if skip("*") {
            test = .element(nil)
        } else if skip("text()") {
            test = .text
        } else if skip("comment()") {
            test = .comment
        } else if skip("processing-instruction(") {
            let target = text[position] == ")" ? nil : try literal()
            try expect(")")
            test = .processingInstruction(target)
        } else {
            let element = name()
            guard !element.isEmpty else { throw fail("expected a step") }
            test = .element(element)
        }
        var step = Step(descendant: descendant, test: test)
        while skip("[") {
            if let digit = text[position].wholeNumberValue {
                position += 1
                step.predicates.append(.position(digit))
            } else if skip("not(") {
                step.predicates.append(.noChild(name()))
                try expect(")")
            } else {
                var conditions: [(function: String, value: String)] = []
                repeat {
                    let function = name()
                    guard ["namespace-uri", "local-name", "name"].contains(function) else {
                        throw fail("unknown predicate function \(function)")
                    }
                    try expect("()=")
                    conditions.append((function, try literal()))
                } while skip(" and ")
                step.predicates.append(.all(conditions))
            }
            try expect("]")
        }
        return step
    }

    func apply(_ step: Step, to context: [Node], in xpath: XPathSubset) -> [Node] {
        let parents = step.descendant ? context.flatMap(xpath.selfAndDescendantContainers) : context
        var result: [Node] = []
        var seen = Set<UInt32>()
        for parent in parents {
            let axis: [Node]
            if case .attribute = step.test { axis = Array(parent.attributes) } else { axis = Array(parent.children) }
            var selected = axis.filter(step.matches)
            for predicate in step.predicates {
                switch predicate {
                case .position(let n):
                    selected = selected.count >= n ? [selected[n - 1]] : []
                case .noChild(let name):
                    selected = selected.filter { node in !node.children.contains { $0.kind == .element && $0.name == name } }
                case .all(let conditions):
                    selected = selected.filter { node in
                        conditions.allSatisfy { condition in
                            switch condition.function {
                            case "namespace-uri": return (node.namespaceURI ?? "") == condition.value
                            case "local-name": return xpath.localName(node) == condition.value
                            default: return xpath.name(node) == condition.value
                            }
                        }
                    }
                }
            }
            for node in selected where seen.insert(node.index).inserted { result.append(node) }
        }
        return result.sorted { $0.index < $1.index }
    }
}
