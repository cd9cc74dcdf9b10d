/// The removal rule (``JSONGaps``, in strict JSON: a run of removed
/// children goes up to the next survivor's start, or, when it ends the
/// container, from the survivor before it; an emptied container keeps
/// nothing between its brackets) applied to a spread array whose elements
/// come in batches, so that a streamed removal of elements holds one batch
/// at a time.
///
/// Whether the gap before a run of removed elements stays depends on what
/// follows the run (a survivor: it stays; the closing bracket: it goes),
/// which may be batches later: that gap is held as bytes until then, and
/// so are the bytes between batches (a comma and white space) until the
/// next element says whether they stay. Within a batch, what a run takes
/// is what ``JSONGaps`` says; across batches, a run's elements and the
/// bytes between them go.
final class SpreadRemovals {
    /// Whether the last element seen was removed.
    private var inRun = false
    /// Whether an element survived so far.
    private var survivorSeen = false
    /// The gap before the current run, when it lies before the current batch.
    private var heldLead: [UInt8] = []
    /// The bytes since the last element, outside the batches.
    private(set) var gap: [UInt8] = []

    /// The bytes this holds.
    var heldCount: Int { heldLead.count + gap.count }

    /// Takes bytes between two batches (or after the opening bracket).
    func takeGap(_ bytes: some Collection<UInt8>) {
        gap.append(contentsOf: bytes)
    }

    /// The array closed: what goes before its closing bracket.
    func close() -> [UInt8] {
        defer {
            inRun = false
            survivorSeen = false
            heldLead = []
            gap = []
        }
        // A run at the end goes from the last survivor's end, and an
        // emptied array keeps nothing: only the gap after the run is left.
        return inRun && !survivorSeen ? [] : gap
    }

    /// The next batch: its drops are decided once, whatever layout it is
    /// then rendered with.
    func batch() -> Batch { Batch(self) }

    /// One batch of elements.
    final class Batch {
        private let owner: SpreadRemovals
        private var decided: [(range: Range<Int>, edit: Int)]?
        /// What goes out before the batch's own bytes: the gap before its
        /// first element, or a held run's lead when a survivor ends the run.
        private(set) var prefix: [UInt8] = []

        fileprivate init(_ owner: SpreadRemovals) { self.owner = owner }

        /// The ranges of the batch's bytes that go, with the edit that
        /// removed each run: the batch's elements are `elements`, and
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
        var drops: [(range: Range<Int>, edit: Int)] = []
        let gaps = JSONGaps(text: elements.text, comments: false)
        // The current run's first element in this batch, its lead gap when
        // that lies in this batch, and the edit that began it.
        var first: Int?
        var lead: Range<Int>?
        var runEdit = 0
        for k in 0..<elements.count {
            if let number = removed(k) {
                if !inRun {
                    inRun = true
                    runEdit = number
                    if k == 0 { heldLead = gap } else { lead = elements.end(k - 1)..<elements.start(k) }
                    first = k
                } else if first == nil {
                    // A run from an earlier batch goes on: the gap before this batch goes.
                    first = k
                }
            } else {
                if inRun {
                    // The run's part in this batch goes up to this survivor.
                    if let first {
                        drops.append((gaps.removalBeforeSurvivor(slotStart: elements.start(first), end: elements.end(k - 1)), runEdit))
                    }
                    if lead == nil { prefix = heldLead }
                    heldLead = []
                    inRun = false
                } else if k == 0 {
                    prefix = gap
                }
                lead = nil
                first = nil
                survivorSeen = true
            }
        }
        gap = []
        if inRun, let first {
            let run = (first..<elements.count).lazy.map { (slotStart: elements.start($0), end: elements.end($0)) }
            if let lead {
                // The run may end the array: it goes as a run at the end goes,
                // from the survivor before it, and its lead waits for what follows.
                drops.append((gaps.strictRemovalAtEnd(run, after: .previousEnd(lead.lowerBound), closer: run.last!.end), runEdit))
                heldLead = Array(elements.text[lead])
            } else {
                // The middle of a run: its elements and the bytes between them.
                drops.append((run.first!.slotStart..<run.last!.end, runEdit))
            }
        }
        return drops
    }
}

/// The elements of one batch of a spread array, in its text: where each
/// begins and ends (its value, an element having no key).
protocol SpreadElements {
    var count: Int { get }
    func start(_ k: Int) -> Int
    func end(_ k: Int) -> Int
    /// The text the offsets count in.
    var text: [UInt8] { get }
}

/// A batch's elements in the part loaded with spans (``JSONEditPlan``).
struct LoadedElements: SpreadElements {
    let children: [UInt32]
    let source: JSONSource
    var count: Int { children.count }
    func start(_ k: Int) -> Int { source.slotStart(children[k]) }
    func end(_ k: Int) -> Int { source.end(children[k]) }
    var text: [UInt8] { source.text }
}

/// A batch's elements where the stream scanner found them
/// (``StreamCandidate/elementSpans``), in the batch's bytes as read.
struct ScannedElements: SpreadElements {
    let spans: [Range<Int>]
    let text: [UInt8]
    var count: Int { spans.count }
    func start(_ k: Int) -> Int { spans[k].lowerBound }
    func end(_ k: Int) -> Int { spans[k].upperBound }
}
