import Foundation

/// Reading the value of an item without building strings: text is handed
/// out as UTF-8 bytes straight from the document's buffer wherever the text
/// is one contiguous span.
extension Evaluator {
    /// How an item takes part in comparisons.
    enum ValueClass: Equatable {
        case number, text, bool, null, container
    }

    func valueClass(_ item: UInt32) -> ValueClass {
        if !isNode(item) {
            if case .number = computed[Int(item - base)] { return .number }
            return .text
        }
        switch kind(item) {
        case Self.objectKind, Self.arrayKind, Self.documentKind: return .container
        case Self.numberKind: return .number
        case Self.trueKind, Self.falseKind: return .bool
        case Self.nullKind: return .null
        default: return .text
        }
    }

    /// The item's text as UTF-8: an element's own text, a leaf's value, a
    /// computed value's text; empty for containers and null.
    func withBytes<R>(_ item: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if !isNode(item) {
            switch computed[Int(item - base)] {
            case .ownText(let node):
                return withNodeBytes(node, body)
            case .deepText(let node):
                var text = Node(document: document, index: node).text
                return text.withUTF8(body)
            case .name(let node):
                var text = table.names[nodes[Int(node)].nameID]
                return text.withUTF8(body)
            case .keyName(let id):
                var text = table.names[id]
                return text.withUTF8(body)
            case .number(let number):
                var text = number.text
                return text.withUTF8(body)
            }
        }
        return withNodeBytes(item, body)
    }

    private func withNodeBytes<R>(_ node: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let record = nodes[Int(node)]
        switch record.kindCode {
        case Self.stringKind where record.flags.contains(.escaped):
            var text = Node(document: document, index: node).string ?? ""
            return text.withUTF8(body)
        case Self.stringKind, Self.numberKind, Self.attributeKind, Self.textKind,
            Node.Kind.comment.rawValue, Self.piKind:
            return span(record, body)
        case Self.trueKind:
            return StaticString("true").withUTF8Buffer(body)
        case Self.falseKind:
            return StaticString("false").withUTF8Buffer(body)
        case Self.elementKind:
            // Own text: the direct text children. One run is the common case.
            var single: NodeRecord? = nil
            var runs = 0
            var p = node + 1
            let end = record.a
            while p < end {
                let child = nodes[Int(p)]
                if child.kindCode == Self.textKind {
                    runs += 1
                    if runs == 1 { single = child }
                }
                p = child.subtreeEnd(at: p)
            }
            if runs == 0 { return body(UnsafeBufferPointer(start: nil, count: 0)) }
            if runs == 1, let single { return span(single, body) }
            var joined = Node(document: document, index: node).string ?? ""
            return joined.withUTF8(body)
        default:
            return body(UnsafeBufferPointer(start: nil, count: 0))
        }
    }

    @inline(__always)
    private func span<R>(_ record: NodeRecord, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        table.text.withUnsafeBufferPointer { buffer in
            body(UnsafeBufferPointer(rebasing: buffer[Int(record.a)..<Int(record.a) + Int(record.b)]))
        }
    }

    /// The item as a number: JSON numbers, computed numbers, and text that
    /// is a decimal number (XML whitespace around it ignored).
    func numericValue(_ item: UInt32) -> NumericValue? {
        switch valueClass(item) {
        case .number, .text:
            if !isNode(item), case .number(let number) = computed[Int(item - base)] {
                switch number {
                case .int(let i): return .int(i)
                case .decimal(let d): return .double(NSDecimalNumberBridge.double(d))
                case .double(let d): return .double(d)
                }
            }
            return withBytes(item) { NumericValue.parse($0) }
        default:
            return nil
        }
    }

    /// The item as a boolean: JSON `true`/`false`; text `true`, `false`,
    /// `1`, `0` (XML Schema's lexical forms, whitespace ignored).
    func booleanValue(_ item: UInt32) -> Bool? {
        switch valueClass(item) {
        case .bool: return kind(item) == Self.trueKind
        case .text: return withBytes(item) { Self.xmlBoolean($0) }
        default: return nil
        }
    }

    static func xmlBoolean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        var start = 0
        var end = bytes.count
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if word.elementsEqual("true".utf8) || word.elementsEqual("1".utf8) { return true }
        if word.elementsEqual("false".utf8) || word.elementsEqual("0".utf8) { return false }
        return nil
    }

    /// Whether the item's text is empty or only XML whitespace (an empty
    /// `<price/>`), which aggregates skip like JSON null.
    func isBlank(_ item: UInt32) -> Bool {
        withBytes(item) { bytes in
            bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        }
    }

    /// The item as a `String`, for messages and distinct keys.
    func string(_ item: UInt32) -> String {
        withBytes(item) { String(decoding: $0, as: UTF8.self) }
    }

    /// A short description of an item for error messages:
    /// `the string "Inbox" at lists.list[0].name`.
    func describe(_ item: UInt32) -> String {
        var text: String
        switch valueClass(item) {
        case .container:
            text = kind(item) == Self.arrayKind ? "an array" : "an object"
        case .null:
            text = "null"
        case .bool:
            text = kind(item) == Self.trueKind ? "true" : "false"
        case .number:
            text = "the number \(string(item))"
        case .text:
            var value = string(item)
            if value.count > 40 { value = String(value.prefix(40)) + "…" }
            text = "the text \(Syntax.quoted(value))"
            if isNode(item), kind(item) == Self.elementKind,
                Node(document: document, index: item).children.contains(where: { $0.kind == .element }) {
                text = "an element with child elements"
            }
        }
        if isNode(item) {
            var paths = CanonicalPathBuilder(document: document)
            if let path = paths.path(of: item) { text += " at \(path.isEmpty ? "." : path)" }
        } else if let source = computed[Int(item - base)].source {
            var paths = CanonicalPathBuilder(document: document)
            if let path = paths.path(of: source) { text += " at \(path.isEmpty ? "." : path)" }
        }
        return text
    }
}

/// `Decimal` to `Double` without going through text.
enum NSDecimalNumberBridge {
    static func double(_ value: Decimal) -> Double {
        NSDecimalNumber(decimal: value).doubleValue
    }
}
