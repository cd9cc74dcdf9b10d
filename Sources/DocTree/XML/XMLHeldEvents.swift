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
///
/// The events are held in columns: a kind and a cursor for each (8 bytes),
/// what a start tag needs for each start (40), and where each text event's
/// bytes end. Held as one array of records, every event took the room of a
/// start (88 bytes): a candidate of 600,000 small elements (15 MB) held
/// 369 MB of events, 554 MB while the array grew; in columns, about 110 MB.
struct HeldEvents {
    enum Kind: UInt8 { case start, end, text, comment, processingInstruction }

    /// What a held start tag needs beyond its kind and cursor.
    struct Start {
        /// Its name and prefix, as the parser interned them.
        var local: UnsafePointer<UInt8>
        var prefix: UnsafePointer<UInt8>?
        /// Where its attributes' names end in ``attributes`` (they begin
        /// where the previous start's end).
        var attributesEnd: Int
        var ordinal: Int
        /// How many of its attributes the DTD supplied (at most a C `int`'s worth, as libxml2 counts them).
        var defaulted: Int32
        var isRoot: Bool
    }

    /// A held event, as ``forEach(_:)`` hands it back.
    enum Event {
        case start(Start, HeldAttributes)
        case end
        case text(UnsafeBufferPointer<UInt8>)
        case comment
        case processingInstruction
    }

    /// Each event: the parser's cursor at it (perhaps -1, before any),
    /// shifted left 3 bits, or'd with its kind.
    private var events: [Int] = []
    private var starts: [Start] = []
    /// Where each text event's bytes end in ``text`` (each begins where the previous one's end).
    private var textEnds: [Int] = []
    /// The bytes of the text events.
    private var text: [UInt8] = []
    /// Attribute names: local and prefix, as the parser interned them.
    private var attributes: [(local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?)] = []
    /// How many filters hold a candidate open.
    var holders = 0

    var isHolding: Bool { holders > 0 }

    mutating func record(_ kind: Kind, cursor: Int) {
        events.append(cursor << 3 | Int(kind.rawValue))
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
        record(.start, cursor: cursor)
        starts.append(Start(
            local: local, prefix: prefix, attributesEnd: attributes.count,
            ordinal: ordinal, defaulted: Int32(min(given.defaultedCount, attributes.count - first)), isRoot: isRoot))
    }

    /// Records text (as the sink was given it) of which some selector reports.
    mutating func recordText(_ bytes: UnsafeBufferPointer<UInt8>, cursor: Int) {
        record(.text, cursor: cursor)
        text.append(contentsOf: bytes)
        textEnds.append(text.count)
    }

    /// Calls `body` with each held event, in order, and the parser's cursor at it.
    func forEach(_ body: (Event, _ cursor: Int) throws(LoadError) -> Void) throws(LoadError) {
        try text.withUnsafeBufferPointer { (text) throws(LoadError) in
            var (start, textEvent, attributesStart, textStart) = (0, 0, 0, 0)
            for packed in events {
                let event: Event
                switch Kind(rawValue: UInt8(packed & 7))! {
                case .start:
                    let tag = starts[start]
                    start += 1
                    let names = attributes[attributesStart..<tag.attributesEnd]
                    attributesStart = tag.attributesEnd
                    event = .start(tag, HeldAttributes(names: names, defaultedCount: Int(tag.defaulted)))
                case .text:
                    let end = textEnds[textEvent]
                    textEvent += 1
                    event = .text(UnsafeBufferPointer(rebasing: text[textStart..<end]))
                    textStart = end
                case .end: event = .end
                case .comment: event = .comment
                case .processingInstruction: event = .processingInstruction
                }
                try body(event, packed >> 3)
            }
        }
    }

    /// Forgets the events, keeping the memory for the next candidate
    /// (only the columns used: emptying one costs a generic call).
    mutating func clear() {
        events.removeAll(keepingCapacity: true)
        if !starts.isEmpty { starts.removeAll(keepingCapacity: true) }
        if !textEnds.isEmpty {
            textEnds.removeAll(keepingCapacity: true)
            text.removeAll(keepingCapacity: true)
        }
        if !attributes.isEmpty { attributes.removeAll(keepingCapacity: true) }
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
