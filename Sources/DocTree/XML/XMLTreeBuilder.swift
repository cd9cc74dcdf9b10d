/// Builds the node table of an XML document from SAX2 events.
///
/// The libxml2 gate (`LibXML2.swift`) turns each C callback into one call
/// here; nothing in this file knows about libxml2's types. Names arrive as
/// the parser's NUL-terminated, dictionary-interned C strings: the same
/// name always comes as the same pointer during one parse, so the builder
/// maps pointers to name ids and creates a `String` only the first time a
/// name is seen.
///
/// ## What becomes a record
///
/// - An element: one ``Node/Kind-swift.enum/element`` record (name = the
///   qualified name as written, `b` = the namespace URI's name id or 0),
///   followed by one ``Node/Kind-swift.enum/attribute`` leaf per attribute in
///   document order, then its content. Namespace declarations (`xmlns`,
///   `xmlns:p`) are not attributes.
/// - Character data: consecutive chunks (libxml2 reports text in pieces,
///   and entity and character references separately) merge into one
///   ``Node/Kind-swift.enum/text`` run; a CDATA section makes its own run,
///   flagged ``NodeRecord/Flags/cdata``.
/// - Comments and processing instructions: leaves, only when the options
///   keep them; otherwise skipped, so the text around them merges.
///
/// ## Whitespace
///
/// Whitespace-only text between child elements is layout, not content. An
/// element with child elements and no other text loses its whitespace-only
/// runs in ``finish()``, in one pass that runs only when there is something
/// to drop. An element without child elements keeps its whitespace text
/// exactly, and mixed content keeps every run.
struct XMLTreeBuilder {
    private var tree: TreeBuilder
    private let keepsComments: Bool
    private let keepsProcessingInstructions: Bool
    /// Name ids by the parser's (prefix, local name) pointers.
    private var nameIDs: [NameKey: UInt32] = [:]
    /// Namespace URI name ids by the parser's URI pointer.
    private var namespaceIDs: [UInt: UInt32] = [:]
    /// How many elements finished with element children, no real text, and
    /// at least one whitespace-only run to drop.
    private var elementsWithDroppableWhitespace = 0

    /// A (prefix, local name) pair of parser-owned C string addresses.
    private struct NameKey: Hashable {
        let prefix: UInt
        let local: UInt
    }

    init(options: LoadOptions, estimatedBytes: Int) {
        tree = TreeBuilder(
            splitsPrefixes: true, maxDepth: options.maxDepth,
            estimatedNodes: estimatedBytes / 32)
        tree.text.reserveCapacity(estimatedBytes / 2)
        keepsComments = options.keepsComments
        keepsProcessingInstructions = options.keepsProcessingInstructions
    }

    // MARK: Events

    /// Opens an element as the next child of the current one.
    ///
    /// - Parameters:
    ///   - local: the local name, NUL-terminated.
    ///   - prefix: the prefix as written, or `nil`.
    ///   - namespaceURI: the element's namespace URI, or `nil` for none.
    /// - Throws: ``LoadError/Kind-swift.struct/nestingTooDeep`` past
    ///   ``LoadOptions/maxDepth``, or ``LoadError/Kind-swift.struct/tooLarge``.
    mutating func startElement(
        local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, namespaceURI: UnsafePointer<UInt8>?
    ) throws(LoadError) {
        let name = try nameID(local: local, prefix: prefix)
        let uri = try namespaceID(namespaceURI)
        let parent = tree.current
        guard tree.openContainer(.element, name: name, b: uri) != nil else {
            throw LoadError(.nestingTooDeep, "elements are nested deeper than \(tree.maxDepth) levels")
        }
        if parent != 0 { tree.nodes[Int(parent)].insert(.hasElementChildren) }
        guard tree.nodes.count < Int(UInt32.max) else { throw Self.tooManyNodes }
    }

    /// Appends an attribute of the element just opened.
    mutating func addAttribute(
        local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, namespaceURI: UnsafePointer<UInt8>?,
        value: UnsafeBufferPointer<UInt8>
    ) throws(LoadError) {
        let name = try nameID(local: local, prefix: prefix)
        let uri = try namespaceID(namespaceURI)
        let offset = try appendBytes(value)
        let index = tree.appendLeaf(.attribute, name: name, offset: offset, length: UInt32(value.count))
        if uri != 0 { tree.attributeNamespaces[index] = uri }
    }

    /// Closes the innermost element.
    mutating func endElement() {
        let index = Int(tree.current)
        let flags = tree.nodes[index].flags
        if flags.contains(.pendingWhitespace) {
            tree.nodes[index].remove(.pendingWhitespace)
            if flags.contains(.hasElementChildren) && !flags.contains(.hasText) {
                elementsWithDroppableWhitespace += 1
            }
        }
        tree.closeContainer()
    }

    /// Appends character data to the current element, merging it with the
    /// run before when that run is the element's last child.
    mutating func appendText(_ chunk: UnsafeBufferPointer<UInt8>, cdata: Bool) throws(LoadError) {
        guard !chunk.isEmpty else { return }
        let parent = tree.current
        guard parent != 0 else { return }  // libxml2 reports no text outside the root
        let whitespace = !cdata && Self.isWhitespace(chunk)
        let offset = try appendBytes(chunk)
        let last = tree.nodes.count - 1
        let previous = tree.nodes[last]
        if previous.rawKind == Node.Kind.text.rawValue, previous.parent == parent,
            previous.flags.contains(.cdata) == cdata, previous.a &+ previous.b == offset
        {
            tree.nodes[last].b &+= UInt32(truncatingIfNeeded: chunk.count)
            if previous.flags.contains(.whitespace) && !whitespace {
                tree.nodes[last].remove(.whitespace)
                tree.nodes[Int(parent)].insert(.hasText)
            }
            return
        }
        let flags: NodeRecord.Flags = cdata ? .cdata : whitespace ? .whitespace : []
        tree.appendLeaf(.text, flags: flags, offset: offset, length: UInt32(truncatingIfNeeded: chunk.count))
        tree.nodes[Int(parent)].insert(whitespace ? .pendingWhitespace : .hasText)
        guard tree.nodes.count < Int(UInt32.max) else { throw Self.tooManyNodes }
    }

    /// Appends a comment, when the options keep comments.
    mutating func appendComment(_ text: UnsafeBufferPointer<UInt8>) throws(LoadError) {
        guard keepsComments else { return }
        let offset = try appendBytes(text)
        tree.appendLeaf(.comment, offset: offset, length: UInt32(text.count))
    }

    /// Appends a processing instruction, when the options keep them.
    mutating func appendProcessingInstruction(
        target: UnsafePointer<UInt8>, data: UnsafeBufferPointer<UInt8>
    ) throws(LoadError) {
        guard keepsProcessingInstructions else { return }
        let name = try nameID(local: target, prefix: nil)
        let offset = try appendBytes(data)
        tree.appendLeaf(.processingInstruction, name: name, offset: offset, length: UInt32(data.count))
    }

    /// Drops layout whitespace and freezes the table into a document.
    mutating func finish() -> Document {
        if elementsWithDroppableWhitespace > 0 { dropLayoutWhitespace() }
        return tree.finish(format: .xml)
    }

    // MARK: Names

    private mutating func nameID(local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?) throws(LoadError) -> UInt32 {
        let key = NameKey(prefix: prefix.map { UInt(bitPattern: $0) } ?? 0, local: UInt(bitPattern: local))
        if let id = nameIDs[key] { return id }
        var name = String(cString: local)
        if let prefix { name = String(cString: prefix) + ":" + name }
        let id = try tree.names.intern(name)
        nameIDs[key] = id
        return id
    }

    private mutating func namespaceID(_ uri: UnsafePointer<UInt8>?) throws(LoadError) -> UInt32 {
        guard let uri else { return 0 }
        let key = UInt(bitPattern: uri)
        if let id = namespaceIDs[key] { return id }
        // A URI is a name of its own: interned whole, never split at a colon.
        let saved = tree.names.splitsPrefixes
        tree.names.splitsPrefixes = false
        defer { tree.names.splitsPrefixes = saved }
        let id = try tree.names.intern(String(cString: uri))
        namespaceIDs[key] = id
        return id
    }

    // MARK: Text

    private static let tooManyNodes = LoadError(.tooLarge, "the document has more than \(UInt32.max - 1) nodes")

    @inline(__always)
    private mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) throws(LoadError) -> UInt32 {
        guard tree.text.count + bytes.count <= Int(UInt32.max) else {
            throw LoadError(.tooLarge, "the document has more than 4 GiB of text")
        }
        return tree.appendText(bytes)
    }

    /// Whether every byte is XML whitespace (space, tab, line feed, carriage return).
    @inline(__always)
    private static func isWhitespace(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte != 0x20 && byte != 0x0A && byte != 0x09 && byte != 0x0D {
            return false
        }
        return true
    }

    // MARK: Whitespace compaction

    /// Removes the whitespace-only text runs of elements that have child
    /// elements and no other text, in one forward pass: records move down
    /// over the dropped ones, parents and subtree ends are remapped through
    /// a stack of open containers, and text spans move down over the
    /// dropped bytes (spans are in record order, so moving forward is safe).
    private mutating func dropLayoutWhitespace() {
        let count = tree.nodes.count
        let textKind = Node.Kind.text.rawValue
        // Open containers: (old subtree end, new index).
        var open: [(end: UInt32, index: UInt32)] = []
        open.reserveCapacity(64)
        var write = 0
        var textWrite = 0
        let attributeNamespaces = tree.attributeNamespaces
        var movedAttributeNamespaces: [UInt32: UInt32] = [:]
        movedAttributeNamespaces.reserveCapacity(attributeNamespaces.count)
        tree.nodes.withUnsafeMutableBufferPointer { nodes in
            tree.text.withUnsafeMutableBufferPointer { text in
                for read in 0..<count {
                    while let top = open.last, top.end <= UInt32(truncatingIfNeeded: read) {
                        nodes[Int(top.index)].a = UInt32(truncatingIfNeeded: write)
                        open.removeLast()
                    }
                    var record = nodes[read]
                    let isContainer = record.kind.isContainer
                    if record.rawKind == textKind && record.flags.contains(.whitespace) {
                        let parentFlags = nodes[Int(open[open.count - 1].index)].flags
                        if parentFlags.contains(.hasElementChildren) && !parentFlags.contains(.hasText) {
                            continue
                        }
                    }
                    if read > 0 { record.parent = open[open.count - 1].index }
                    if !isContainer {
                        let start = Int(record.a)
                        let length = Int(record.b)
                        if start != textWrite, length > 0 {
                            let source = UnsafeRawPointer(text.baseAddress! + start)
                            UnsafeMutableRawPointer(text.baseAddress! + textWrite)
                                .copyMemory(from: source, byteCount: length)
                        }
                        record.a = UInt32(truncatingIfNeeded: textWrite)
                        textWrite += length
                        if !attributeNamespaces.isEmpty, record.rawKind == Node.Kind.attribute.rawValue,
                            let uri = attributeNamespaces[UInt32(truncatingIfNeeded: read)]
                        {
                            movedAttributeNamespaces[UInt32(truncatingIfNeeded: write)] = uri
                        }
                    }
                    nodes[write] = record
                    if isContainer {
                        // The document node's end is only set by `TreeBuilder.finish`.
                        let end = read == 0 ? UInt32(truncatingIfNeeded: count) : record.a
                        open.append((end, UInt32(truncatingIfNeeded: write)))
                    }
                    write += 1
                }
                while let top = open.popLast() {
                    nodes[Int(top.index)].a = UInt32(truncatingIfNeeded: write)
                }
            }
        }
        tree.nodes.removeLast(count - write)
        tree.text.removeLast(tree.text.count - textWrite)
        tree.attributeNamespaces = movedAttributeNamespaces
        elementsWithDroppableWhitespace = 0
    }
}

extension NodeRecord.Flags {
    /// XML element, while it is open: it has a whitespace-only text run.
    /// Shares its bit with ``escaped`` (a JSON-only flag) and is cleared when
    /// the element closes, so no finished record carries it.
    fileprivate static let pendingWhitespace = NodeRecord.Flags(rawValue: 1 << 0)
}

extension NodeRecord {
    @inline(__always) fileprivate mutating func remove(_ flags: Flags) {
        header &= ~(UInt32(flags.rawValue) << 4)
    }
}
