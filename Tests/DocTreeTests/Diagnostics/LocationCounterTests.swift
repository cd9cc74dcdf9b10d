import Testing

@testable import DocTree

/// The one line rule, counted eight bytes at a time where a word holds no
/// line break: the counter must agree with the rule applied byte by byte,
/// however the input is cut into pieces (a CR LF split between two pieces
/// included).
@Suite struct LocationCounterTests {
    /// The rule, byte by byte: LF, CR, or CR LF ends a line; columns count
    /// every byte but UTF-8 continuation bytes.
    static func reference(_ bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var afterCR = false
        for byte in bytes {
            switch byte {
            case 0x0A:
                if !afterCR { line += 1; column = 1 }
                afterCR = false
            case 0x0D:
                line += 1; column = 1
                afterCR = true
            default:
                if byte & 0xC0 != 0x80 { column += 1 }
                afterCR = false
            }
        }
        return (line, column)
    }

    /// Text of long runs and short ones: ASCII, two-, three- and four-byte
    /// characters, and every kind of line break, from a fixed seed.
    /// Without `returns`, line feeds are the only line breaks (the counter's
    /// fast path when a piece holds no carriage return).
    static func text(seed: UInt64, length: Int, returns: Bool = true) -> [UInt8] {
        var state = seed
        var bytes: [UInt8] = []
        let pieces: [[UInt8]] = [
            Array("abcdefghijklmnopq".utf8), Array("é".utf8), Array("한국어".utf8), Array("𝄞".utf8),
            [0x0A], returns ? [0x0D] : [0x0A], [0x0D, 0x0A], [0x0A, 0x0D], Array("        ".utf8), Array("x".utf8),
        ].filter { returns || !$0.contains(0x0D) }
        while bytes.count < length {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bytes += pieces[Int(state >> 33) % pieces.count]
        }
        return bytes
    }

    @Test(arguments: [1, 3, 7, 8, 9, 64, 1000])
    func agreesWithTheRuleByteByByte(pieceSize: Int) {
        for (seed, returns): (UInt64, Bool) in [(1, true), (2, true), (3, true), (42, true), (5, false), (6, false)] {
            let bytes = Self.text(seed: seed, length: 3000, returns: returns)
            var counter = LocationCounter(SourceLocation(byteOffset: 0, line: 1, column: 1))
            var at = 0
            bytes.withUnsafeBufferPointer { all in
                while at < all.count {
                    let end = min(at + pieceSize, all.count)
                    counter.advance(over: UnsafeBufferPointer(rebasing: all[at..<end]))
                    at = end
                    let expected = Self.reference(Array(bytes[..<end]))
                    #expect(counter.line == expected.line && counter.column == expected.column, "seed \(seed), at \(end)")
                    #expect(counter.offset == end)
                }
            }
        }
    }

    /// Long runs counted in one piece: thousands of line feeds, and a line
    /// of thousands of characters (more than a byte's worth per lane of the
    /// word-wide sums), after a carriage return or not.
    @Test func longRunsInOnePiece() {
        let feeds = [UInt8](repeating: 0x0A, count: 5_000)
        let line = Array(String(repeating: "é한x", count: 1_500).utf8)
        for run in [feeds, line, feeds + line, line + feeds + line, [0x0D] + feeds, [0x0D] + line] {
            var counter = LocationCounter(SourceLocation(byteOffset: 0, line: 1, column: 1))
            run.withUnsafeBufferPointer { counter.advance(over: $0) }
            let expected = Self.reference(run)
            #expect(counter.line == expected.line && counter.column == expected.column, "\(run.count) bytes")
        }
    }

    /// Where each line begins, found piece by piece (a CR LF split between
    /// two pieces included), is where the rule byte by byte puts it.
    @Test(arguments: [1, 7, 64, 1000])
    func findsWhereALineBegins(pieceSize: Int) {
        for (seed, returns): (UInt64, Bool) in [(1, true), (42, true), (5, false)] {
            let bytes = Self.text(seed: seed, length: 3000, returns: returns)
            // The byte offsets where lines begin, by the rule byte by byte.
            var starts = [0]
            for end in 1...bytes.count where Self.reference(Array(bytes[..<end])).line > starts.count {
                starts.append(end)
            }
            // A line that begins with the line feed of a CR LF begins after it.
            starts = starts.map { $0 < bytes.count && $0 > 0 && bytes[$0 - 1] == 0x0D && bytes[$0] == 0x0A ? $0 + 1 : $0 }
            for target in [1, 2, starts.count / 2, starts.count] {
                var counter = LocationCounter(SourceLocation(byteOffset: 0, line: 1, column: 1))
                var found: Int?
                var at = 0
                bytes.withUnsafeBufferPointer { all in
                    while found == nil, at < all.count {
                        let end = min(at + pieceSize, all.count)
                        if let index = counter.advance(over: UnsafeBufferPointer(rebasing: all[at..<end]), untilLine: target) {
                            found = at + index
                        }
                        at = end
                    }
                }
                #expect(found == starts[target - 1], "seed \(seed), line \(target), pieces of \(pieceSize)")
                #expect(counter.line == target && counter.column == 1, "seed \(seed), line \(target)")
            }
        }
    }
}
