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
/// The events are held as one run of words: a word for each (the parser's
/// cursor and the event's kind), followed for a start tag by five (its
/// name, prefix, attributes' end, ordinal, and DTD-supplied count with
/// whether it is the root) and for a text by one (its bytes' end). Held as
/// one array of records, every event took the room of a start (88 bytes):
/// a candidate of 600,000 small elements (15 MB) held 369 MB of events,
/// 554 MB while the array grew; as words, about 110 MB. One array, not a
/// column per field: emptying each array per candidate costs a generic call.
struct HeldEvents {
    enum Kind: Int { case start, end, text, comment, processingInstruction }

    /// A held start tag, as ``forEach(_:)`` hands it back.
    struct Start {
        /// Its name and prefix, as the parser interned them.
        var local: UnsafePointer<UInt8>
        var prefix: UnsafePointer<UInt8>?
        var ordinal: Int
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

    /// The events, each a word (the parser's cursor, perhaps -1 before
    /// any, shifted left 3 bits, or'd with its kind) and the words its kind
    /// adds (see above).
    private var words: [Int] = []
    /// The bytes of the text events, each beginning where the last one's end.
    private var text: [UInt8] = []
    /// Attribute names, each start's beginning where the last one's end:
    /// local and prefix, as the parser interned them.
    private var attributes: [(local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?)] = []
    /// How many filters hold a candidate open.
    var holders = 0

    var isHolding: Bool { holders > 0 }

    mutating func record(_ kind: Kind, cursor: Int) {
        words.append(cursor << 3 | kind.rawValue)
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
        let defaulted = min(given.defaultedCount, attributes.count - first)
        record(.start, cursor: cursor)
        words.append(Int(bitPattern: local))
        words.append(Int(bitPattern: prefix))
        words.append(attributes.count)
        words.append(ordinal)
        words.append(defaulted << 1 | (isRoot ? 1 : 0))
    }

    /// Records text (as the sink was given it) of which some selector reports.
    @inline(__always)
    mutating func recordText(_ bytes: UnsafeBufferPointer<UInt8>, cursor: Int) {
        record(.text, cursor: cursor)
        text.append(contentsOf: bytes)
        words.append(text.count)
    }

    /// Calls `body` with each held event, in order, and the parser's cursor at it.
    func forEach(_ body: (Event, _ cursor: Int) throws(LoadError) -> Void) throws(LoadError) {
        try text.withUnsafeBufferPointer { (text) throws(LoadError) in
            var (k, attributesStart, textStart) = (0, 0, 0)
            while k < words.count {
                let word = words[k]
                k += 1
                let event: Event
                switch Kind(rawValue: word & 7)! {
                case .start:
                    let attributesEnd = words[k + 2]
                    let tag = Start(
                        local: UnsafePointer(bitPattern: words[k])!, prefix: UnsafePointer(bitPattern: words[k + 1]),
                        ordinal: words[k + 3], isRoot: words[k + 4] & 1 == 1)
                    let names = attributes[attributesStart..<attributesEnd]
                    event = .start(tag, HeldAttributes(names: names, defaultedCount: words[k + 4] >> 1))
                    attributesStart = attributesEnd
                    k += 5
                case .text:
                    let end = words[k]
                    k += 1
                    event = .text(UnsafeBufferPointer(rebasing: text[textStart..<end]))
                    textStart = end
                case .end: event = .end
                case .comment: event = .comment
                case .processingInstruction: event = .processingInstruction
                }
                try body(event, word >> 3)
            }
        }
    }

    /// Forgets the events, keeping the memory for the next candidate.
    mutating func clear() {
        words.removeAll(keepingCapacity: true)
        if !text.isEmpty { text.removeAll(keepingCapacity: true) }
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
