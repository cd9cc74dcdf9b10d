/// The removal rule of ``JSONEditPlan`` (a run of removed children goes
/// up to the next survivor's start, or, when it ends the container, from
/// the survivor before it; an emptied container keeps nothing between its
/// brackets) applied to a spread array whose elements come in batches, so
/// that a streamed removal of elements holds one batch at a time.
///
/// Whether the gap before a run of removed elements stays depends on what
/// follows the run (a survivor: it stays; the closing bracket: it goes),
/// which may be batches later: that gap is held as bytes until then, and
/// so are the bytes between batches (a comma and white space) until the
/// next element says whether they stay.
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
        /// removed each run: `removed` maps the removed elements among
        /// `children` to their edit.
        func drops(_ children: [UInt32], _ removed: [UInt32: Int], _ source: JSONSource) -> [(range: Range<Int>, edit: Int)] {
            if let decided { return decided }
            let decided = owner.decide(children, removed, source, prefix: &prefix)
            self.decided = decided
            return decided
        }
    }

    private func decide(
        _ children: [UInt32], _ removed: [UInt32: Int], _ source: JSONSource, prefix: inout [UInt8]
    ) -> [(range: Range<Int>, edit: Int)] {
        var drops: [(range: Range<Int>, edit: Int)] = []
        // Where the current run's drop starts in this batch, its lead gap
        // when that lies in this batch, and the edit that began it.
        var dropFrom: Int?
        var lead: Range<Int>?
        var runEdit = 0
        for (k, child) in children.enumerated() {
            let start = source.slotStart(child)
            if let number = removed[child] {
                if !inRun {
                    inRun = true
                    runEdit = number
                    if k == 0 { heldLead = gap } else { lead = source.end(children[k - 1])..<start }
                    dropFrom = start
                } else if dropFrom == nil {
                    // A run from an earlier batch goes on: the gap before this batch goes.
                    dropFrom = start
                }
            } else {
                if inRun {
                    if let dropFrom { drops.append((dropFrom..<start, runEdit)) }
                    if lead == nil { prefix = heldLead }
                    heldLead = []
                    inRun = false
                } else if k == 0 {
                    prefix = gap
                }
                lead = nil
                dropFrom = nil
                survivorSeen = true
            }
        }
        gap = []
        if inRun, let dropFrom, let last = children.last {
            // The run may end the array: its lead waits for what follows.
            if let lead {
                drops.append((lead.lowerBound..<source.end(last), runEdit))
                heldLead = Array(source.text[lead])
            } else {
                drops.append((dropFrom..<source.end(last), runEdit))
            }
        }
        return drops
    }
}
