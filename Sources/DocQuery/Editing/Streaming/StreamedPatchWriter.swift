/// The output side of a streamed edit: holds the input from the last byte
/// written on (a ``ByteWindow``), and writes it with patches made, as far
/// as the parser has read and no patch waits for more.
///
/// Patches are located by offsets of the input, like ``Patches``; they
/// arrive in the order the parser finds them, always past what was
/// written. A patch may be *open*: its end is not known yet (the content
/// of an element being set or removed). Once writing reaches an open
/// patch's start, what follows is dropped, not held, until it closes; so
/// memory stays bounded by the chunk at hand and the few bytes a patch
/// waits for, whatever the size of what is replaced.
struct StreamedPatchWriter {
    /// A patch waiting to be written.
    ///
    /// Its fields are packed into 40 bytes (from 64 with an `Int?` each and
    /// an `Int` edit): an XML edit that holds a large element keeps one per
    /// target until the element is decided, 600,000 on `bigitem.xml`.
    struct Pending {
        var lower: Int
        /// `nil` until known (a removal learns at its end whether it takes
        /// its line).
        var replacement: [UInt8]?
        /// ``upper``, `Int.max` while open.
        private var storedUpper: Int
        /// ``dropLimit``, `Int.max` for none.
        private var storedDropLimit: Int
        private var storedEdit: Int32
        /// Whether ``replacement`` was written already.
        var wrote = false

        init(lower: Int, upper: Int?, replacement: [UInt8]?, edit: Int, dropLimit: Int? = nil) {
            self.lower = lower
            self.replacement = replacement
            storedUpper = upper ?? .max
            storedDropLimit = dropLimit ?? .max
            storedEdit = Int32(edit)
        }

        /// `nil` while open.
        var upper: Int? {
            get { storedUpper == .max ? nil : storedUpper }
            set { storedUpper = newValue ?? .max }
        }

        /// For an open patch: how far its bytes may be dropped before it
        /// closes (`nil`: without limit).
        var dropLimit: Int? {
            get { storedDropLimit == .max ? nil : storedDropLimit }
            set { storedDropLimit = newValue ?? .max }
        }

        /// The edit that made it, for messages.
        var edit: Int { Int(storedEdit) }

        var isEmpty: Bool { storedUpper == lower }
    }

    /// The input not written yet.
    private(set) var window = ByteWindow()
    /// The input byte just before ``window`` (`nil` at the start).
    private(set) var byteBefore: UInt8?
    /// Patches not written yet, by start (an insertion before a
    /// replacement that starts at the same offset), from ``head`` on.
    /// They never overlap, so their ends are in order too, and a new
    /// patch collides with one of them only if it collides with one of its
    /// two neighbours. An open patch is always the last: anything after
    /// its start would collide with it.
    private var pending: [Pending] = []
    /// The first of ``pending`` not written yet (those before it are
    /// removed from time to time, not one by one).
    private var head = 0

    /// Everything before this offset is written (or dropped).
    var written: Int { window.startIndex }

    /// The first patch not written yet.
    var firstPending: Pending? { head < pending.count ? pending[head] : nil }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { window.append(bytes) }

    /// Adds a patch; returns the edit of a pending patch it collides with
    /// (as ``Patches/firstConflict()`` defines it), and then adds nothing.
    mutating func add(_ patch: Pending) -> Int? {
        precondition(patch.lower >= written, "a patch before what was written")
        let key = (patch.lower, patch.isEmpty ? 0 : 1)
        var at = pending.endIndex
        while at > head, (pending[at - 1].lower, pending[at - 1].isEmpty ? 0 : 1) > key { at -= 1 }
        if at > head, Self.collide(pending[at - 1], patch) { return pending[at - 1].edit }
        if at < pending.endIndex, Self.collide(pending[at], patch) { return pending[at].edit }
        pending.insert(patch, at: at)
        return nil
    }

    /// Whether two patches touch the same bytes (``Patches/collide(_:_:)``);
    /// an open one reaches to the end.
    private static func collide(_ a: Pending, _ b: Pending) -> Bool {
        let (x, y) = (a.lower..<(a.upper ?? .max), b.lower..<(b.upper ?? .max))
        return (x.lowerBound, x.upperBound) <= (y.lowerBound, y.upperBound) ? Patches.collide(x, y) : Patches.collide(y, x)
    }

    /// Changes the last pending patch (where an open one is) when `picks` says so.
    mutating func updateLast(where picks: (Pending) -> Bool, _ body: (inout Pending) -> Void) {
        guard pending.count > head, picks(pending[pending.count - 1]) else { return }
        body(&pending[pending.count - 1])
    }

    /// Changes the pending patch of edit `edit` that starts at `lower`, if any.
    mutating func update(at lower: Int, edit: Int, _ body: (inout Pending) -> Void) {
        guard let index = pending[head...].lastIndex(where: { $0.lower == lower && $0.edit == edit }) else { return }
        body(&pending[index])
    }

    /// Takes back the pending patch of edit `edit` that starts at `lower`:
    /// a placeholder that held the output there and turned out not to be needed.
    mutating func remove(at lower: Int, edit: Int) {
        guard let index = pending[head...].lastIndex(where: { $0.lower == lower && $0.edit == edit }) else { return }
        precondition(!pending[index].wrote, "a patch taken back after it was written")
        pending.remove(at: index)
    }

    private mutating func removeFirstPending() {
        head += 1
        if head == pending.count {
            pending.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 256, head * 2 >= pending.count {
            pending.removeFirst(head)
            head = 0
        }
    }

    /// Writes the input up to `limit` with the patches made, stopping
    /// earlier at a patch whose replacement is not known yet or that
    /// replaces bytes past `limit` (those are dropped up to `limit`).
    mutating func flush(upTo limit: Int, _ write: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        while written < limit {
            guard let patch = firstPending, patch.lower < limit else {
                try emit(upTo: limit, write)
                return
            }
            if written < patch.lower { try emit(upTo: patch.lower, write) }
            if !patch.wrote, let replacement = patch.replacement {
                try replacement.withUnsafeBytes(write)
                pending[head].wrote = true
            }
            guard let upper = patch.upper, patch.replacement != nil else {
                // Open, or its replacement unknown: drop what it surely covers.
                drop(upTo: min(limit, patch.dropLimit ?? limit))
                return
            }
            guard upper <= limit else {
                drop(upTo: limit)
                return
            }
            drop(upTo: max(written, upper))
            removeFirstPending()
        }
        // Insertions at `limit` itself, and a patch whose bytes were all
        // dropped before its replacement was known (an element replaced
        // whole, whose layout the end of the document told).
        while let patch = firstPending, let upper = patch.upper, upper <= written, let replacement = patch.replacement {
            if !patch.wrote { try replacement.withUnsafeBytes(write) }
            removeFirstPending()
        }
    }

    private mutating func emit(upTo end: Int, _ write: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try window.withBytes(upTo: end, write)
        drop(upTo: end)
    }

    private mutating func drop(upTo end: Int) {
        guard end > written else { return }
        byteBefore = window[end - 1]
        window.removeAll(before: end)
    }
}

/// Bytes of the input from some offset on, indexed by their offsets in the
/// whole input, so the layout rules that read a document's bytes
/// (``XMLEditRules``) read them as they read a whole one.
struct ByteWindow: RandomAccessCollection {
    /// The bytes from ``startIndex`` on are `storage[dropped...]`: bytes
    /// let go of stay until the next append, which moves the rest down
    /// once (a chunk's many patches must not move it once each).
    private var storage: [UInt8] = []
    private var dropped = 0
    private(set) var startIndex = 0

    var endIndex: Int { startIndex + storage.count - dropped }

    subscript(position: Int) -> UInt8 { storage[position - startIndex + dropped] }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        if dropped > 0 {
            storage.removeSubrange(0..<dropped)
            dropped = 0
        }
        storage.append(contentsOf: bytes)
    }

    /// Lets go of the bytes before `offset`.
    mutating func removeAll(before offset: Int) {
        dropped += offset - startIndex
        startIndex = offset
    }

    /// Calls `body` with the bytes from the start up to `offset`.
    func withBytes(upTo offset: Int, _ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try storage.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[dropped..<(offset - startIndex + dropped)])) }
    }

    /// A copy of the bytes in `range`.
    func copy(_ range: Range<Int>) -> [UInt8] {
        Array(storage[(range.lowerBound - startIndex + dropped)..<(range.upperBound - startIndex + dropped)])
    }

    /// Calls `body` with the bytes in `range` where they are in memory,
    /// indexed by their offsets in the whole input: reading a tag there
    /// copies nothing and checks no bounds but the view's own.
    func withBytes<Result>(_ range: Range<Int>, _ body: (Bytes) throws -> Result) rethrows -> Result {
        precondition(range.lowerBound >= startIndex && range.upperBound <= endIndex, "outside the window")
        return try storage.withUnsafeBufferPointer { buffer in
            guard let address = buffer.baseAddress else {
                var none: UInt8 = 0
                return try withUnsafePointer(to: &none) { try body(Bytes(base: $0, range: range)) }
            }
            return try body(Bytes(base: address + (range.lowerBound - startIndex + dropped), range: range))
        }
    }

    /// Bytes of the window in memory, by their offsets in the input (see ``withBytes(_:_:)``).
    struct Bytes: RandomAccessCollection {
        /// The byte at ``startIndex``.
        let base: UnsafePointer<UInt8>
        let startIndex: Int
        let endIndex: Int

        init(base: UnsafePointer<UInt8>, range: Range<Int>) {
            self.base = base
            startIndex = range.lowerBound
            endIndex = range.upperBound
        }

        @inline(__always)
        subscript(position: Int) -> UInt8 { base[position - startIndex] }

        /// The same bytes, the first at index 0.
        var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: endIndex - startIndex) }

        /// Whether the bytes in `range` are `other`.
        func equals(_ range: Range<Int>, _ other: some Collection<UInt8>) -> Bool {
            range.count == other.count && UnsafeBufferPointer(start: base + (range.lowerBound - startIndex), count: range.count).elementsEqual(other)
        }

        /// Whether the name in `range` declares a namespace (`xmlns`, `xmlns:p`).
        func isNamespaceDeclaration(_ range: Range<Int>) -> Bool {
            equals(range, "xmlns".utf8)
                || (range.count >= 6 && equals(range.lowerBound..<(range.lowerBound + 6), "xmlns:".utf8))
        }
    }
}
