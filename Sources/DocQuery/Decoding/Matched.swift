/// What one decoder reads: the node, or nodes, one key or path matched.
enum Matched {
    /// Exactly one node.
    case one(Node)
    /// Matched nodes: none (an absent value), XML's repeated elements, a
    /// path's matches. A list of one reads as that node, except that as an
    /// array it is always one element per node.
    case list([Node])
    /// Text made up for a reserved key (`_string`, `_text`, `_elementName`).
    case text(String)
    /// An XML element's attributes alone (the reserved key `_attributes`).
    case attributes(Node)

    /// The single node, when exactly one matched.
    var single: Node? {
        switch self {
        case .one(let node): node
        case .list(let nodes): nodes.count == 1 ? nodes[0] : nil
        case .text, .attributes: nil
        }
    }

    /// Whether this counts as nil: nothing matched, JSON `null`, or an
    /// empty XML value (see ``NodeDecoder``, "Missing values").
    var isNil: Bool {
        switch self {
        case .one(let node): node.isNilValue
        case .list(let nodes): nodes.isEmpty || (nodes.count == 1 && nodes[0].isNilValue)
        case .text(let text): text.trimmingXMLWhitespace().isEmpty
        case .attributes(let element): element.attributes.isEmpty
        }
    }
}

/// The namespace of XML Schema instance attributes such as `xsi:nil`.
private let xmlSchemaInstanceNamespace = "http://www.w3.org/2001/XMLSchema-instance"

extension Node {
    /// Whether this node decodes as nil: JSON `null`; an XML element with
    /// `xsi:nil="true"` or with no attributes, no child elements and only
    /// whitespace text; an attribute or text node whose text is blank.
    var isNilValue: Bool {
        switch kind {
        case .null:
            return true
        case .element:
            if let marked = xsiNil { return marked }
            if !attributes.isEmpty || hasChildElements { return false }
            return (string ?? "").trimmingXMLWhitespace().isEmpty
        case .attribute, .text:
            return (string ?? "").trimmingXMLWhitespace().isEmpty
        default:
            return false
        }
    }

    /// The value of an XML element's `xsi:nil` attribute, if it has one.
    /// The prefix `xsi` is trusted even when no namespace is declared.
    var xsiNil: Bool? {
        for attribute in attributes where attribute.localName == "nil" {
            if attribute.namespaceURI == xmlSchemaInstanceNamespace || attribute.prefix == "xsi" {
                return attribute.bool == true
            }
        }
        return nil
    }

    /// Whether an XML element says `xsi:nil="true"`.
    var isMarkedNil: Bool { kind == .element && xsiNil == true }

    /// An XML element's own character data, read in one pass over its
    /// children without an intermediate buffer when it has a single text
    /// run (the usual case); `nil` when the element has child elements.
    var leafElementText: String? {
        let nodes = document.table.nodes
        var position = index + 1
        let end = nodes[Int(index)].a
        var runs = 0
        var run = nodes[Int(index)]
        while position < end {
            let record = nodes[Int(position)]
            switch record.kind {
            case .element: return nil
            case .text:
                runs += 1
                run = record
            default: break
            }
            position = Members.next(after: position, record)
        }
        switch runs {
        case 0: return ""
        case 1: return document.table.withSpan(of: run) { String(decoding: $0, as: UTF8.self) }
        default: return string ?? ""
        }
    }

    /// Whether an XML element has at least one child element.
    var hasChildElements: Bool { kind == .element && !contents.isEmpty }

    /// A short description for error messages: `the JSON string "abc"`,
    /// `the element <item> with child elements`, `text "12a"`.
    var decodingDescription: String {
        switch kind {
        case .document: return "the document node"
        case .object: return "a JSON object"
        case .array: return "a JSON array"
        case .string: return "the JSON string \(Node.preview(string ?? ""))"
        case .number: return "the JSON number \(string ?? "")"
        case .true: return "the JSON value true"
        case .false: return "the JSON value false"
        case .null: return "null"
        case .element:
            let name = name ?? "?"
            if hasChildElements { return "the element <\(name)>, which has child elements" }
            return "the element <\(name)> with text \(Node.preview(string ?? ""))"
        case .attribute: return "the attribute \(name ?? "?")=\(Node.preview(string ?? ""))"
        case .text: return "the text \(Node.preview(string ?? ""))"
        case .comment: return "a comment"
        case .processingInstruction: return "a processing instruction"
        }
    }

    /// `text` in quotes, cut to about 40 characters.
    static func preview(_ text: String) -> String {
        let limit = 40
        var result = "\""
        for (i, character) in text.enumerated() {
            if i == limit { result += "…"; break }
            switch character {
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
