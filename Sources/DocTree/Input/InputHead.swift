/// The first bytes of an input and what they say about it: a UTF-8 byte
/// order mark, the format, and a UTF-16 or UTF-32 form. The one look every
/// reader and editor takes at an input's start (whole, in chunks, streamed,
/// edited, and docq's), so they never judge the same bytes differently.
package struct InputHead {
    /// The bytes read so far: at least four, unless the input is shorter.
    package var bytes: [UInt8]
    /// The length of the UTF-8 byte order mark `bytes` start with: 3 or 0.
    package let byteOrderMark: Int
    /// `LoadOptions.format` when it names one; else what the first byte
    /// after the mark that is not white space shows (see
    /// ``sniffedFormat(_:)``); `nil` when the bytes so far hold only white
    /// space.
    package let format: DocumentFormat?
    /// The UTF-16 or UTF-32 form the bytes show (a byte order mark, or zero
    /// bytes around the first character), for readers of UTF-8 only to
    /// refuse by name; `nil` for any other input.
    package let wideUnicode: CharacterEncoding.Scheme?

    /// What `bytes`, the start of an input, say; `format` is
    /// `LoadOptions.format`, which wins over sniffing.
    package init(_ bytes: [UInt8], format: DocumentFormat? = nil) {
        self.bytes = bytes
        byteOrderMark = Self.byteOrderMarkLength(bytes)
        self.format = format ?? Self.sniffedFormat(bytes[byteOrderMark...])
        wideUnicode = EncodingDetection.wideUnicode(bytes)
    }

    /// Reads the first bytes of `input` (at least four, at most `limit` a
    /// read) and says what they show.
    package static func read(_ input: ChunkedInput, limit: Int, format: DocumentFormat? = nil) throws(LoadError) -> InputHead {
        var bytes: [UInt8] = []
        while bytes.count < 4, try input.read(into: &bytes, limit: limit) > 0 {}
        return InputHead(bytes, format: format)
    }

    /// The format the start of an input shows: XML when its first byte
    /// that is not white space is `<`, JSON for any other, `nil` when it
    /// holds only white space (so far). The one sniffing rule of every
    /// loader.
    package static func sniffedFormat(_ head: some Sequence<UInt8>) -> DocumentFormat? {
        head.first { !XMLWhitespace.contains($0) }.map { $0 == UInt8(ascii: "<") ? .xml : .json }
    }

    /// `EF BB BF`, UTF-8's byte order mark.
    package static let byteOrderMarkUTF8: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// 3 when `bytes` start with UTF-8's byte order mark, else 0.
    package static func byteOrderMarkLength(_ bytes: some Collection<UInt8>) -> Int {
        bytes.starts(with: byteOrderMarkUTF8) ? byteOrderMarkUTF8.count : 0
    }
}
