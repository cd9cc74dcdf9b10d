/// The names of a start tag's attributes, as ``XMLStreamLocator`` reads
/// them: from the parser (``XMLAttributes``), or from a copy it held
/// (``HeldAttributes``).
protocol XMLAttributeNames {
    /// How many attributes the start tag has.
    var count: Int { get }
    /// How many of them (the last ones) the DTD supplied.
    var defaultedCount: Int { get }
    /// The local name of attribute `index`, or `nil` for an entry to skip.
    func localName(at index: Int) -> UnsafePointer<UInt8>?
    /// The prefix of attribute `index` as written, or `nil`.
    func prefix(at index: Int) -> UnsafePointer<UInt8>?
}

extension XMLAttributes: XMLAttributeNames {}

/// The element events ``XMLStreamLocator`` holds back while a filter's
/// candidate is open (see ``XMLEditSelector/filter(_:decide:)``): what
/// every selector needs of them, so that they can be handled once the
/// filter is decided. Names are held as the parser's pointers: libxml2
/// interns every element and attribute name (and prefix) in its parser's
/// dictionary, which lives as long as the parse, and held events are
/// handled during the parse. Text is copied. Memory is that of the
/// candidate's events, and is reused from one candidate to the next.
struct HeldEvents {
    struct Event {
        enum Kind { case start, end, text, comment, processingInstruction }
        var kind: Kind
        /// The parser's cursor at the event.
        var cursor: Int
        /// A start's name and prefix, as the parser interned them.
        var local: UnsafePointer<UInt8>?
        var prefix: UnsafePointer<UInt8>?
        /// Text's bytes in ``text``.
        var text: Range<Int> = 0..<0
        /// A start's attributes in ``attributes``, and how many of them the DTD supplied.
        var attributes: Range<Int> = 0..<0
        var defaulted = 0
        var ordinal = 0
        var isRoot = false
    }

    private(set) var events: [Event] = []
    /// The bytes of the text events.
    private(set) var text: [UInt8] = []
    /// Attribute names: local and prefix, as the parser interned them.
    private(set) var attributes: [(local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?)] = []
    /// How many filters hold a candidate open.
    var holders = 0

    var isHolding: Bool { holders > 0 }

    mutating func record(_ kind: Event.Kind, cursor: Int) {
        events.append(Event(kind: kind, cursor: cursor))
    }

    mutating func recordStart(
        cursor: Int, local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, attributes given: some XMLAttributeNames,
        ordinal: Int, isRoot: Bool
    ) {
        let first = attributes.count
        for index in 0..<given.count {
            guard let name = given.localName(at: index) else { continue }
            attributes.append((name, given.prefix(at: index)))
        }
        events.append(Event(
            kind: .start, cursor: cursor, local: local, prefix: prefix,
            attributes: first..<attributes.count, defaulted: min(given.defaultedCount, attributes.count - first),
            ordinal: ordinal, isRoot: isRoot))
    }

    /// Records text (as the sink was given it) of which some selector reports.
    mutating func recordText(_ bytes: UnsafeBufferPointer<UInt8>, cursor: Int) {
        events.append(Event(kind: .text, cursor: cursor, text: text.count..<(text.count + bytes.count)))
        text.append(contentsOf: bytes)
    }

    /// Calls `body` with the bytes of a text event.
    func withText(of event: Event, _ body: (UnsafeBufferPointer<UInt8>) throws(LoadError) -> Void) throws(LoadError) {
        try text.withUnsafeBufferPointer { (text) throws(LoadError) in
            try body(UnsafeBufferPointer(rebasing: text[event.text]))
        }
    }

    /// Forgets the events, keeping the memory for the next candidate.
    mutating func clear() {
        events.removeAll(keepingCapacity: true)
        text.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
    }
}

/// A held start tag's attribute names (see ``HeldEvents``).
struct HeldAttributes: XMLAttributeNames {
    let names: ArraySlice<(local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?)>
    let defaultedCount: Int

    var count: Int { names.count }

    func localName(at index: Int) -> UnsafePointer<UInt8>? { names[names.startIndex + index].local }

    func prefix(at index: Int) -> UnsafePointer<UInt8>? { names[names.startIndex + index].prefix }
}
