#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turning a JMESPath value into a ``QueryResult``.
extension JMESEvaluator {
    /// - `null`: an empty result;
    /// - a node: that node (a JSON array node then stands for its elements,
    ///   as for key paths);
    /// - an array of nodes (a projection of found values): one match per node;
    /// - anything else the expression built: its JSON loaded as a small
    ///   document of its own, whose root is the one match.
    /// The result shows its values whole when printed (``QueryResult/showsValues``).
    @inline(__always)
    func result(_ value: consuming JMESValue, origin: consuming QueryOrigin) -> QueryResult {
        var result = matches(value, origin: origin)
        result.showsValues = true
        return result
    }

    @inline(__always)
    private func matches(_ value: consuming JMESValue, origin: consuming QueryOrigin) -> QueryResult {
        if isNull(value) {
            return QueryResult(document: document, items: .empty, computed: .empty, isToMany: false, origin: origin)
        }
        if case .node(let index) = value {
            return QueryResult(
                document: document, items: OneOrMany(one: resolved(index)), computed: .empty, isToMany: false, origin: origin)
        }
        if case .number(let number) = value {
            let computed: ComputedNumber = number == number.rounded() && Swift.abs(number) < 1e15 ? .int(Int(number)) : .double(number)
            return QueryResult(
                document: document, items: OneOrMany(one: UInt32(truncatingIfNeeded: nodes.count)),
                computed: OneOrMany(one: .number(computed)), isToMany: false, origin: origin)
        }
        if case .decimal(let exact) = value {
            return QueryResult(
                document: document, items: OneOrMany(one: UInt32(truncatingIfNeeded: nodes.count)),
                computed: OneOrMany(one: .number(.decimal(exact))), isToMany: false, origin: origin)
        }
        if case .string(let text) = value {
            return QueryResult(
                document: document, items: OneOrMany(one: UInt32(truncatingIfNeeded: nodes.count)),
                computed: OneOrMany(one: .text(text)), isToMany: false, origin: origin)
        }
        if let nodes = nodeElements(value) {
            return QueryResult(document: document, items: nodes, computed: [], isToMany: true, origin: origin)
        }
        var json: [UInt8] = []
        writeJSON(value, into: &json)
        // The writer produces valid JSON, so loading it cannot fail.
        let built = try! Document(data: Data(json), options: LoadOptions(format: .json))
        return QueryResult(
            document: built, items: OneOrMany(one: built.root.index), computed: .empty, isToMany: false,
            origin: QueryOrigin(start: [built.root.index]))
    }

    /// The node indices of an array whose elements are all nodes, unless a
    /// single element that is itself an array would be read as its elements.
    private func nodeElements(_ value: JMESValue) -> [UInt32]? {
        if case .nodes(let list) = value {
            guard !list.isEmpty, list.count > 1 || self.nodes[Int(list[0])].kind != .array else { return nil }
            return list
        }
        var nodes: [UInt32] = []
        var allNodes = true
        let isArray = try! forEachElement(value) { (element: JMESValue) throws(QueryError) in
            if case .node(let index) = element, allNodes { nodes.append(resolved(index)) } else { allNodes = false }
        }
        guard isArray, allNodes, !nodes.isEmpty else { return nil }
        if nodes.count == 1, self.nodes[Int(nodes[0])].kind == .array { return nil }
        return nodes
    }
}

extension Document {
    /// Evaluates a JMESPath expression from the root; see ``JMESPath/evaluate(on:)-(Document)``.
    public func query(_ expression: JMESPath) throws(QueryError) -> QueryResult {
        try expression.evaluate(on: self)
    }
}

extension Node {
    /// Evaluates a JMESPath expression from this node; see ``JMESPath/evaluate(on:)-(Node)``.
    public func query(_ expression: JMESPath) throws(QueryError) -> QueryResult {
        try expression.evaluate(on: self)
    }
}

extension QueryResult {
    /// Evaluates a JMESPath expression on this result's values: the one
    /// value when there is one, else the array of them (so
    /// `doc.query("items.item").query(JMESPath("length(@)"))` counts the items).
    public func query(_ expression: JMESPath) throws(QueryError) -> QueryResult {
        let base = UInt32(truncatingIfNeeded: document.table.nodes.count)
        let values: [JMESValue] = matchedItems.map { item in
            if item < base { return .node(item) }
            let value = matchedComputed[Int(item - base)]
            if case .number(let number) = value { return Double(number.text).map { .number($0) } ?? .null }
            let text = Match(document: document, index: .max, computed: value, resultPath: "").string
            return text.map { .string($0) } ?? .null
        }
        let start: JMESValue
        if values.count == 1 {
            start = values[0]
        } else if values.allSatisfy({ if case .node = $0 { true } else { false } }) {
            start = .nodes(items)
        } else {
            start = .array(values)
        }
        let (evaluator, value) = try expression.run(on: document, from: start)
        return evaluator.result(value, origin: QueryOrigin(start: matchedItems.filter { $0 < base }))
    }
}
