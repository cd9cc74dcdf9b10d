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
/// every selector needs of them, the names copied (NUL-terminated) into
/// one buffer, so that they can be handled once the filter is decided.
/// Memory is that of the candidate's markup, and is reused from one
/// candidate to the next.
struct HeldEvents {
    struct Event {
        enum Kind { case start, end, text, comment, processingInstruction }
        var kind: Kind
        /// The parser's cursor at the event.
        var cursor: Int
        /// A start's name and prefix (`-1`: none), as offsets into ``names``;
        /// text's bytes in ``names`` from `local`, `prefix` of them.
        var local = 0
        var prefix = -1
        /// A start's attributes in ``attributes``, and how many of them the DTD supplied.
        var attributes: Range<Int> = 0..<0
        var defaulted = 0
        var ordinal = 0
        var isRoot = false
    }

    private(set) var events: [Event] = []
    /// Names, each followed by a zero byte.
    private(set) var names: [UInt8] = []
    /// Attribute names: local and prefix (`-1`: none), as offsets into ``names``.
    private(set) var attributes: [(local: Int, prefix: Int)] = []
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
            let local = keep(name)
            attributes.append((local, given.prefix(at: index).map { keep($0) } ?? -1))
        }
        let name = keep(local)
        let prefix = prefix.map { keep($0) } ?? -1
        events.append(Event(
            kind: .start, cursor: cursor, local: name, prefix: prefix,
            attributes: first..<attributes.count, defaulted: min(given.defaultedCount, attributes.count - first),
            ordinal: ordinal, isRoot: isRoot))
    }

    private mutating func keep(_ string: UnsafePointer<UInt8>) -> Int {
        let offset = names.count
        // With its zero byte, in one copy (not one append per byte).
        var length = 0
        while string[length] != 0 { length += 1 }
        names.append(contentsOf: UnsafeBufferPointer(start: string, count: length + 1))
        return offset
    }

    /// Records text (as the sink was given it) of which some selector reports.
    mutating func recordText(_ bytes: UnsafeBufferPointer<UInt8>, cursor: Int) {
        events.append(Event(kind: .text, cursor: cursor, local: names.count, prefix: bytes.count))
        names.append(contentsOf: bytes)
    }

    /// Calls `body` with the bytes of a text event.
    func withText(of event: Event, _ body: (UnsafeBufferPointer<UInt8>) throws(LoadError) -> Void) throws(LoadError) {
        try names.withUnsafeBufferPointer { (names) throws(LoadError) in
            try body(UnsafeBufferPointer(rebasing: names[event.local..<(event.local + event.prefix)]))
        }
    }

    /// Forgets the events, keeping the memory for the next candidate.
    mutating func clear() {
        events.removeAll(keepingCapacity: true)
        names.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
    }
}

/// A held start tag's attribute names (see ``HeldEvents``), in the
/// buffer at `base` while the held events are handled.
struct HeldAttributes: XMLAttributeNames {
    let base: UnsafePointer<UInt8>
    let names: ArraySlice<(local: Int, prefix: Int)>
    let defaultedCount: Int

    var count: Int { names.count }

    func localName(at index: Int) -> UnsafePointer<UInt8>? { base + names[names.startIndex + index].local }

    func prefix(at index: Int) -> UnsafePointer<UInt8>? {
        let offset = names[names.startIndex + index].prefix
        return offset < 0 ? nil : base + offset
    }
}
