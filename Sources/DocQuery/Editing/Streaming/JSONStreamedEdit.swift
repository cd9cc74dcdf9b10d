import DocTree

/// A streamed edit of JSON: the input is read in chunks by
/// ``JSONStreamScanner``, which hands on every byte it passes over
/// (``JSONStreamScanner/passing``) and each candidate of the edit's path;
/// bytes around candidates are copied to the output, and each candidate
/// is replaced (set) or taken out with its key, line and comma (remove),
/// by the in-memory editor's rules (``JSONEditPlan``, ``JSONLayout``).
///
/// No tree of the document is built, and memory stays bounded: the output
/// not yet written is at most ``holdBack`` bytes plus one chunk, and a
/// candidate is held only while it is read (as the streaming query does).
///
/// What streams: `set` to a string, number, Boolean or `null`, and
/// `remove`, on a path of keys, `*` and non-negative indexes.
struct JSONStreamedEdit: Sendable {
    enum Operation: Sendable {
        /// The candidate's bytes become these.
        case replace([UInt8])
        /// The candidate goes, with its key, line and separating comma.
        case remove
    }

    let edit: Edit
    let selector: StreamSelector
    let operation: Operation

    /// Bytes the output keeps back from the writer, so that a removal can
    /// still take the comma, white space and key before its value. A member
    /// whose key and the white space around it are longer fails to stream.
    static let holdBack = 1 << 14

    /// Reads `input` to its end, writing the edited document to `write`;
    /// returns how many values the path matched.
    ///
    /// - Throws: `LoadError` for malformed or unreadable input,
    ///   ``QueryError`` when the edit cannot apply, or what `write` throws.
    func run(
        _ input: ChunkedInput, head: [UInt8], skip: Int, options: LoadOptions,
        write: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Int {
        let output = JSONStreamedOutput(edit: edit, write: write)
        var scanner = JSONStreamScanner(input: input, head: head, skip: skip, selector: selector, options: options)
        let operation = operation
        scanner.passing = { bytes, inCandidate in
            if inCandidate {
                if !output.inCandidate { try output.candidateBegins(removing: operation.isRemove) }
            } else {
                try output.copy(bytes)
            }
        }
        do {
            try scanner.run(emit: { _ in
                switch operation {
                case .replace(let bytes): try output.candidateEnds(replacement: bytes)
                case .remove: try output.candidateEnds(replacement: [])
                }
            }, nextValue: {
                // A record that lacks a keys-only set's path gets it created in memory.
                guard case .replace = operation, (try? PathQuery(edit.path, parameters: edit.parameters))?.keyChain != nil else { return }
                throw QueryError(
                    .notStreamable,
                    "the input holds several JSON values (JSON Lines), and a keys-only set creates its path in those that lack it, "
                        + "which needs each one's tree; edit without streaming", path: edit.path, range: 0..<edit.path.count)
            })
        } catch {
            switch error {
            case .load(let error): throw error
            case .consumer(let error): throw error
            case .selector(let error): throw QueryError(.notStreamable, "this path cannot stream this document: \(error.message)",
                                                         path: edit.path, range: 0..<edit.path.count)
            }
        }
        try output.finish()
        return output.matches
    }
}

extension JSONStreamedEdit.Operation {
    var isRemove: Bool {
        if case .remove = self { return true }
        return false
    }
}

/// The output of a ``JSONStreamedEdit``: the bytes passed on, less the
/// candidates, with their replacements, written out in blocks. The last
/// ``JSONStreamedEdit/holdBack`` bytes (and, during a removal, everything
/// from where it may begin) stay back, since a removal reaches back to the
/// end of the value before it.
///
/// Offsets named here are in the whole output (``written`` plus an index
/// in ``pending``).
final class JSONStreamedOutput {
    private let edit: Edit
    private let write: (UnsafeRawBufferPointer) throws -> Void
    private var pending: [UInt8] = []
    /// The bytes written out before ``pending``.
    private var written = 0
    private(set) var matches = 0
    private(set) var inCandidate = false

    /// A removal under way: the member's or element's own start (its key's
    /// quote), and where the gap before it begins: the end of the value
    /// before it, or just past the container's opening bracket when it is
    /// the first child.
    private struct Removal {
        var slotStart: Int
        var previousEnd: Int?
        var afterOpening: Int?
        /// Where the removed value was (its bytes never reach the output).
        var valueEnd = 0
        /// Where the scan of the bytes after it has come to.
        var scanned = 0
        var sawComma = false
    }
    private var removal: Removal?
    private var removing = false

    /// Writes once this much is ready, so each write is a large block.
    private static let block = 1 << 18

    init(edit: Edit, write: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.edit = edit
        self.write = write
    }

    /// Bytes outside candidates, copied through.
    func copy(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        pending.append(contentsOf: bytes)
        if removal != nil { try continueRemoval() }
        try flushIfReady()
    }

    /// A candidate begins at the end of what was passed on.
    func candidateBegins(removing: Bool) throws {
        inCandidate = true
        self.removing = removing
        if removal != nil {
            // The next element after a removed one: the removal ends where it begins.
            try continueRemoval(nextSlot: written + pending.count)
        }
        if removing { removal = try beginRemoval() }
    }

    /// The candidate that began last ends: `replacement` takes its place.
    func candidateEnds(replacement: [UInt8]) throws {
        if !inCandidate { try candidateBegins(removing: removing) }
        inCandidate = false
        matches += 1
        pending.append(contentsOf: replacement)
        if removal != nil {
            removal!.valueEnd = written + pending.count
            removal!.scanned = removal!.valueEnd
        }
        try flushIfReady()
    }

    /// The input ended: writes what is left.
    func finish() throws {
        precondition(removal == nil, "a removal is under way at the end of well-formed input")
        try flush(upTo: pending.count)
    }

    // MARK: Removal

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

    /// Finds, in the bytes held back, the start of the member or element
    /// whose value begins now (its key, for a member), and the gap before
    /// it.
    private func beginRemoval() throws -> Removal {
        var j = pending.count
        func skipSpace() { while j > 0, Self.isSpace(pending[j - 1]) { j -= 1 } }
        func outOfReach() -> QueryError {
            if written == 0, pending[..<j].allSatisfy({ Self.isSpace($0) || $0 >= 0x80 }) {
                return EditFailure.invalid(edit, "the root cannot be removed")
            }
            return QueryError(
                .notStreamable,
                "cannot stream the removal of '\(edit.path)': more than \(JSONStreamedEdit.holdBack) bytes of key and white space "
                    + "come before a value it removes; edit without --stream",
                path: edit.path, range: 0..<edit.path.count)
        }
        let valueStart = j
        skipSpace()
        var slotStart = valueStart
        if j > 0, pending[j - 1] == UInt8(ascii: ":") {
            // A member: back over the colon to its key's opening quote (a
            // quote inside the key has an odd run of backslashes before it).
            j -= 1
            skipSpace()
            guard j > 0, pending[j - 1] == UInt8(ascii: "\"") else { throw outOfReach() }
            j -= 1
            while true {
                guard j > 0 else { throw outOfReach() }
                j -= 1
                guard pending[j] == UInt8(ascii: "\"") else { continue }
                var backslashes = 0
                while j - backslashes > 0, pending[j - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
                if backslashes % 2 == 0 { break }
            }
            slotStart = j
        } else {
            j = valueStart
        }
        skipSpace()
        guard j > 0 else { throw outOfReach() }
        switch pending[j - 1] {
        case UInt8(ascii: ","):
            j -= 1
            skipSpace()
            guard j > 0 else { throw outOfReach() }
            return Removal(slotStart: written + slotStart, previousEnd: written + j)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return Removal(slotStart: written + slotStart, afterOpening: written + j)
        default:
            throw outOfReach()
        }
    }

    /// Reads the bytes after a removed value: a comma and the next member's
    /// start (the removal ends there), or the container's closing bracket
    /// (it ends with the value, and begins at the end of the one before).
    /// `nextSlot` is where a candidate that follows the comma begins.
    private func continueRemoval(nextSlot: Int? = nil) throws {
        guard var current = removal, !inCandidate || nextSlot != nil else { return }
        let end = written + pending.count
        while current.scanned < end {
            let c = pending[current.scanned - written]
            if Self.isSpace(c) {
                current.scanned += 1
                continue
            }
            if !current.sawComma {
                if c == UInt8(ascii: ",") {
                    current.sawComma = true
                    current.scanned += 1
                    continue
                }
                // The closing bracket: the value was the container's last.
                if let afterOpening = current.afterOpening {
                    cut(afterOpening..<current.scanned)
                } else {
                    cut(current.previousEnd!..<current.valueEnd)
                }
            } else {
                cut(current.slotStart..<current.scanned)
            }
            removal = nil
            return
        }
        if let nextSlot, current.sawComma {
            cut(current.slotStart..<nextSlot)
            removal = nil
            return
        }
        removal = current
    }

    private func cut(_ range: Range<Int>) {
        pending.removeSubrange((range.lowerBound - written)..<(range.upperBound - written))
    }

    // MARK: Writing

    private func flushIfReady() throws {
        var limit = pending.count - JSONStreamedEdit.holdBack
        if let removal { limit = min(limit, (removal.afterOpening ?? removal.previousEnd ?? removal.slotStart) - written) }
        if limit >= Self.block { try flush(upTo: limit) }
    }

    private func flush(upTo count: Int) throws {
        guard count > 0 else { return }
        try pending.withUnsafeBytes { try write(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        pending.removeFirst(count)
        written += count
    }
}
