/// Replacements over the original bytes, applied back to front so each
/// one's offsets stay those of the original.
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
        let sorted = patches.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        var widest: Patch?
        for patch in sorted {
            if let previous = widest {
                let collides = patch.range.isEmpty
                    ? patch.range.lowerBound < previous.range.upperBound && patch.range.lowerBound > previous.range.lowerBound
                        || (previous.range.isEmpty && previous.range.lowerBound == patch.range.lowerBound)
                    : patch.range.lowerBound < previous.range.upperBound
                if collides { return (previous, patch) }
            }
            if widest == nil || patch.range.upperBound >= widest!.range.upperBound { widest = patch }
        }
        return nil
    }

    /// `original` with every patch applied.
    func applied(to original: [UInt8]) -> [UInt8] {
        // An insertion at an offset goes after a replacement that ends there
        // and before one that starts there.
        let ordered = patches.sorted { ($0.range.lowerBound, $0.range.isEmpty ? 0 : 1) < ($1.range.lowerBound, $1.range.isEmpty ? 0 : 1) }
        var out: [UInt8] = []
        out.reserveCapacity(original.count + ordered.reduce(0) { $0 + $1.replacement.count })
        var position = 0
        for patch in ordered {
            out.append(contentsOf: original[position..<patch.range.lowerBound])
            out.append(contentsOf: patch.replacement)
            position = patch.range.upperBound
        }
        out.append(contentsOf: original[position...])
        return out
    }
}
