/// Checks that bytes are well-formed UTF-8 (Unicode 15, table 3-7): no
/// overlong forms, no surrogates, nothing past U+10FFFF, no stray
/// continuation bytes, no sequence cut off by the end.
///
/// Runs of ASCII are skipped eight bytes at a time.
package enum UTF8Validation {
    /// The first ill-formed sequence: where it starts and how many of its
    /// bytes, up to and including the first wrong one (or up to the end of
    /// the input), show the problem.
    package struct Failure: Equatable, Sendable {
        package var offset: Int
        package var length: Int
        /// Whether the sequence was well-formed until the input ended.
        package var isTruncated: Bool
    }

    /// The first ill-formed sequence in `bytes`, or `nil` when all is well-formed.
    package static func firstFailure(in bytes: UnsafeBufferPointer<UInt8>) -> Failure? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var i = 0
        while i < count {
            // Skip ASCII a word at a time.
            while i + 8 <= count {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { break }
                i += 8
            }
            guard i < count else { break }
            let lead = base[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            let length = sequenceLength(at: i, in: bytes)
            guard length > 0 else { return failure(at: i, in: bytes) }
            i += length
        }
        return nil
    }

    /// The one message for ill-formed UTF-8 starting at `i` in `bytes`
    /// (`inputOffset`, the same place in the whole input, when `bytes` is a
    /// chunk of it): the offset, the bytes that show the problem, and what
    /// to do for a document in a legacy encoding. Every reader says this,
    /// whether it checks the bytes before parsing or while it parses.
    package static func message(at i: Int, in bytes: UnsafeBufferPointer<UInt8>, inputOffset: Int) -> String {
        let illFormed = i < bytes.count && bytes[i] >= 0x80 && sequenceLength(at: i, in: bytes) == 0
        let failure = illFormed ? failure(at: i, in: bytes) : Failure(offset: i, length: 1, isTruncated: i >= bytes.count)
        let shown = bytes[min(i, bytes.count)..<min(i + failure.length, bytes.count)]
        let bytesShown = shown.isEmpty ? "" : " (\(InputDecoding.hex(shown)))"
        let what = failure.isTruncated
            ? "the input ends inside a UTF-8 character at byte offset \(inputOffset)\(bytesShown)"
            : "invalid UTF-8 at byte offset \(inputOffset)\(bytesShown)"
        return what + "; if the document is in a legacy encoding, pass LoadOptions.encoding (e.g. \"EUC-KR\")"
    }

    /// The ill-formed sequence whose lead byte (≥ 0x80) is at `i`: how many
    /// of its bytes show the problem. Each prefix is completed with
    /// continuation bytes 0x80, which any third or fourth byte may be, and
    /// checked by ``sequenceLength(at:in:)``, the one statement of the rules;
    /// the first prefix that cannot be completed ends at the wrong byte.
    private static func failure(at i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Failure {
        let lead = bytes[i]
        guard lead >= 0xC2, lead < 0xF5 else { return Failure(offset: i, length: 1, isTruncated: false) }
        let expected = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var probe: [UInt8] = [lead, 0x80, 0x80, 0x80]
        for j in 1..<expected {
            guard i + j < bytes.count else { return Failure(offset: i, length: j, isTruncated: true) }
            probe[j] = bytes[i + j]
            let fits = probe.withUnsafeBufferPointer { sequenceLength(at: 0, in: $0) } > 0
            if !fits { return Failure(offset: i, length: j + 1, isTruncated: false) }
        }
        // sequenceLength rejected the whole sequence, so some prefix must fail.
        preconditionFailure("UTF8Validation: a sequence failed as a whole but in none of its prefixes")
    }

    /// The length of the well-formed UTF-8 sequence whose lead byte (≥ 0x80)
    /// is at `i` in `bytes`, or 0 when it is not well formed (overlong, a
    /// surrogate, past U+10FFFF, truncated, or a stray continuation byte).
    @inline(__always)
    package static func sequenceLength(at i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let lead = bytes[i]
        let count = bytes.count
        if lead < 0xC2 { return 0 }
        if lead < 0xE0 {
            guard i &+ 1 < count, bytes[i &+ 1] & 0xC0 == 0x80 else { return 0 }
            return 2
        }
        if lead < 0xF0 {
            guard i &+ 2 < count else { return 0 }
            let b1 = bytes[i &+ 1]
            guard b1 & 0xC0 == 0x80, bytes[i &+ 2] & 0xC0 == 0x80 else { return 0 }
            if lead == 0xE0, b1 < 0xA0 { return 0 }  // overlong
            if lead == 0xED, b1 > 0x9F { return 0 }  // U+D800…U+DFFF
            return 3
        }
        if lead < 0xF5 {
            guard i &+ 3 < count else { return 0 }
            let b1 = bytes[i &+ 1]
            guard b1 & 0xC0 == 0x80, bytes[i &+ 2] & 0xC0 == 0x80, bytes[i &+ 3] & 0xC0 == 0x80 else { return 0 }
            if lead == 0xF0, b1 < 0x90 { return 0 }  // overlong
            if lead == 0xF4, b1 > 0x8F { return 0 }  // past U+10FFFF
            return 4
        }
        return 0
    }
}
