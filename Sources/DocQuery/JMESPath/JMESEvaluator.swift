/// Evaluates a compiled JMESPath expression on one document.
///
/// The evaluator holds the document's table and the name ids of the
/// expression's keys, resolved once per evaluation; values are node indices
/// or built values (``JMESValue``), so walking the tree allocates nothing
/// per visited node beyond the arrays and objects the expression builds.
struct JMESEvaluator {
    /// The name id standing for a key the document does not contain (no
    /// member, attribute or element is unnamed).
    static let absent: UInt32 = 0

    let document: Document
    let program: JMESProgram
    /// The records, read through a pointer (valid while `document` lives,
    /// which the evaluator keeps alive).
    let nodes: UnsafeBufferPointer<NodeRecord>
    let rootIndex: UInt32
    /// The keys' name ids in this document (``absent`` when missing), by slot.
    let keyIDs: [UInt32]
    /// `$` and the variables in scope (JMESPath Community); `nil` when the
    /// expression reads neither, so that most evaluations allocate nothing.
    var scope: JMESScope? = nil
    /// Whether arithmetic is decimal and exact (``ExactArithmetic``), as it
    /// is when an edit's value is computed, rather than JMESPath's doubles.
    var exactArithmetic = false

    init(document: __shared Document, program: __shared JMESProgram, keyIDs: [UInt32]) {
        self.document = document
        self.program = program
        // Each read goes through `document.table` (not a copy of the table,
        // which would retain and release all of its arrays).
        let nodes = document.table.nodes.buffer
        self.nodes = nodes
        self.rootIndex = document.rootIndex
        self.keyIDs = keyIDs
    }

    /// The expression's keys, by slot.
    var keys: [String] { program.keys }
    func error(_ kind: QueryError.Kind, _ message: String, _ range: Range<Int>) -> QueryError {
        QueryError(kind, message, path: program.source, scalarRange: range)
    }

    func evaluate(_ expression: JMESExpression, _ value: JMESValue) throws(QueryError) -> JMESValue {
        switch expression {
        case .current:
            return value
        case .field(let slot):
            return member(value, slot: slot)
        case .fields(let slots):
            var current = value
            for slot in slots {
                current = member(current, slot: slot)
                if case .null = current { return .null }
            }
            return current
        case .subexpression(let left, let right):
            return try evaluate(right, try evaluate(left, value))
        case .index(let base, let index):
            return element(try evaluate(base, value), at: index)
        case .slice(let base, let start, let stop, let step):
            let sliced = try evaluate(base, value)
            guard let elements = elements(sliced) else {
                return sliceOfString(sliced, start: start, stop: stop, step: step ?? 1)
            }
            return .array(Self.slice(elements, start: start, stop: stop, step: step ?? 1))
        case .listProjection(let left, let right):
            let base = try evaluate(left, value)
            if case .null = base { return .null }
            // A sliced string (JMESPath Community) is a string, not a projection.
            if case .string = base { return try evaluate(right, base) }
            if let slots = Self.fieldSlots(right), let projected = projectFields(base, slots) { return projected }
            var collected = JMESCollector()
            let isArray = try forEachElement(base) { (element: JMESValue) throws(QueryError) in
                let result = try evaluate(right, element)
                if !isNull(result) { collected.append(result) }
            }
            return isArray ? collected.value : .null
        case .valueProjection(let left, let right):
            let base = try evaluate(left, value)
            if case .null = base { return .null }
            var collected = JMESCollector()
            let isObject = try forEachMember(base) { (_: JMESKey, member: JMESValue) throws(QueryError) in
                let result = try evaluate(right, member)
                if !isNull(result) { collected.append(result) }
            }
            return isObject ? collected.value : .null
        case .filterProjection(let left, let right, let condition):
            let base = try evaluate(left, value)
            if case .null = base { return .null }
            var collected = JMESCollector()
            let isArray = try forEachElement(base) { (element: JMESValue) throws(QueryError) in
                guard isTruthy(try evaluate(condition, element)) else { return }
                let result = try evaluate(right, element)
                if !isNull(result) { collected.append(result) }
            }
            return isArray ? collected.value : .null
        case .flatten(let inner):
            let base = try evaluate(inner, value)
            if case .null = base { return .null }
            var merged = JMESCollector()
            let isArray = try forEachElement(base) { (element: JMESValue) throws(QueryError) in
                let nested = try forEachElement(element) { (item: JMESValue) throws(QueryError) in merged.append(item) }
                if !nested { merged.append(element) }
            }
            return isArray ? merged.value : .null
        case .literal(let literal):
            return literal
        case .multiSelectList(let items, let builds):
            if isNull(value) { return .null }
            var result = JMESCollector(capacity: items.count, startsBuilt: builds)
            if case .node(let raw) = value {
                // `[a, b.c]` on a JSON object: fields found by the records alone.
                let start = resolved(raw)
                for item in items {
                    if let found = jsonFields(item, from: start) { result.append(node: found) } else { result.append(try evaluate(item, value)) }
                }
            } else {
                for item in items { result.append(try evaluate(item, value)) }
            }
            return result.value
        case .multiSelectHash(let keys, let values):
            if isNull(value) { return .null }
            var object = JMESObject()
            for (key, item) in zip(keys, values) { object[key] = try evaluate(item, value) }
            return .object(object)
        case .comparison(let comparison, let left, let right):
            return compare(comparison, try evaluate(left, value), try evaluate(right, value))
        case .or(let left, let right):
            let first = try evaluate(left, value)
            return isTruthy(first) ? first : try evaluate(right, value)
        case .and(let left, let right):
            let first = try evaluate(left, value)
            return isTruthy(first) ? try evaluate(right, value) : first
        case .not(let inner):
            return .bool(!isTruthy(try evaluate(inner, value)))
        case .pipe(let left, let right):
            return try evaluate(right, try evaluate(left, value))
        case .function(let function, let arguments, let range):
            var values = JMESArguments()
            for argument in arguments { values.append(try evaluate(argument, value)) }
            return try call(function, values, range: range)
        case .reference(let inner):
            return .expression(inner)
        case .arithmetic(let operation, let left, let right, let range):
            return try arithmetic(operation, try evaluate(left, value), try evaluate(right, value), range: range)
        case .unary(let negates, let operand, let range):
            return try unary(negates: negates, try evaluate(operand, value), range: range)
        case .conditional(let condition, let whenTrue, let whenFalse):
            return try evaluate(isTruthy(try evaluate(condition, value)) ? whenTrue : whenFalse, value)
        case .root:
            return scope?.root ?? .null
        case .variable(let name, let range):
            return try variable(name, range: range)
        case .letBinding(let names, let values, let body):
            return try letBinding(names, values, body, value)
        case .skippedOnNull(let inner):
            return isNull(value) ? .null : try evaluate(inner, value)
        case .builtOnNull(let inner):
            return isNull(value) ? try evaluateOnNull(inner) : try evaluate(inner, value)
        }
    }

    /// The key slots of `a` or `a.b.c`, or `nil` for any other expression.
    @inline(__always)
    static func fieldSlots(_ expression: JMESExpression) -> [Int]? {
        switch expression {
        case .field(let slot): [slot]
        case .fields(let slots): slots
        default: nil
        }
    }

    /// The node a field (`a`) or field chain (`a.b.c`) finds from node
    /// `start` when every step finds one node; `nil` otherwise (another
    /// expression, a repeated name, a missing member), which the general
    /// evaluation then decides. Retains and builds nothing.
    @inline(__always)
    private func jsonFields(_ expression: JMESExpression, from start: UInt32) -> UInt32? {
        switch expression {
        case .field(let slot):
            return memberNode(of: start, slot: slot)
        case .fields(let slots):
            var current = start
            for slot in slots {
                guard let member = memberNode(of: current, slot: slot) else { return nil }
                current = member
            }
            return current
        default:
            return nil
        }
    }

    /// The member of the node at `index` named by key slot `slot` when it
    /// is one node; `nil` otherwise.
    @inline(__always)
    private func memberNode(of index: UInt32, slot: Int) -> UInt32? {
        if case .node(let member) = document.viewMember(of: index, named: keyIDs[slot]) { return member }
        return nil
    }

    /// `array[*].a.b` when `array` is a JSON array or a repeated XML name,
    /// in one DocTree call without building a value per element: the
    /// common projection, as fast as the key path `array.a.b`. `nil` when
    /// the base is anything else, a key is `_string` (an element's text,
    /// a built value) or a step reaches a repeated name.
    private func projectFields(_ base: JMESValue, _ slots: [Int]) -> JMESValue? {
        let parent: UInt32
        var name: UInt32? = nil
        var byLocalName = false
        var capacity = 0
        switch base {
        case .node(let raw):
            parent = resolved(raw)
            let record = nodes[Int(parent)]
            guard record.kind == .array else { return nil }
            capacity = Int(record.b)
        case .repeated(let owner, let repeatedName, let local):
            parent = owner
            name = repeatedName
            byLocalName = local
        default:
            return nil
        }
        if let textSlot = program.textSlot, slots.contains(textSlot) { return nil }
        var out: [UInt32] = []
        out.reserveCapacity(capacity)
        guard document.appendViewPaths(ofElementsOf: parent, named: name, byLocalName: byLocalName, following: slots, of: keyIDs, into: &out) else {
            return nil
        }
        return .nodes(out)
    }

    /// Element `index` of an array (negative counts from the end), or null.
    private func element(_ value: JMESValue, at index: Int) -> JMESValue {
        if case .array(let elements) = value {
            let position = index < 0 ? elements.count + index : index
            return elements.indices.contains(position) ? elements[position] : .null
        }
        if case .nodes(let list) = value {
            let position = index < 0 ? list.count + index : index
            return list.indices.contains(position) ? .node(list[position]) : .null
        }
        var position = index
        if index < 0 {
            guard let count = elementCount(value) else { return .null }
            position = count + index
            if position < 0 { return .null }
        }
        var found = JMESValue.null
        var seen = 0
        _ = try! forEachElement(value) { (element: JMESValue) throws(QueryError) in
            if seen == position { found = element }
            seen += 1
        }
        return found
    }

    /// Python's slice semantics, as the specification defines them.
    static func slice<T>(_ elements: [T], start: Int?, stop: Int?, step: Int) -> [T] {
        let count = elements.count
        func adjusted(_ endpoint: Int) -> Int {
            if endpoint < 0 {
                let moved = endpoint + count
                return moved < 0 ? (step > 0 ? 0 : -1) : moved
            }
            return endpoint >= count ? (step > 0 ? count : count - 1) : endpoint
        }
        var position = start.map(adjusted) ?? (step > 0 ? 0 : count - 1)
        let end = stop.map(adjusted) ?? (step > 0 ? count : -1)
        var result: [T] = []
        while step > 0 ? position < end : position > end {
            result.append(elements[position])
            position += step
        }
        return result
    }

    // MARK: Comparisons

    private func compare(_ comparison: JMESComparison, _ left: JMESValue, _ right: JMESValue) -> JMESValue {
        switch comparison {
        case .equal: return .bool(equal(left, right))
        case .notEqual: return .bool(!equal(left, right))
        default:
            guard let order = order(left, right) else { return .null }
            switch comparison {
            case .less: return .bool(order < 0)
            case .lessOrEqual: return .bool(order <= 0)
            case .greater: return .bool(order > 0)
            default: return .bool(order >= 0)
            }
        }
    }

    /// -1, 0 or 1 for two numbers or two strings (strings by code point,
    /// as jmespath.py orders them); `nil` for anything else.
    func order(_ left: JMESValue, _ right: JMESValue) -> Int? {
        // Each side's type first (one DocTree call for a node), then only its reading.
        let kind = type(of: left)
        guard kind == type(of: right) else { return nil }
        switch kind {
        case .number:
            if let a = exactNumber(left), let b = exactNumber(right) { return ExactNumber.compare(a, b) }
            // An infinite or NaN result: no exact value to compare.
            guard let a = number(left), let b = number(right) else { return nil }
            return a < b ? -1 : (a > b ? 1 : 0)
        case .string:
            return TextOrder.compare(text(ofString: left), text(ofString: right))
        default:
            return nil
        }
    }

    /// Deep equality: numbers by value, strings by bytes, objects whatever
    /// their key order.
    func equal(_ left: JMESValue, _ right: JMESValue) -> Bool {
        let kind = type(of: left)
        guard kind == type(of: right) else { return false }
        switch kind {
        case .null: return true
        case .boolean: return isTruthy(left) == isTruthy(right)
        case .number:
            if let a = exactNumber(left), let b = exactNumber(right) { return a == b }
            return number(left) == number(right)
        case .string: return text(ofString: left).utf8.elementsEqual(text(ofString: right).utf8)
        case .array:
            guard let a = elements(left), let b = elements(right), a.count == b.count else { return false }
            return zip(a, b).allSatisfy { equal($0, $1) }
        case .object:
            let a = members(left), b = members(right)
            guard a.count == b.count else { return false }
            return a.allSatisfy { key, value in b[key].map { equal(value, $0) } ?? false }
        case .expression: return false
        }
    }

    /// An object's members as a built object (keys as text).
    func members(_ value: JMESValue) -> JMESObject {
        if case .object(let object) = value { return object }
        var object = JMESObject()
        _ = try! forEachMember(value) { (key: JMESKey, member: JMESValue) throws(QueryError) in object[text(of: key)] = member }
        return object
    }
}

extension JMESObject {
    /// Whether every member satisfies `predicate`.
    func allSatisfy(_ predicate: (String, JMESValue) -> Bool) -> Bool {
        for i in 0..<count where !predicate(keys[i], values[i]) { return false }
        return true
    }
}

/// Collects the results of a projection: node indices while every result
/// is a node (4 bytes each, handed to the result as they are), values from
/// the first built one on.
struct JMESCollector {
    private var nodes: [UInt32] = []
    private var values: [JMESValue]? = nil
    /// How many values are expected (0 when unknown).
    private let capacity: Int

    /// `startsBuilt` when some value is expected to be built: the values
    /// then go straight to one array, not to a node list first.
    init(capacity: Int = 0, startsBuilt: Bool = false) {
        self.capacity = capacity
        if startsBuilt {
            var values: [JMESValue] = []
            values.reserveCapacity(capacity)
            self.values = values
        } else {
            nodes.reserveCapacity(capacity)
        }
    }

    /// Appends a node (what `append(.node(index))` does, without making a value).
    @inline(__always)
    mutating func append(node index: UInt32) {
        if values == nil { nodes.append(index) } else { values!.append(.node(index)) }
    }

    mutating func append(_ value: JMESValue) {
        if values == nil, case .node(let index) = value {
            nodes.append(index)
            return
        }
        if values == nil {
            var converted: [JMESValue] = []
            converted.reserveCapacity(Swift.max(capacity, nodes.count + 1))
            for index in nodes { converted.append(.node(index)) }
            nodes = []
            converted.append(value)
            values = converted
            return
        }
        values!.append(value)
    }

    var value: JMESValue { values.map { .array($0) } ?? .nodes(nodes) }
}
