#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Filters: `[?expression]` and its comparisons.
///
/// ## Semantics
///
/// A relative path in a filter is evaluated from the member being tested and
/// may yield several values; a comparison holds when **any** of them
/// satisfies it (XPath's rule), and a path that yields nothing makes every
/// comparison false. A JSON array among the values stands for its elements,
/// as repeated XML elements would. A lone path tests existence.
///
/// Two values compare by kind:
/// - `null` equals only `null`;
/// - objects and arrays equal nothing;
/// - against a boolean, the other side must be a boolean or boolean text
///   (`true`, `false`, `1`, `0`);
/// - against a number, the other side must be a number or numeric text, and
///   they compare numerically and exactly (`12345678901234567890` is not
///   `12345678901234567891`, `1.0` is `1`, `1e400` is larger than any
///   `Double`);
/// - otherwise both are text and compare as strings.
///
/// `<`, `<=`, `>`, `>=` compare numerically when both sides are numbers or
/// numeric text, by Unicode scalar order when both are text, and are false
/// otherwise. `!=` holds when a value exists that is not equal.
extension Evaluator {
    /// One side of a comparison, resolved.
    enum Side {
        case item(UInt32)
        case literal(Literal)
        /// Text outside the document, as an attribute's value in its tree
        /// (a streamed edit's start tag: ``XMLStartTagTest``).
        case text(UnsafeBufferPointer<UInt8>)
    }

    mutating func test(_ expression: FilterExpression, _ member: UInt32) throws(QueryError) -> Bool {
        switch expression {
        case .or(let a, let b):
            if try test(a, member) { return true }
            return try test(b, member)
        case .and(let a, let b):
            if try !test(a, member) { return false }
            return try test(b, member)
        case .not(let a):
            return try !test(a, member)
        case .test(.literal(let literal)):
            return literal.isTruthy
        case .test(.path(let steps)):
            let found = try values(of: steps, from: member, opening: false)
            defer { giveBack(found) }
            return !found.isEmpty
        case .comparison(let left, let op, let right):
            // Loops rather than closures: a closure here would capture (and
            // copy) the whole evaluator for every member.
            switch (left, right) {
            case (.literal(let a), .literal(let b)):
                return holds(.literal(a), op, .literal(b))
            case (.path(let steps), .literal(let b)):
                if steps.isEmpty { return anyOfItself(member, op, b, literalOnLeft: false) }
                if let answer = anyKeyed(steps, member, op, b, literalOnLeft: false) { return answer }
                let found = try values(of: steps, from: member)
                defer { giveBack(found) }
                for item in found where holds(.item(item), op, .literal(b)) { return true }
                return false
            case (.literal(let a), .path(let steps)):
                if steps.isEmpty { return anyOfItself(member, op, a, literalOnLeft: true) }
                if let answer = anyKeyed(steps, member, op, a, literalOnLeft: true) { return answer }
                let found = try values(of: steps, from: member)
                defer { giveBack(found) }
                for item in found where holds(.literal(a), op, .item(item)) { return true }
                return false
            case (.path(let a), .path(let b)):
                let left = try values(of: a, from: member)
                defer { giveBack(left) }
                let right = try values(of: b, from: member)
                defer { giveBack(right) }
                for x in left {
                    for y in right where holds(.item(x), op, .item(y)) { return true }
                }
                return false
            }
        }
    }

    /// The fast path for the commonest filter, `[?key op literal]` on an
    /// object or element: tests the members the key selects (DocTree's
    /// member lookup) in place, without running the general evaluator.
    /// Returns `nil` when the path is not a single key on an object or
    /// element (or a key selects a JSON array, whose elements the general
    /// path opens).
    @inline(__always)
    private func anyKeyed(
        _ steps: [Step], _ member: UInt32, _ op: ComparisonOperator, _ literal: Literal, literalOnLeft: Bool
    ) -> Bool? {
        guard steps.count == 1, case .key(let slot) = steps[0].kind, isNode(member) else { return nil }
        let k = nodes[Int(member)].kind
        guard k == .object || k == .element else { return nil }
        let id = keyIDs[slot]
        if id == 0 { return false }
        var answer: Bool? = false
        document.forEachMember(of: member, named: id) { p in
            if nodes[Int(p)].kind == .array {
                answer = nil
                return false
            }
            let holds = literalOnLeft ? holds(.literal(literal), op, .item(p)) : holds(.item(p), op, .literal(literal))
            if holds { answer = true }
            return !holds
        }
        return answer
    }

    /// `[?. op literal]`: the member itself, or a JSON array's elements
    /// (which stand for it, as ``values(of:from:opening:)`` opens it),
    /// tested in place, without running the evaluator for no steps (a
    /// streamed edit tests each `tags` array of `items.tags[?. == 'new']`).
    private func anyOfItself(_ member: UInt32, _ op: ComparisonOperator, _ literal: Literal, literalOnLeft: Bool) -> Bool {
        func test(_ item: UInt32) -> Bool {
            literalOnLeft ? holds(.literal(literal), op, .item(item)) : holds(.item(item), op, .literal(literal))
        }
        guard isNode(member), kind(member) == .array else { return test(member) }
        var p = member + 1
        let end = nodes[Int(member)].a
        while p < end {
            if test(p) { return true }
            p = subtreeEnd(p)
        }
        return false
    }

    /// Evaluates a relative path from one member into a pooled buffer.
    /// For comparisons (`opening`), a JSON array among the values stands for
    /// its elements, so `[?category == 'fiction']` reads a JSON array of
    /// categories the way it reads repeated XML elements.
    private mutating func values(of steps: [Step], from member: UInt32, opening: Bool = true) throws(QueryError) -> [UInt32] {
        var values = takeBuffer()
        values.append(member)
        let saved = fannedOut
        defer { fannedOut = saved }
        try run(steps[...], &values)
        if opening && values.contains(where: { isNode($0) && kind($0) == .array }) {
            openArrays(&values)
        }
        return values
    }

    func holds(_ a: Side, _ op: ComparisonOperator, _ b: Side) -> Bool {
        switch op {
        case .equal: return equal(a, b)
        case .notEqual: return !equal(a, b)
        case .less: return order(a, b).map { $0 < 0 } ?? false
        case .lessEqual: return order(a, b).map { $0 <= 0 } ?? false
        case .greater: return order(a, b).map { $0 > 0 } ?? false
        case .greaterEqual: return order(a, b).map { $0 >= 0 } ?? false
        case .matches(let pattern):
            let kind = valueClass(a)
            guard kind == .text || kind == .number else { return false }
            return withBytes(a) { pattern.test(String(decoding: $0, as: UTF8.self)) }
        }
    }

    private func valueClass(_ side: Side) -> ValueClass {
        switch side {
        case .item(let item): valueClass(item)
        case .literal(.string): .text
        case .literal(.number): .number
        case .literal(.bool): .bool
        case .literal(.null): .null
        case .text: .text
        }
    }

    private func numericValue(_ side: Side) -> ExactNumber? {
        switch side {
        case .item(let item): numericValue(item)
        case .literal(.number(let value, _)): value
        case .literal(.string(_, let utf8)): utf8.withUnsafeBufferPointer { NumberText.exact(from: $0) }
        case .text(let bytes): NumberText.exact(from: bytes)
        case .literal: nil
        }
    }

    private func booleanValue(_ side: Side) -> Bool? {
        switch side {
        case .item(let item): booleanValue(item)
        case .literal(.bool(let value)): value
        case .literal(.string(_, let utf8)): utf8.withUnsafeBufferPointer { Self.xmlBoolean($0) }
        case .text(let bytes): Self.xmlBoolean(bytes)
        case .literal: nil
        }
    }

    private func withBytes<R>(_ side: Side, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        switch side {
        case .item(let item): return withBytes(item, body)
        case .text(let bytes): return body(bytes)
        case .literal(.string(_, let utf8)): return utf8.withUnsafeBufferPointer(body)
        case .literal(.number(_, let text)):
            var text = text
            return text.withUTF8(body)
        case .literal: return body(UnsafeBufferPointer(start: nil, count: 0))
        }
    }

    private func equal(_ a: Side, _ b: Side) -> Bool {
        let ca = valueClass(a)
        let cb = valueClass(b)
        if ca == .null || cb == .null { return ca == cb }
        if ca == .container || cb == .container { return false }
        if ca == .bool || cb == .bool {
            guard let x = booleanValue(a), let y = booleanValue(b) else { return false }
            return x == y
        }
        if ca == .number || cb == .number {
            guard let x = numericValue(a), let y = numericValue(b) else { return false }
            return ExactNumber.compare(x, y) == 0
        }
        // memcmp: the generic `elementsEqual` cost 3 M more instructions
        // in a streamed filter set of 836 M on 5 MB.
        return withTexts(a, b) { x, y in x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0) }
    }

    /// `body` over both sides' text as UTF-8. A literal's bytes are taken
    /// first, so that the closure over the other side's does not call back
    /// into the evaluator: one that does captures a copy of it, retains
    /// and all, per comparison (`items.address[?city == 'beta'].zip` on
    /// 50 MB took 0.356 s so, and takes 0.165 s).
    private func withTexts<R>(
        _ a: Side, _ b: Side, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        if case .literal(.string(_, let y)) = b { return withBytes(a) { x in y.withUnsafeBufferPointer { body(x, $0) } } }
        if case .literal(.string(_, let x)) = a { return withBytes(b) { y in x.withUnsafeBufferPointer { body($0, y) } } }
        return withBytes(a) { x in withBytes(b) { y in body(x, y) } }
    }

    /// Three-way order, or `nil` when the two cannot be ordered.
    private func order(_ a: Side, _ b: Side) -> Int? {
        let ca = valueClass(a)
        let cb = valueClass(b)
        guard ca == .number || ca == .text, cb == .number || cb == .text else { return nil }
        if let x = numericValue(a), let y = numericValue(b) { return ExactNumber.compare(x, y) }
        guard ca == .text && cb == .text else { return nil }
        return withTexts(a, b) { x, y in TextOrder.compare(x, y) }
    }
}
