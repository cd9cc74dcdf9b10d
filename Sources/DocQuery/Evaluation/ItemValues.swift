#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
        case .object, .array, .document: return .container
        case .number: return .number
        case .true, .false: return .bool
        case .null: return .null
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
            case .text(let string):
                var text = string
                return text.withUTF8(body)
            }
        }
        return withNodeBytes(item, body)
    }

    private func withNodeBytes<R>(_ node: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let record = nodes[Int(node)]
        switch record.kind {
        case .string where record.flags.contains(.escaped):
            var text = Node(document: document, index: node).string ?? ""
            return text.withUTF8(body)
        case .string, .number, .attribute, .text,
            .comment, .processingInstruction:
            return span(record, body)
        case .true:
            return StaticString("true").withUTF8Buffer(body)
        case .false:
            return StaticString("false").withUTF8Buffer(body)
        case .element:
            // Own text: the direct text children. One run is the common case.
            var single: NodeRecord? = nil
            var runs = 0
            var p = node + 1
            let end = record.a
            while p < end {
                let child = nodes[Int(p)]
                if child.kind == .text {
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
        table.withSpan(of: record, body)
    }

    /// The item as an exact number: JSON numbers, computed numbers, and
    /// text that is a decimal number (XML whitespace around it ignored).
    func numericValue(_ item: UInt32) -> ExactNumber? {
        switch valueClass(item) {
        case .number, .text:
            if !isNode(item), case .number(let number) = computed[Int(item - base)] {
                switch number {
                case .int(let i): return .integer(Int64(i))
                case .decimal(let d): return ExactNumber(d)
                case .double(let d): return d.isFinite ? withBytes(item) { NumberText.exact(from: $0) } : nil
                }
            }
            return withBytes(item) { NumberText.exact(from: $0) }
        default:
            return nil
        }
    }

    /// The item as a boolean: JSON `true`/`false`; text `true`, `false`,
    /// `1`, `0` (XML Schema's lexical forms, whitespace ignored).
    func booleanValue(_ item: UInt32) -> Bool? {
        switch valueClass(item) {
        case .bool: return kind(item) == .true
        case .text: return withBytes(item) { Self.xmlBoolean($0) }
        default: return nil
        }
    }

    static func xmlBoolean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        let word = XMLWhitespace.trimmed(bytes)
        if word.elementsEqual("true".utf8) || word.elementsEqual("1".utf8) { return true }
        if word.elementsEqual("false".utf8) || word.elementsEqual("0".utf8) { return false }
        return nil
    }

    /// Whether the item's text is empty or only XML whitespace (an empty
    /// `<price/>`), which aggregates skip like JSON null.
    func isBlank(_ item: UInt32) -> Bool {
        withBytes(item) { XMLWhitespace.isBlank($0) }
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
            text = kind(item) == .array ? "an array" : "an object"
        case .null:
            text = "null"
        case .bool:
            text = kind(item) == .true ? "true" : "false"
        case .number:
            text = "the number \(string(item))"
        case .text:
            var value = string(item)
            if value.count > 40 { value = String(value.prefix(40)) + "…" }
            text = "the text \(Syntax.quoted(value))"
            if isNode(item), kind(item) == .element,
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
