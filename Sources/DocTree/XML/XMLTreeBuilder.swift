#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
/// runs. An element without child elements keeps its whitespace text
/// exactly, and mixed content keeps every run.
///
/// Most layout whitespace never becomes a record: a whitespace-only run is
/// held back (its bytes at the end of the text) until the next event says
/// what it is. Before a child element, or once the parent has a child
/// element, it is dropped when the parent has no real text so far, and the
/// parent is marked; should real text come later after all (mixed content),
/// the builder asks for the parse to run again without dropping early
/// (``needsRestart``). The runs this cannot decide (such as whitespace
/// before a comment in an element without children yet) become records, and
/// ``finish()`` drops the layout ones among them in one compaction pass.
struct XMLTreeBuilder {
    private var tree: TreeBuilder
    private let keepsComments: Bool
    private let keepsProcessingInstructions: Bool
    /// Name ids by the parser's (prefix, local name) pointers.
    private var nameIDs: PointerPairTable
    /// Namespace URI name ids by the parser's URI pointer.
    private var namespaceIDs = PointerPairTable()
    /// How many elements finished with element children, no real text, and
    /// at least one whitespace-only run to drop.
    private var elementsWithDroppableWhitespace = 0
    /// The most records the document may have: ``LoadOptions/maxNodeCount``,
    /// within the table's 32-bit cap.
    private let maxNodes: Int
    /// The most containers ever open at once (the document node included).
    private var deepest = 1
    /// The text while the document is built; it becomes the table's
    /// `text` array in ``finish()``. (Appending to an `Array` costs several
    /// times more per call, and there is a call per attribute and text run.)
    private let text: TextStorage
    /// Whether whitespace-only runs are held back and dropped early.
    private let dropsEarly: Bool
    /// Where the held-back whitespace run starts in the text, or -1; it
    /// runs to the end of the text, in the current element.
    private var pendingStart = -1
    /// Set when an element that dropped whitespace early turns out to have
    /// real text: the tree is wrong and the parse must run again with
    /// `dropsWhitespaceEarly: false`.
    private(set) var needsRestart = false
    /// The element the last appended text run belongs to, so a following
    /// chunk can tell whether it continues that run (records keep no parent).
    private var lastTextParent: UInt32 = .max
    /// The attributes that have a namespace, in record order; they become
    /// the table's ``AttributeNamespaces`` in ``finish()``.
    private var attributeNamespaces: [AttributeNamespaces.Entry] = []
    /// The names of prefixed attributes without a namespace (an undeclared
    /// prefix, which libxml2 reports but lets pass).
    private var unboundAttributeNames: [UInt32] = []
    /// The names frozen by the last ``finish()``, while no name was added
    /// since: the next document of a stream shares the instance.
    private var frozenNames: NameTable?
    /// References to external entities left out so far, for the document.
    private var skippedEntities: [SkippedEntity] = []

    init(options: LoadOptions, estimatedBytes: Int, dropsWhitespaceEarly: Bool = true) {
        dropsEarly = dropsWhitespaceEarly
        // Generous: capacity that is never written is never resident, and
        // regrowing copies. Markup-dense XML has a node per 12-16 bytes.
        tree = TreeBuilder(
            splitsPrefixes: true, maxDepth: options.maxDepth,
            estimatedNodes: estimatedBytes / 10)
        text = TextStorage(capacity: estimatedBytes)
        // Room for the names of most documents (a few hundred in an office
        // document), so the table never rehashes while it grows; small input
        // reserves less. (384 names fill 512 slots of the dictionary, the
        // size an office document's names reach anyway.)
        let expectedNames = min(384, max(16, estimatedBytes / 256))
        tree.names.reserveCapacity(expectedNames)
        // A prefixed name takes two entries (its local part has its own).
        // Growing the table rehashed it three times on an office document.
        nameIDs = PointerPairTable(expected: 2 * expectedNames)
        keepsComments = options.keepsComments
        maxNodes = min(options.maxNodeCount, Int(UInt32.max) - 1)
        keepsProcessingInstructions = options.keepsProcessingInstructions
    }

    /// A builder for the candidates of a streaming parse: one small tree
    /// per candidate, all from one parser, built one after another by this
    /// same builder (``reset()`` between them). The names, the pointer
    /// tables that map the parser's interned strings to name ids, and the
    /// text buffer carry over from one candidate to the next, so a name is
    /// interned once per stream and the documents share one frozen
    /// ``NameTable`` until a candidate adds a name.
    init(streaming options: LoadOptions) {
        self.init(options: options, estimatedBytes: 0, dropsWhitespaceEarly: false)
    }

    /// Starts the next tree of a stream (see ``init(streaming:)``): the
    /// records, text and per-tree state start afresh; the names stay.
    /// The document ``finish()`` returned keeps its own records and text.
    mutating func reset() {
        tree.restart()
        text.truncate(to: 0)
        elementsWithDroppableWhitespace = 0
        deepest = 1
        pendingStart = -1
        needsRestart = false
        lastTextParent = .max
        attributeNamespaces.removeAll(keepingCapacity: true)
        unboundAttributeNames.removeAll()
        skippedEntities.removeAll()
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
        if pendingStart >= 0 { try resolvePendingWhitespace(childFollows: true) }
        let name = try nameID(local: local, prefix: prefix)
        let uri = try namespaceID(namespaceURI)
        let parent = tree.current
        guard tree.openContainer(.element, name: name, b: uri) != nil else {
            throw XMLLoader.nestingTooDeep(tree.maxDepth)
        }
        if parent != 0 { tree.nodes[Int(parent)].insert(.hasElementChildren) }
        deepest = max(deepest, tree.open.count)
        guard tree.nodes.count <= maxNodes else { throw tooManyNodes }
    }

    /// Appends an attribute of the element just opened.
    mutating func addAttribute(
        local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, namespaceURI: UnsafePointer<UInt8>?,
        value: UnsafeBufferPointer<UInt8>
    ) throws(LoadError) {
        try appendAttribute(local: local, prefix: prefix, namespaceURI: namespaceURI, value: value)
        guard tree.nodes.count <= maxNodes else { throw tooManyNodes }
    }

    /// Appends every attribute of the element just opened, their references
    /// decoded by `decoder`: ``addAttribute(local:prefix:namespaceURI:value:)``
    /// for each, with the node limit checked once for the tag.
    mutating func addAttributes(_ attributes: XMLAttributes, decoder: any XMLReferenceDecoder) throws(LoadError) {
        guard attributes.count > 0 else { return }
        for index in 0..<attributes.count {
            try attributes.withAttribute(at: index, decoder: decoder) { (local, prefix, uri, value) throws(LoadError) in
                try appendAttribute(local: local, prefix: prefix, namespaceURI: uri, value: value)
            }
        }
        guard tree.nodes.count <= maxNodes else { throw tooManyNodes }
    }

    @inline(__always)
    private mutating func appendAttribute(
        local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, namespaceURI: UnsafePointer<UInt8>?,
        value: UnsafeBufferPointer<UInt8>
    ) throws(LoadError) {
        let name = try nameID(local: local, prefix: prefix)
        let uri = try namespaceID(namespaceURI)
        let offset = try appendBytes(value)
        let index = appendElementLeaf(.attribute, name: name, offset: offset, length: UInt32(truncatingIfNeeded: value.count))
        if uri != 0 {
            attributeNamespaces.append(AttributeNamespaces.Entry(record: index, name: name, uri: uri))
        } else if prefix != nil {
            unboundAttributeNames.append(name)
        }
    }

    /// Closes the innermost element.
    mutating func endElement() throws(LoadError) {
        if pendingStart >= 0 { try resolvePendingWhitespace(childFollows: false) }
        let index = Int(tree.current)
        let flags = tree.nodes[index].flags
        if flags.contains(.droppedWhitespace) { tree.nodes[index].remove(.droppedWhitespace) }
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
        // A whitespace-only CDATA section follows the rule of plain whitespace
        // (layout when its element has other content, kept only as text):
        // it is flagged so, but never merged with plain runs.
        let whitespace = XMLWhitespace.isBlank(chunk)
        if pendingStart >= 0 {
            if !cdata {
                // The held-back run continues (it ends where the text ends).
                _ = try appendBytes(chunk)
                if whitespace { return }
                let start = pendingStart
                pendingStart = -1
                appendElementLeaf(.text, offset: UInt32(truncatingIfNeeded: start),
                                  length: UInt32(truncatingIfNeeded: text.count - start))
                markHasText(parent)
                guard tree.nodes.count <= maxNodes else { throw tooManyNodes }
                return
            }
            try resolvePendingWhitespace(childFollows: false)
        }
        let offset = try appendBytes(chunk)
        let last = tree.nodes.count - 1
        let previous = tree.nodes[last]
        if previous.kind == .text, lastTextParent == parent,
            previous.flags.contains(.cdata) == cdata, previous.a &+ previous.b == offset
        {
            tree.nodes[last].b &+= UInt32(truncatingIfNeeded: chunk.count)
            if previous.flags.contains(.whitespace) && !whitespace {
                tree.nodes[last].remove(.whitespace)
                markHasText(parent)
            }
            return
        }
        if whitespace && dropsEarly && !cdata {
            pendingStart = Int(offset)
            return
        }
        var flags: NodeRecord.Flags = whitespace ? .whitespace : []
        if cdata { flags.insert(.cdata) }
        appendElementLeaf(.text, flags: flags, offset: offset, length: UInt32(truncatingIfNeeded: chunk.count))
        if whitespace {
            tree.nodes[Int(parent)].insert(.pendingWhitespace)
        } else {
            markHasText(parent)
        }
        guard tree.nodes.count <= maxNodes else { throw tooManyNodes }
    }

    /// Appends an attribute or text leaf of the current element. An
    /// element's `b` counts nothing, so unlike `TreeBuilder.appendLeaf`
    /// this skips `countChild` (comments and processing instructions can
    /// sit at the document level, whose node counts them: not these).
    @inline(__always) @discardableResult
    private mutating func appendElementLeaf(
        _ kind: Node.Kind, flags: NodeRecord.Flags = [], name: UInt32 = 0, offset: UInt32, length: UInt32
    ) -> UInt32 {
        let index = UInt32(truncatingIfNeeded: tree.nodes.count)
        if kind == .text { lastTextParent = tree.current }
        tree.nodes.append(NodeRecord(kind: kind, flags: flags, name: name, a: offset, b: length))
        return index
    }

    /// Records that `parent` has real text; if it dropped whitespace early,
    /// that was wrong, and the parse must run again.
    @inline(__always)
    private mutating func markHasText(_ parent: UInt32) {
        let flags = tree.nodes[Int(parent)].flags
        if flags.contains(.droppedWhitespace) { needsRestart = true }
        tree.nodes[Int(parent)].insert(.hasText)
    }

    /// Decides what the held-back whitespace run is, now that another event
    /// came: dropped when the current element has (or is about to get) a
    /// child element and no real text so far, else a whitespace record as
    /// if it had never been held back.
    private mutating func resolvePendingWhitespace(childFollows: Bool) throws(LoadError) {
        let start = pendingStart
        pendingStart = -1
        let parent = Int(tree.current)
        let flags = tree.nodes[parent].flags
        if !flags.contains(.hasText) && (childFollows || flags.contains(.hasElementChildren)) {
            text.truncate(to: start)
            tree.nodes[parent].insert(.droppedWhitespace)
            return
        }
        appendElementLeaf(.text, flags: .whitespace, offset: UInt32(truncatingIfNeeded: start),
                          length: UInt32(truncatingIfNeeded: text.count - start))
        tree.nodes[parent].insert(.pendingWhitespace)
        guard tree.nodes.count <= maxNodes else { throw tooManyNodes }
    }

    /// Notes a reference to an external entity that was left out of the
    /// tree (see ``Document/skippedEntities``).
    mutating func skipEntity(_ skipped: SkippedEntity) {
        skippedEntities.append(skipped)
    }

    /// Appends a comment, when the options keep comments.
    mutating func appendComment(_ text: UnsafeBufferPointer<UInt8>) throws(LoadError) {
        guard keepsComments else { return }
        if pendingStart >= 0 { try resolvePendingWhitespace(childFollows: false) }
        let offset = try appendBytes(text)
        tree.appendLeaf(.comment, offset: offset, length: UInt32(text.count))
        guard tree.nodes.count <= maxNodes else { throw tooManyNodes }
    }

    /// Appends a processing instruction, when the options keep them.
    mutating func appendProcessingInstruction(
        target: UnsafePointer<UInt8>, data: UnsafeBufferPointer<UInt8>
    ) throws(LoadError) {
        guard keepsProcessingInstructions else { return }
        if pendingStart >= 0 { try resolvePendingWhitespace(childFollows: false) }
        let name = try nameID(local: target, prefix: nil)
        let offset = try appendBytes(data)
        tree.appendLeaf(.processingInstruction, name: name, offset: offset, length: UInt32(data.count))
        guard tree.nodes.count <= maxNodes else { throw tooManyNodes }
    }

    /// Whether every element opened was closed and there is a root element:
    /// what a successful parse must leave behind.
    var isComplete: Bool {
        tree.open.count == 1 && tree.nodes.records.dropFirst().contains { $0.kind == .element }
    }

    /// Drops layout whitespace and freezes the table into a document.
    mutating func finish() -> Document {
        if elementsWithDroppableWhitespace > 0 { dropLayoutWhitespace() }
        if !attributeNamespaces.isEmpty {
            tree.attributeNamespaces = AttributeNamespaces(attributeNamespaces, unboundNames: unboundAttributeNames)
            attributeNamespaces = []
            unboundAttributeNames = []
        }
        tree.text = text.array()
        let names = frozenNames ?? NameTable(tree.names)
        frozenNames = names
        defer { skippedEntities = [] }
        return tree.finish(format: .xml, frozenNames: names, skippedEntities: skippedEntities)
    }

    // MARK: Names

    /// The id of a name, from the pointer table (inlined: every element
    /// and attribute asks), or interned the first time.
    @inline(__always)
    private mutating func nameID(local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?) throws(LoadError) -> UInt32 {
        if let id = nameIDs.id(UInt(bitPattern: prefix), UInt(bitPattern: local)) { return id }
        return try internName(local: local, prefix: prefix)
    }

    /// Interns a name the pointer table has not seen. A prefixed name
    /// takes its local part's id from the local name libxml2 split off
    /// (itself found through the pointer table), and is built as one string:
    /// joining strings and searching them again for the colon cost more than
    /// the rest of a small document's load (a third of the instructions
    /// beyond libxml2's on libreoffice_document.fodt, callgrind).
    @inline(never)
    private mutating func internName(local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?) throws(LoadError) -> UInt32 {
        let id: UInt32
        let localLength = Self.length(of: local)
        if let prefix, localLength > 0 {
            let localID = try nameID(local: local, prefix: nil)
            let prefixLength = Self.length(of: prefix)
            let name = String(unsafeUninitializedCapacity: prefixLength + 1 + localLength) { bytes in
                guard let base = bytes.baseAddress else { return 0 }
                base.initialize(from: prefix, count: prefixLength)
                base[prefixLength] = UInt8(ascii: ":")
                (base + prefixLength + 1).initialize(from: local, count: localLength)
                return prefixLength + 1 + localLength
            }
            id = try tree.names.intern(name, localID: localID)
        } else if prefix == nil, memchr(local, Int32(UInt8(ascii: ":")), localLength) == nil {
            // No colon: its own local part.
            let name = String(decoding: UnsafeBufferPointer(start: local, count: localLength), as: UTF8.self)
            id = try tree.names.intern(name, localID: nil)
        } else {
            var name = String(cString: local)
            if let prefix { name = String(cString: prefix) + ":" + name }
            id = try tree.names.intern(name)
        }
        frozenNames = nil
        nameIDs.insert(id, for: UInt(bitPattern: prefix), UInt(bitPattern: local))
        return id
    }

    /// The length of a NUL-terminated string.
    private static func length(of string: UnsafePointer<UInt8>) -> Int {
        Int(strlen(UnsafeRawPointer(string).assumingMemoryBound(to: CChar.self)))
    }

    /// The name id of a namespace URI, 0 for none.
    @inline(__always)
    private mutating func namespaceID(_ uri: UnsafePointer<UInt8>?) throws(LoadError) -> UInt32 {
        guard let uri else { return 0 }
        if let id = namespaceIDs.id(0, UInt(bitPattern: uri)) { return id }
        return try internNamespace(uri)
    }

    @inline(never)
    private mutating func internNamespace(_ uri: UnsafePointer<UInt8>) throws(LoadError) -> UInt32 {
        // A URI is a name of its own: interned whole, never split at a colon.
        let saved = tree.names.splitsPrefixes
        tree.names.splitsPrefixes = false
        defer { tree.names.splitsPrefixes = saved }
        let id = try tree.names.intern(String(cString: uri))
        frozenNames = nil
        namespaceIDs.insert(id, for: 0, UInt(bitPattern: uri))
        return id
    }

    // MARK: Text

    /// The failure past ``maxNodes``.
    private var tooManyNodes: LoadError {
        maxNodes < Int(UInt32.max) - 1
            ? LoadError(.tooLarge, "the document has more than LoadOptions.maxNodeCount (\(maxNodes)) nodes")
            : LoadError(.tooLarge, "the document has more than \(maxNodes) nodes")
    }

    @inline(__always)
    private mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) throws(LoadError) -> UInt32 {
        // The storage never holds more than 4 GiB, so one comparison with its
        // room covers the limit as well.
        if bytes.count > text.room { try text.makeRoom(for: bytes.count) }
        return UInt32(truncatingIfNeeded: text.appendWithinCapacity(bytes))
    }

    // MARK: Whitespace compaction

    /// Removes the whitespace-only text runs of elements that have child
    /// elements and no other text, in one forward pass: records move down
    /// over the dropped ones, subtree ends are remapped through
    /// a stack of open containers, and text spans move down over the
    /// dropped bytes (spans are in record order, so moving forward is safe).
    private mutating func dropLayoutWhitespace() {
        let count = tree.nodes.count
        let stack = UnsafeMutablePointer<(end: UInt32, index: UInt32)>.allocate(capacity: deepest + 2)
        defer { stack.deallocate() }
        let kept = attributeNamespaces.withUnsafeMutableBufferPointer { namespaces in
            Self.compact(tree.nodes.base, count: count, text: text.base, stack: stack, attributeNamespaces: namespaces)
        }
        tree.nodes.removeLast(count - kept.nodes)
        text.truncate(to: kept.text)
        elementsWithDroppableWhitespace = 0
    }

    /// The compaction loop over raw storage; returns how many records and
    /// text bytes remain. The records of `attributeNamespaces` (in record
    /// order, and attributes are never dropped) move with their attributes.
    private static func compact(
        _ nodes: UnsafeMutablePointer<NodeRecord>, count: Int, text: UnsafeMutablePointer<UInt8>,
        stack: UnsafeMutablePointer<(end: UInt32, index: UInt32)>,
        attributeNamespaces: UnsafeMutableBufferPointer<AttributeNamespaces.Entry>
    ) -> (nodes: Int, text: Int) {
        var nextNamespace = 0
        // The document node's end is only set by `TreeBuilder.finish`.
        stack[0] = (UInt32(truncatingIfNeeded: count), 0)
        var depth = 1
        var write = 1
        var textWrite = 0
        // Kept spans move in runs: [moveFrom, moveFrom + moveLength) goes to moveTo.
        var moveFrom = 0
        var moveTo = 0
        var moveLength = 0
        var read = 1
        while read < count {
            let read32 = UInt32(truncatingIfNeeded: read)
            while stack[depth - 1].end <= read32 {
                depth -= 1
                nodes[Int(stack[depth].index)].a = UInt32(truncatingIfNeeded: write)
            }
            var record = nodes[read]
            read += 1
            let kind = record.kind
            let parent = nodes[Int(stack[depth - 1].index)]
            if kind == .text, record.flags.contains(.whitespace), parent.hasElementChildren,
                !parent.flags.contains(.hasText)
            {
                continue
            }
            if record.isContainer {
                stack[depth] = (record.a, UInt32(truncatingIfNeeded: write))
                depth += 1
            } else {
                let start = Int(record.a)
                let length = Int(record.b)
                if length > 0 {
                    if start == moveFrom + moveLength {
                        moveLength += length
                    } else {
                        if moveFrom != moveTo { (text + moveTo).update(from: text + moveFrom, count: moveLength) }
                        moveFrom = start
                        moveTo = textWrite
                        moveLength = length
                    }
                }
                record.a = UInt32(truncatingIfNeeded: textWrite)
                textWrite += length
                if kind == .attribute, nextNamespace < attributeNamespaces.count,
                    attributeNamespaces[nextNamespace].record == UInt32(truncatingIfNeeded: read - 1)
                {
                    attributeNamespaces[nextNamespace].record = UInt32(truncatingIfNeeded: write)
                    nextNamespace += 1
                }
            }
            nodes[write] = record
            write += 1
        }
        if moveFrom != moveTo, moveLength > 0 { (text + moveTo).update(from: text + moveFrom, count: moveLength) }
        while depth > 1 {
            depth -= 1
            nodes[Int(stack[depth].index)].a = UInt32(truncatingIfNeeded: write)
        }
        return (write, textWrite)
    }
}

/// Growable bytes for the text of a document being built.
private final class TextStorage {
    // Only the one builder that owns it touches it, one call at a time. (Its
    // fields are checked for exclusive access: unchecking them saved nothing
    // measurable on XML loads, callgrind 2026-11-26.)
    private(set) var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The bytes in use.
    private(set) var count = 0

    /// The most bytes the storage holds: what a record's 32-bit offset and
    /// length can reach.
    private static let maxCapacity = Int(UInt32.max)

    init(capacity: Int) {
        self.capacity = min(max(capacity, 64), Self.maxCapacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// How many more bytes fit without growing.
    @inline(__always)
    var room: Int { capacity &- count }

    /// Grows the storage so that `extra` more bytes fit.
    ///
    /// - Throws: ``LoadError/Kind-swift.struct/tooLarge`` past 4 GiB of text.
    @inline(never)
    func makeRoom(for extra: Int) throws(LoadError) {
        guard extra <= Self.maxCapacity - count else {
            throw LoadError(.tooLarge, "the document has more than 4 GiB of text")
        }
        grow(toHold: count + extra)
    }

    /// Copies `bytes` to the end, where ``room`` is at least their count;
    /// returns their offset.
    @inline(__always)
    func appendWithinCapacity(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let offset = count
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return offset }
        Self.copy(source, to: base + offset, count: bytes.count)
        count = offset &+ bytes.count
        return offset
    }

    /// Copies `count` bytes (at least one): up to 16 as two overlapping
    /// loads and stores of a width that fits, without a call, more with
    /// `memcpy`. Most attribute values and text pieces are that short; the
    /// call for each took 2.5% of a map.osm load's time (perf sampling,
    /// against libxml2's own copies in the SAX2 ceiling).
    @inline(__always)
    private static func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        switch count {
        case 8...16:
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
        case 4...7:
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        case 1...3:
            target[0] = source[0]
            target[count / 2] = source[count / 2]
            target[count - 1] = source[count - 1]
        default:
            target.initialize(from: source, count: count)
        }
    }

    private func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        newCapacity = min(newCapacity, Self.maxCapacity)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Drops the bytes from `newCount` on.
    func truncate(to newCount: Int) {
        precondition(newCount <= count)
        count = newCount
    }

    /// The bytes as an array sized to fit: the storage's last use, since
    /// the pages copied of large text are given back as it goes (see
    /// ``releasePages(_:from:to:)``).
    func array() -> [UInt8] {
        // Text up to a few megabytes is copied in one go: giving its pages
        // back lowers the peak little, and the next load faults them in
        // again (350 page faults a load of map.osm, whose text is 1.4 MB).
        if count <= Self.keptWhole { return Array(UnsafeBufferPointer(start: base, count: count)) }
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard count > 0, let target = buffer.baseAddress else { return }
            // Copied a step at a time, handing each step's pages back to the
            // system, so the text is held about once, not twice, meanwhile.
            var copied = 0
            while copied < count {
                let step = min(Self.releaseStep, count - copied)
                (target + copied).initialize(from: base + copied, count: step)
                Self.releasePages(base, from: copied, to: copied + step)
                copied += step
            }
            initialized = count
        }
    }

    /// Bytes copied between two releases in ``array()``.
    private static let releaseStep = 1 << 20

    /// The most text ``array()`` copies without releasing pages.
    private static let keptWhole = 8 << 20

    /// Tells the system that the whole pages of `base[start..<end]` are
    /// no longer needed (their contents become undefined; the memory stays
    /// ours until deallocated). Only ``array()``, the text's last reader,
    /// calls it.
    private static func releasePages(_ base: UnsafeMutablePointer<UInt8>, from start: Int, to end: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard page > 0 else { return }
        let first = (Int(bitPattern: base + start) + page - 1) / page * page
        let last = Int(bitPattern: base + end) / page * page
        guard last > first, let pages = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(pages, last - first, Int32(MADV_DONTNEED))
    }
}

extension NodeRecord.Flags {
    /// XML element, while it is open: it has a whitespace-only text run.
    /// Shares its bit with ``escaped`` (a JSON-only flag) and is cleared when
    /// the element closes, so no finished record carries it.
    fileprivate static let pendingWhitespace = NodeRecord.Flags(rawValue: 1 << 0)
    /// XML element, while it is open: a whitespace-only run of it was
    /// dropped early. Shares its bit with ``cdata`` (a text-only flag) and
    /// is cleared when the element closes.
    fileprivate static let droppedWhitespace = NodeRecord.Flags(rawValue: 1 << 3)
}

extension NodeRecord {
    @inline(__always) fileprivate mutating func remove(_ flags: Flags) {
        header &= ~(UInt32(flags.rawValue) << 4)
    }
}
