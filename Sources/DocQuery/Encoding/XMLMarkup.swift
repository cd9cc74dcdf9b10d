import DocTree

/// Writes an ``EditValue``'s tree as XML elements: the decoder's mapping
/// read backwards, for ``DocumentEncoder`` and for the XML editor's new
/// content alike.
///
/// An object is an element: a member marked as an attribute, a member
/// whose key starts with `@`, and the members of `_attributes` are its
/// attributes; `_string` is its own text; `_contents` is an array of child
/// elements that each name themselves with `_elementName` (which also names
/// the root); every other member is a child element of the member's name,
/// an array member that many elements (none when empty). A scalar is an
/// element holding its text; `null` and `""` an empty element.
struct XMLMarkup {
    /// The indentation unit, or `nil` for compact output.
    let unit: String?
    /// The line ending between elements when indented.
    let newline: String
    /// The prefixes bound at the place the markup goes, or `nil` to leave
    /// prefixes unchecked (the editor, whose result is read back anyway).
    var boundPrefixes: Set<Substring>? = []
    var out = ""
    /// Whether an `xmlns` or `xmlns:p` attribute was written, whose value
    /// libxml2 checks as a URI (see ``DocumentEncoder``, which reads such
    /// output back).
    private(set) var declaresNamespaces = false

    init(unit: String?, newline: String) {
        self.unit = unit
        self.newline = newline
    }

    /// Writes `content` as a document's root element named `name`.
    mutating func root(_ name: String, _ content: EditValue.Content) throws {
        if case .array = content {
            throw Self.failure(
                .root, "an XML document has one root element, so the value at its root cannot be an array (make the array a member of a keyed value)")
        }
        try element(Self.ownName(of: content) ?? name, content, indent: "", path: .root)
    }

    /// The name a keyed value gives itself with `_elementName`, if it does.
    static func ownName(of content: EditValue.Content) -> String? {
        guard case .object(let members) = content,
            let member = members.first(where: { $0.key == ReservedKey.elementName && !$0.isAttribute }),
            case .string(let name) = member.value
        else { return nil }
        return name
    }

    /// An element whose start tag is written and whose children are being
    /// written.
    private struct OpenElement {
        let name: String
        let children: [Child]
        /// The next child to write.
        var next = 0
        /// The children's indentation, or `nil` on one line.
        let inner: String?
        /// The element's own indentation, before its end tag.
        let indent: String
        /// The prefixes bound inside the element.
        let bound: Set<Substring>?
    }

    private typealias Child = (name: String, content: EditValue.Content, path: CodingPathNode)

    /// Writes `content` as one element named `name` at the current
    /// position; its later lines are indented from `indent`.
    ///
    /// A value may be nested as deep as ``LoadOptions/maxDepth`` allows, so
    /// the open elements are a list rather than the call stack, and the
    /// path of each is a linked ``CodingPathNode``: memory and stack stay
    /// linear in the depth.
    mutating func element(_ name: String, _ content: EditValue.Content, indent: String, path: CodingPathNode) throws {
        let outer = boundPrefixes
        defer { boundPrefixes = outer }
        var open: [OpenElement] = []
        var pending: (child: Child, indent: String)? = ((name, content, path), indent)
        while true {
            if let (child, indent) = pending {
                pending = nil
                if let started = try start(child.name, child.content, indent: indent, path: child.path) { open.append(started) }
            }
            guard var top = open.popLast() else { return }
            if top.next < top.children.count {
                if let inner = top.inner { out += newline + inner }
                pending = (top.children[top.next], top.inner ?? top.indent)
                top.next += 1
                boundPrefixes = top.bound
                open.append(top)
            } else {
                if top.inner != nil { out += newline + top.indent }
                out += "</" + top.name + ">"
                boundPrefixes = open.last?.bound ?? outer
            }
        }
    }

    /// Writes the start of one element: all of it when it has no child
    /// elements (then `nil`), else its start tag and own text, returning
    /// what its children need.
    private mutating func start(_ name: String, _ content: EditValue.Content, indent: String, path: CodingPathNode) throws -> OpenElement? {
        guard XMLText.isName(name) else { throw Self.failure(path, XMLText.nameProblem(name)) }
        let members: [EditValue.Member]
        switch content {
        case .array:
            throw Self.failure(path, "XML has no arrays of arrays: an array's elements are repeated elements named by its key")
        case .null:
            try checkPrefix(of: name, bound: boundPrefixes, path: path)
            out += "<" + name + "/>"
            return nil
        case .string, .number, .bool:
            try checkPrefix(of: name, bound: boundPrefixes, path: path)
            let text = try Self.text(of: content, path: path)
            out += text.isEmpty ? "<" + name + "/>" : "<" + name + ">" + text + "</" + name + ">"
            return nil
        case .object(let list):
            members = list
        }

        var attributes: [(name: String, value: String)] = []
        var ownText = ""
        var children: [Child] = []
        for member in members {
            let memberPath = path.appending(NameKey(member.key))
            if member.key == ReservedKey.attributes {
                guard case .object(let inner) = member.value else {
                    throw Self.failure(memberPath, "\(ReservedKey.attributes) holds an element's attributes as a keyed value")
                }
                for attribute in inner {
                    let attributeName = attribute.key.hasPrefix("@") ? String(attribute.key.dropFirst()) : attribute.key
                    attributes.append((attributeName, try Self.attributeValue(attribute.value, path: memberPath.appending(NameKey(attribute.key)))))
                }
            } else if member.isAttribute || member.key.hasPrefix("@") {
                let attributeName = member.key.hasPrefix("@") ? String(member.key.dropFirst()) : member.key
                attributes.append((attributeName, try Self.attributeValue(member.value, path: memberPath)))
            } else if member.key == ReservedKey.string {
                ownText += try Self.text(of: member.value, path: memberPath)
            } else if member.key == ReservedKey.elementName {
                // The element's own name, which its key or its place gave it already.
                guard case .string(let own) = member.value, own == name else {
                    throw Self.failure(memberPath, "\(ReservedKey.elementName) must be the element's name, '\(name)'")
                }
            } else if member.key == ReservedKey.contents, case .array(let elements) = member.value {
                // Child elements of any names, each named by its own `_elementName`.
                for (position, element) in elements.enumerated() {
                    guard let childName = Self.ownName(of: element) else {
                        throw Self.failure(
                            memberPath.appending(index: position),
                            "an element of \(ReservedKey.contents) is a keyed value that names itself with \(ReservedKey.elementName)")
                    }
                    children.append((childName, element, memberPath.appending(index: position)))
                }
            } else if case .array(let elements) = member.value {
                for (position, element) in elements.enumerated() {
                    children.append((member.key, element, memberPath.appending(index: position)))
                }
            } else {
                children.append((member.key, member.value, memberPath))
            }
        }

        var bound = boundPrefixes
        for attribute in attributes {
            guard XMLText.isName(attribute.name) else { throw Self.failure(path.appending(NameKey(attribute.name)), XMLText.nameProblem(attribute.name)) }
            if attribute.name.hasPrefix("xmlns:") { bound?.insert(attribute.name.dropFirst(6)) }
            if attribute.name == "xmlns" || attribute.name.hasPrefix("xmlns:") { declaresNamespaces = true }
        }
        try checkPrefix(of: name, bound: bound, path: path)
        var seen: Set<String> = []
        for attribute in attributes {
            guard seen.insert(attribute.name).inserted else {
                throw Self.failure(path.appending(NameKey(attribute.name)), "the attribute '\(attribute.name)' is written twice")
            }
            if attribute.name != "xmlns", !attribute.name.hasPrefix("xmlns:") {
                try checkPrefix(of: attribute.name, bound: bound, path: path.appending(NameKey(attribute.name)))
            }
        }

        out += "<" + name
        for attribute in attributes { out += " " + attribute.name + "=\"" + attribute.value + "\"" }
        if children.isEmpty && ownText.isEmpty {
            out += "/>"
            return nil
        }
        out += ">" + ownText
        // Mixed content stays on one line: indentation would become text.
        let inner = unit.flatMap { ownText.isEmpty ? indent + $0 : nil }
        return OpenElement(name: name, children: children, inner: inner, indent: indent, bound: bound)
    }

    /// Throws unless `name`'s prefix is `xml` or bound (when prefixes are checked).
    private func checkPrefix(of name: String, bound: Set<Substring>?, path: CodingPathNode) throws {
        guard let bound, let prefix = XMLText.prefix(of: name), prefix != "xml", !bound.contains(prefix) else { return }
        throw Self.failure(path, "the prefix '\(prefix)' of '\(name)' is not bound: give the element or an ancestor the attribute xmlns:\(prefix)")
    }

    /// A scalar as escaped element text (`null` as none).
    static func text(of content: EditValue.Content, path: CodingPathNode) throws -> String {
        try escaped(content, quote: nil, path: path, notScalar: "an element's own text (\(ReservedKey.string)) holds text, not an array or a keyed value")
    }

    /// A scalar as an escaped attribute value between double quotes.
    private static func attributeValue(_ content: EditValue.Content, path: CodingPathNode) throws -> String {
        try escaped(content, quote: UInt8(ascii: "\""), path: path, notScalar: "an attribute holds text, not an array or a keyed value")
    }

    /// A scalar as XML text (``XMLText/text(of:)``), escaped for `quote`.
    private static func escaped(_ content: EditValue.Content, quote: UInt8?, path: CodingPathNode, notScalar: String) throws -> String {
        do throws(XMLText.TextProblem) {
            return XMLText.escaped(try XMLText.text(of: content), quote: quote)
        } catch {
            throw failure(path, error.message(notScalar: notScalar))
        }
    }

    static func failure(_ path: CodingPathNode, _ text: String) -> EncodingError {
        let rendered = path.rendered
        return .invalidValue(
            rendered, EncodingError.Context(codingPath: path.keys, debugDescription: rendered.isEmpty ? text : "\(rendered): \(text)"))
    }
}
