import DocTree

/// How a computed set (``Edit/set(_:computedBy:parameters:)``) finds each
/// match's value.
enum EditComputation: Sendable {
    /// A JMESPath expression, compiled with the edit's parameters (or why
    /// it does not compile, thrown when the edit applies).
    case expression(Result<JMESPath, QueryError>)
    /// A caller's closure, given the match.
    case closure(@Sendable (Node) throws -> EditValue)

    /// The expression when it reads `$`, the whole document, which a part
    /// of a document (a streamed edit's candidate) does not hold.
    var readsRoot: Bool {
        if case .expression(.success(let expression)) = self { return expression.program.readsRoot }
        return false
    }

    /// Whether every value computed is a scalar (never a non-empty array or
    /// object), known from the expression's form; `false` for a closure.
    var yieldsScalar: Bool {
        if case .expression(.success(let expression)) = self { return expression.program.expression.yieldsScalar }
        return false
    }
}

/// A match of a computed set, resolved: the node its value was computed
/// for, in `document`, with the query that found it (which a plan asks of
/// an edit's targets).
struct PinnedTarget: Sendable {
    let node: UInt32
    let document: Document
    let query: PathQuery
}

extension Edit {
    /// `edits` with each computed set replaced by literal sets, one per
    /// match, each pinned to its node: the pre-pass that lets the edit plans
    /// see literal values only. Every value is computed on `document` as it
    /// is, before any edit of the transaction applies. `origins` gives, for
    /// each edit returned, the index of the edit of `edits` it comes from;
    /// `nil` when nothing was computed (each edit is the one given, and a
    /// JSON Lines edit resolves its edits once per record).
    /// With `creating` false (a part of a streamed document), a keys-only
    /// path that matches nothing is left to the plan, which creates nothing.
    /// `naming`, given an edit's index and a match's index among the
    /// edit's matches here, names the match in messages (by default, its
    /// canonical path in `document`).
    ///
    /// - Throws: what compiling or computing a value throws (naming the
    ///   match), and ``QueryError/Kind-swift.struct/invalidEdit`` when a
    ///   match's value is nothing (`null`).
    static func resolved(
        _ edits: [Edit], in document: Document, creating: Bool = true, naming: ((_ edit: Int, _ match: Int) -> String)? = nil
    ) throws -> (edits: [Edit], origins: [Int]?) {
        guard edits.contains(where: { $0.computation != nil }) else { return (edits, nil) }
        var resolved: [Edit] = []
        var origins: [Int] = []
        for (number, edit) in edits.enumerated() {
            defer { while origins.count < resolved.count { origins.append(number) } }
            guard let computation = edit.computation else {
                resolved.append(edit)
                continue
            }
            let (targets, query, miss) = try edit.targets(in: document)
            if targets.isEmpty {
                // A keys-only path creates its value, computed on null, as a
                // literal set would (a part of a streamed document creates nothing).
                if creating, query.isKeyChain {
                    guard case .expression(let compiled) = computation else {
                        // A closure is given matches only.
                        throw EditFailure.noMatch(edit, miss?.explanation)
                    }
                    var literal = edit
                    literal.computation = nil
                    literal.operation = .set(try edit.value(JMESEditComputation(try compiled.get(), on: document), on: nil, in: document))
                    resolved.append(literal)
                } else {
                    // The plan reports the miss (or, in a part, counts none).
                    resolved.append(edit)
                }
                continue
            }
            // One evaluator for every match.
            var computer: JMESEditComputation? = nil
            if case .expression(let compiled) = computation { computer = JMESEditComputation(try compiled.get(), on: document) }
            var literal = edit
            literal.computation = nil
            for (ordinal, target) in targets.enumerated() {
                literal.pinned = PinnedTarget(node: target, document: document, query: query)
                literal.operation = .set(
                    try edit.value(computedFor: target, in: document, by: computation, computer: computer, named: naming?(number, ordinal)))
                resolved.append(literal)
            }
        }
        return (resolved, origins)
    }

    /// What `computation` computes for the node at `match` of `document`
    /// (with `computer`, its expression prepared on `document`, when given),
    /// named in messages `name` (by default its canonical path): what a
    /// streamed edit calls on each value it holds.
    func value(
        computedFor match: UInt32, in document: Document, by computation: EditComputation,
        computer: JMESEditComputation? = nil, named name: String? = nil
    ) throws -> EditValue {
        switch computation {
        case .expression(let compiled):
            return try value(computer ?? JMESEditComputation(try compiled.get(), on: document), on: match, in: document, named: name)
        case .closure(let value):
            return try value(Node(document: document, index: match))
        }
    }

    /// What `computer` computes for the node at `match` (`nil`: a missing
    /// value, on which it is computed from `null`).
    private func value(_ computer: JMESEditComputation, on match: UInt32?, in document: Document, named name: String? = nil) throws -> EditValue {
        let described = name ?? Self.describe(match.map { Node(document: document, index: $0) })
        let computed: EditValue.Content?
        do {
            computed = try computer.content(for: match)
        } catch {
            var located = error
            located.message += " (computing the value for \(described))"
            throw located
        }
        guard let computed else {
            throw EditFailure.invalid(
                self, "'\(computer.expression)' yields nothing (null) for \(described); to write null, set it to null")
        }
        return EditValue(content: computed)
    }

    /// A match, for messages: its canonical path.
    static func describe(_ match: Node?) -> String {
        guard let match else { return "the missing value" }
        return PathQuery.canonicalPath(of: match).map { "the match at \($0)" } ?? "a match"
    }
}
