/// The JSON view of the tree that JMESPath sees, read from the node
/// records with nothing converted: a node's type and its members by name
/// come from DocTree's `Document+JSONView`, one call each.
///
/// JSON nodes are what they are. XML follows the mapping of
/// ``Node/jsonString(pretty:)`` (the "XML to tree mapping" article):
/// - an element with neither attributes nor child elements is a string,
///   its own text;
/// - any other element is an object: its attributes (strings), then its
///   child elements grouped by name in order of first appearance (a repeated
///   name is an array, ``JMESValue/repeated(parent:name:byLocalName:)``; an
///   attribute and child elements of the same name are one array, the
///   attribute first), then `_string`, its own text, when it has text that
///   is not only whitespace;
/// - attributes and text runs are strings; the document node is its root.
///
/// As in key paths, an identifier without a prefix also finds a prefixed
/// XML name by its local part (`Body` finds `soap:Body`) when nothing has
/// that exact name.
extension JMESEvaluator {
    /// The JMESPath type of a value.
    func type(of value: JMESValue) -> JMESType {
        switch value {
        case .null: return .null
        case .bool: return .boolean
        case .number, .decimal: return .number
        case .string: return .string
        case .array, .repeated, .nodes: return .array
        case .object: return .object
        case .expression: return .expression
        case .node(let index): return type(ofNode: index)
        }
    }

    /// The type of a node, from its kind in DocTree's JSON view (one call).
    func type(ofNode index: UInt32) -> JMESType {
        switch document.viewKind(of: index) {
        case .object: return .object
        case .array: return .array
        case .number: return .number
        case .true, .false: return .boolean
        case .null: return .null
        default: return .string
        }
    }

    /// The node a value refers to, with the document node replaced by its root.
    @inline(__always)
    func resolved(_ index: UInt32) -> UInt32 { index == 0 ? rootIndex : index }

    func isNull(_ value: JMESValue) -> Bool {
        switch value {
        case .null: return true
        case .node(let index): return nodes[Int(index)].kind == .null
        default: return false
        }
    }

    // MARK: Members

    /// The member named by key slot `slot`, or null: DocTree's JSON view
    /// finds it in one call.
    func member(_ value: JMESValue, slot: Int) -> JMESValue {
        switch value {
        case .node(let raw):
            switch document.viewMember(of: raw, named: keyIDs[slot]) {
            case .node(let member):
                return .node(member)
            case .repeated(let byLocalName):
                return .repeated(parent: resolved(raw), name: keyIDs[slot], byLocalName: byLocalName)
            case .missingBesideText where keys[slot] == ReservedKey.string:
                let index = resolved(raw)
                return .string(Node(document: document, index: index).string ?? "")
            case .missing, .missingBesideText:
                return .null
            }
        case .object(let object):
            return object[keys[slot]] ?? .null
        default:
            return .null
        }
    }

    /// Calls `body` with each key and value of an object, in the view's
    /// order; returns `false` (calling nothing) when the value is not an object.
    func forEachMember(_ value: JMESValue, _ body: (JMESKey, JMESValue) throws(QueryError) -> Void) throws(QueryError) -> Bool {
        switch value {
        case .object(let object):
            for i in 0..<object.count { try body(.string(object.keys[i]), object.values[i]) }
            return true
        case .node(let raw):
            let index = resolved(raw)
            let record = nodes[Int(index)]
            switch record.kind {
            case .object:
                var position = index + 1
                while position < record.a {
                    try body(.name(nodes[Int(position)].nameID), .node(position))
                    position = nodes[Int(position)].subtreeEnd(at: position)
                }
                return true
            case .element where document.viewKind(of: index) == .object:
                var position = index + 1
                while position < record.a {
                    let child = nodes[Int(position)]
                    if child.kind == .attribute {
                        // A child element of the same name joins it in one array.
                        let repeated = record.hasElementChildren
                            && hasLaterElement(named: child.nameID, after: position, in: index)
                        try body(.name(child.nameID), repeated ? .repeated(parent: index, name: child.nameID, byLocalName: false) : .node(position))
                    } else if child.kind == .element, isFirstElement(named: child.nameID, at: position, in: index) {
                        let repeated = hasLaterElement(named: child.nameID, after: position, in: index)
                        try body(.name(child.nameID), repeated ? .repeated(parent: index, name: child.nameID, byLocalName: false) : .node(position))
                    }
                    position = nodes[Int(position)].subtreeEnd(at: position)
                }
                if record.flags.contains(.hasText) {
                    try body(.string(ReservedKey.string), .string(Node(document: document, index: index).string ?? ""))
                }
                return true
            default:
                return false
            }
        default:
            return false
        }
    }

    /// Whether no attribute or element before `position` in `parent` is
    /// named `name` as written (DocTree's member lookup, which indexes
    /// wide elements).
    private func isFirstElement(named name: UInt32, at position: UInt32, in parent: UInt32) -> Bool {
        var first = position
        document.forEachMember(of: parent, named: name) { member in
            guard nodes[Int(member)].nameID == name else { return true }
            first = member
            return false
        }
        return first == position
    }

    /// Whether an element after `position` in `parent` is named `name` as written.
    private func hasLaterElement(named name: UInt32, after position: UInt32, in parent: UInt32) -> Bool {
        var found = false
        document.forEachMember(of: parent, named: name, from: nodes[Int(position)].subtreeEnd(at: position)) { member in
            let record = nodes[Int(member)]
            found = record.kind == .element && record.nameID == name
            return !found
        }
        return found
    }

    /// The text of a member key.
    func text(of key: JMESKey) -> String {
        switch key {
        case .name(let id): return document.table.names[id]
        case .string(let string): return string
        }
    }

    // MARK: Elements

    /// Calls `body` with each element of an array, in order; returns `false`
    /// (calling nothing) when the value is not an array.
    func forEachElement(_ value: JMESValue, _ body: (JMESValue) throws(QueryError) -> Void) throws(QueryError) -> Bool {
        switch value {
        case .array(let elements):
            for element in elements { try body(element) }
            return true
        case .nodes(let list):
            for index in list { try body(.node(index)) }
            return true
        case .node(let raw):
            let index = resolved(raw)
            let record = nodes[Int(index)]
            guard record.kind == .array else { return false }
            var position = index + 1
            while position < record.a {
                try body(.node(position))
                position = nodes[Int(position)].subtreeEnd(at: position)
            }
            return true
        case .repeated(let parent, let name, let byLocalName):
            // Found by DocTree in one call, not one per element.
            var list: [UInt32] = []
            document.appendNamedChildren(of: parent, named: name, byLocalName: byLocalName, into: &list)
            for index in list { try body(.node(index)) }
            return true
        default:
            return false
        }
    }

    /// The elements of an array as built values, or `nil` when it is not one.
    func elements(_ value: JMESValue) -> [JMESValue]? {
        if case .array(let elements) = value { return elements }
        var result: [JMESValue] = []
        result.reserveCapacity(elementCount(value) ?? 0)
        let isArray = try! forEachElement(value) { (element: JMESValue) throws(QueryError) in result.append(element) }
        return isArray ? result : nil
    }

    /// The number of elements of an array.
    func elementCount(_ value: JMESValue) -> Int? {
        switch value {
        case .array(let elements): return elements.count
        case .nodes(let list): return list.count
        case .node(let raw):
            let record = nodes[Int(resolved(raw))]
            return record.kind == .array ? Int(record.b) : nil
        default:
            var count = 0
            let isArray = try! forEachElement(value) { (_: JMESValue) throws(QueryError) in count += 1 }
            return isArray ? count : nil
        }
    }

    // MARK: Scalars

    /// The text of a string value, or `nil`.
    func string(_ value: JMESValue) -> String? {
        switch value {
        case .string(let string): return string
        case .node(let raw):
            let index = resolved(raw)
            guard type(ofNode: index) == .string else { return nil }
            return Node(document: document, index: index).string ?? ""
        default: return nil
        }
    }

    /// The text of a value whose type is string, read without testing the
    /// type again.
    func text(ofString value: JMESValue) -> String {
        switch value {
        case .string(let string): return string
        case .node(let raw): return Node(document: document, index: resolved(raw)).string ?? ""
        default: return ""
        }
    }

    /// The value of a number, or `nil`.
    func number(_ value: JMESValue) -> Double? {
        if case .number(let number) = value { return number }
        if case .decimal(let exact) = value { return Double(exact.description) }
        guard case .node = value else { return nil }
        // Through `document.table`, not a copy of the array, which would retain it.
        return document.table.text.withUnsafeBufferPointer { number(value, text: $0) }
    }

    /// The value of a number, or `nil`, with the document's text at hand
    /// (so that a loop over many numbers gets the buffer once): DocTree's
    /// number reading (``NumberText``), as the key-path evaluator's.
    func number(_ value: JMESValue, text: UnsafeBufferPointer<UInt8>) -> Double? {
        switch value {
        case .number(let number): return number
        case .decimal(let exact): return Double(exact.description)
        case .node(let raw):
            let record = nodes[Int(resolved(raw))]
            guard record.kind == .number else { return nil }
            let span = UnsafeBufferPointer(rebasing: text[Int(record.a)..<Int(record.a) + Int(record.b)])
            return try? NumberText.floatingPoint(Double.self, from: span, isNumberToken: true).get()
        default: return nil
        }
    }

    /// The exact value of a number, as the key-path evaluator compares
    /// numbers (``ExactNumber``): a node's text as written, a computed
    /// number by its shortest spelling; `nil` for anything else and for
    /// an infinite or NaN result.
    func exactNumber(_ value: JMESValue) -> ExactNumber? {
        switch value {
        case .number(let number):
            if let integer = Int64(exactly: number) { return .integer(integer) }
            guard number.isFinite else { return nil }
            var text = "\(number)"
            return text.withUTF8 { NumberText.exact(from: $0) }
        case .decimal(let exact):
            return ExactNumber(exact)
        case .node(let raw):
            let record = nodes[Int(resolved(raw))]
            guard record.kind == .number else { return nil }
            return document.table.withSpan(of: record) { NumberText.exact(from: $0) }
        default: return nil
        }
    }

    /// JMESPath truthiness: false, null, empty strings, arrays and objects are false.
    func isTruthy(_ value: JMESValue) -> Bool {
        switch value {
        case .null: return false
        case .bool(let bool): return bool
        case .number, .decimal, .expression, .repeated: return true
        case .string(let string): return !string.isEmpty
        case .array(let elements): return !elements.isEmpty
        case .nodes(let list): return !list.isEmpty
        case .object(let object): return object.count > 0
        case .node(let raw):
            let index = resolved(raw)
            let record = nodes[Int(index)]
            switch record.kind {
            case .null, .false: return false
            case .true, .number: return true
            case .object, .array: return record.a > index + 1
            case .string, .attribute, .text, .comment, .processingInstruction: return record.b > 0
            case .element:
                return document.viewKind(of: index) == .object || !(Node(document: document, index: index).string ?? "").isEmpty
            default: return true  // the document node
            }
        }
    }
}

/// A member key: an interned name of the document, or text the expression built.
enum JMESKey {
    case name(UInt32)
    case string(String)
}

/// The types of JMESPath values, named as `type()` returns them.
enum JMESType: String, Sendable {
    case number, string, boolean, array, object, null
    case expression = "expref"
}
