/// The removal rule (``JSONGaps``) applied to a spread array whose elements
/// come in batches, so that a streamed removal of elements holds one batch
/// at a time, in strict JSON and in JSON with comments alike.
///
/// What a removed element takes depends on what follows its run (a
/// survivor, or the closing bracket), which may be batches later. So the
/// bytes after the last surviving element wait (``held``) until the next
/// survivor or the bracket decides them, with each removed element among
/// them one placeholder byte (the rules read only the gaps around an
/// element, never its inside). Removed elements with nothing between them
/// that stays whatever follows (no comment on a line of its own) are one
/// placeholder: what waits is the gaps that may stay, not the elements.
/// Each decision is ``JSONGaps``' over the waiting bytes followed by the
/// batch's, read as one text.
final class SpreadRemovals {
    /// Whether the array may hold comments and trailing commas.
    private let comments: Bool
    /// The bytes since the last survivor's end, or since the opening
    /// bracket when none survived yet, removed elements as placeholders.
    private var held: [UInt8] = []
    /// The removed elements in ``held``: each placeholder's offset, and the
    /// edit that removed it.
    private var run: [(offset: Int, edit: Int)] = []
    /// Whether an element survived so far.
    private var survivorSeen = false
    /// Whether a gap of the array held a comment, while no element survived
    /// (removing every element then keeps the comments' lines).
    private var holdsComment = false

    private static let placeholder = UInt8(ascii: "0")

    init(comments: Bool) { self.comments = comments }

    /// The bytes this holds.
    var heldCount: Int { held.count }

    /// Takes bytes between two batches (or after the opening bracket).
    func takeGap(_ bytes: some Collection<UInt8>) {
        held.append(contentsOf: bytes)
        if comments, !survivorSeen, bytes.contains(UInt8(ascii: "/")) { holdsComment = true }
    }

    /// The array closed: what goes before its closing bracket.
    func close() -> [UInt8] {
        defer {
            held = []
            run = []
            survivorSeen = false
            holdsComment = false
        }
        guard !run.isEmpty else { return held }
        // The run ends the array: from the survivor before it, or everything
        // from the opening bracket.
        var kept: [UInt8] = []
        var position = 0
        JSONGaps(text: held, comments: comments).removalsAtEnd(
            run.lazy.map { (slotStart: $0.offset, end: $0.offset + 1) }, after: survivorSeen ? .previousEnd(0) : .afterOpening(0),
            closer: held.count, holdsComment: holdsComment
        ) { range, _ in
            kept.append(contentsOf: held[position..<range.lowerBound])
            position = range.upperBound
        }
        kept.append(contentsOf: held[position...])
        return kept
    }

    /// The next batch: its drops are decided once, whatever layout it is
    /// then rendered with.
    func batch() -> Batch { Batch(self) }

    /// One batch of elements.
    final class Batch {
        private let owner: SpreadRemovals
        private var decided: [(range: Range<Int>, edit: Int)]?
        /// What goes out before the batch's own bytes: what waited for
        /// this batch's first survivor and stays.
        private(set) var prefix: [UInt8] = []

        fileprivate init(_ owner: SpreadRemovals) { self.owner = owner }

        /// The ranges of the batch's bytes that go, with the edit that
        /// removed each element: the batch's elements are `elements`, and
        /// `removed` maps the removed ones among them to their edit.
        func drops(_ elements: some SpreadElements, _ removed: (Int) -> Int?) -> [(range: Range<Int>, edit: Int)] {
            if let decided { return decided }
            let decided = owner.decide(elements, removed, prefix: &prefix)
            self.decided = decided
            return decided
        }
    }

    private func decide(
        _ elements: some SpreadElements, _ removed: (Int) -> Int?, prefix: inout [UInt8]
    ) -> [(range: Range<Int>, edit: Int)] {
        guard elements.count > 0 else { return [] }
        let batchStart = elements.start(0)
        var drops: [(range: Range<Int>, edit: Int)] = []
        guard let last = (0..<elements.count).last(where: { removed($0) == nil }) else {
            // No survivor: the whole batch waits.
            if comments, !survivorSeen, elements.gapsHoldComment { holdsComment = true }
            hold(elements, after: nil, removed, drops: &drops)
            return drops
        }
        // The survivors decide what waited and the runs before them: each
        // removed element goes up to the next survivor (JSONGaps), read over
        // the held bytes and the batch's as one text.
        let text = PendingText(held: held, batch: elements.text, batchStart: batchStart, end: elements.textEnd)
        let gaps = JSONGaps(text: text, comments: comments)
        var position = 0
        func cut(_ range: Range<Int>, _ edit: Int) {
            if range.lowerBound < batchStart {
                prefix.append(contentsOf: held[position..<(range.lowerBound - text.startIndex)])
                position = min(range.upperBound, batchStart) - text.startIndex
            }
            if range.upperBound > batchStart { drops.append((max(range.lowerBound, batchStart)..<range.upperBound, edit)) }
        }
        for element in run {
            let start = text.startIndex + element.offset
            cut(gaps.removalBeforeSurvivor(slotStart: start, end: start + 1), element.edit)
        }
        for k in 0..<last {
            if let edit = removed(k) { cut(gaps.removalBeforeSurvivor(slotStart: elements.start(k), end: elements.end(k)), edit) }
        }
        prefix.append(contentsOf: held[position...])
        held = []
        run = []
        survivorSeen = true
        // What follows the last survivor waits.
        hold(elements, after: last, removed, drops: &drops)
        return drops
    }

    /// Moves the batch's bytes after element `survivor` (all of them when
    /// `nil`) to ``held``, the removed elements as placeholders, and drops
    /// them from the batch: each removed element with the bytes before it.
    private func hold(
        _ elements: some SpreadElements, after survivor: Int?, _ removed: (Int) -> Int?, drops: inout [(range: Range<Int>, edit: Int)]
    ) {
        let text = elements.text
        var from = survivor.map { elements.end($0) } ?? elements.start(0)
        var edit = 0
        for k in (survivor.map { $0 + 1 } ?? 0)..<elements.count {
            edit = removed(k)!
            held.append(contentsOf: text[from..<elements.start(k)])
            holdRemoved(edit: edit)
            drops.append((from..<elements.end(k), edit))
            from = elements.end(k)
        }
        held.append(contentsOf: text[from..<elements.textEnd])
        if from < elements.textEnd { drops.append((from..<elements.textEnd, edit)) }
    }

    /// Adds a removed element's placeholder to ``held``, as part of the one
    /// before it when nothing between them stays whatever follows.
    private func holdRemoved(edit: Int) {
        let offset = held.count
        held.append(Self.placeholder)
        if let previous = run.last {
            let gaps = JSONGaps(text: held, comments: comments)
            if gaps.nextNonBlank(from: gaps.ownedEnd(after: previous.offset + 1)) == offset {
                held.removeSubrange((previous.offset + 1)...)
                return
            }
        }
        run.append((offset, edit))
    }
}

/// The held bytes followed by a batch's, read as one text: indexes at and
/// past `batchStart` are the batch's own, the held bytes come just before.
private struct PendingText: RandomAccessCollection {
    let held: [UInt8]
    let batch: [UInt8]
    let batchStart: Int
    let end: Int

    var startIndex: Int { batchStart - held.count }
    var endIndex: Int { end }
    subscript(i: Int) -> UInt8 { i < batchStart ? held[i - startIndex] : batch[i] }
}

/// The elements of one batch of a spread array, in its text: where each
/// begins and ends (its value, an element having no key). The batch's text
/// begins with its first element and ends at ``textEnd``.
protocol SpreadElements {
    var count: Int { get }
    func start(_ k: Int) -> Int
    func end(_ k: Int) -> Int
    /// The text the offsets count in.
    var text: [UInt8] { get }
    /// Where the batch's text ends: its last element's end, or for the
    /// last batch what follows it up to the closing bracket's blank space
    /// (a trailing comma, comments).
    var textEnd: Int { get }
}

extension SpreadElements {
    /// Whether the bytes between the batch's elements hold a comment.
    var gapsHoldComment: Bool {
        (0..<count).contains { k in
            text[end(k)..<(k + 1 < count ? start(k + 1) : textEnd)].contains(UInt8(ascii: "/"))
        }
    }
}

/// A batch's elements in the part loaded with spans (``JSONEditPlan``): the
/// part is the batch in brackets, `container`.
struct LoadedElements: SpreadElements {
    let children: [UInt32]
    let container: UInt32
    let source: JSONSource
    var count: Int { children.count }
    func start(_ k: Int) -> Int { source.slotStart(children[k]) }
    func end(_ k: Int) -> Int { source.end(children[k]) }
    var text: [UInt8] { source.text }
    var textEnd: Int { source.gaps.blankStart(before: source.end(container) - 1) }
}

/// A batch's elements where the stream scanner found them
/// (``StreamCandidate/elementSpans``), in the batch's bytes as read.
struct ScannedElements: SpreadElements {
    let spans: [Range<Int>]
    let text: [UInt8]
    let textEnd: Int
    var count: Int { spans.count }
    func start(_ k: Int) -> Int { spans[k].lowerBound }
    func end(_ k: Int) -> Int { spans[k].upperBound }
}
