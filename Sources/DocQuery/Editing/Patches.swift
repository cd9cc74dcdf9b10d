/// Replacements over the original bytes, each located by offsets of the
/// original; ``ordered`` gives them to ``EditableSource/patched(_:escape:)``,
/// which writes the output in one pass.
struct Patches {
    struct Patch {
        /// The original bytes replaced (empty for an insertion).
        var range: Range<Int>
        var replacement: [UInt8]
        /// The edit that made it, for messages.
        var edit: Int
    }

    private(set) var patches: [Patch] = []

    mutating func add(_ range: Range<Int>, _ replacement: some Sequence<UInt8>, edit: Int) {
        patches.append(Patch(range: range, replacement: Array(replacement), edit: edit))
    }

    /// The first two patches that touch the same bytes: two replacements
    /// that overlap, or an insertion strictly inside a replaced range, or
    /// two insertions at one offset.
    func firstConflict() -> (Patch, Patch)? {
        guard patches.count > 1 else { return nil }
        let sorted = patches.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        var widest: Patch?
        for patch in sorted {
            if let previous = widest, Self.collide(previous.range, patch.range) { return (previous, patch) }
            if widest == nil || patch.range.upperBound >= widest!.range.upperBound { widest = patch }
        }
        return nil
    }

    /// Whether two patches touch the same bytes, `first` starting no later
    /// than `second` (an upper bound of `Int.max` for a patch still open):
    /// a replacement that begins before `first` ends, an insertion strictly
    /// inside it, or two insertions at one offset. The one conflict rule
    /// of both engines (``StreamedPatchWriter`` checks each patch it adds).
    static func collide(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        if second.isEmpty {
            return (second.lowerBound < first.upperBound && second.lowerBound > first.lowerBound)
                || (first.isEmpty && first.lowerBound == second.lowerBound)
        }
        return second.lowerBound < first.upperBound
    }

    /// The patches in order, for ``EditableSource/patched(_:escape:)``; an
    /// insertion at an offset before a replacement that starts there.
    var ordered: [(range: Range<Int>, bytes: [UInt8])] {
        if patches.count == 1 { return [(patches[0].range, patches[0].replacement)] }
        return patches.sorted { ($0.range.lowerBound, $0.range.isEmpty ? 0 : 1) < ($1.range.lowerBound, $1.range.isEmpty ? 0 : 1) }
            .map { ($0.range, $0.replacement) }
    }
}
