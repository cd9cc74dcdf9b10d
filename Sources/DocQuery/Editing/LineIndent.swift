/// The white space that begins a line: the one rule by which the editors,
/// whole or streamed, JSON or XML, lay new content out like its neighbours.
/// A line begins at the start of the text or after a CR or LF; its
/// indentation is the spaces and tabs that follow.
enum LineIndent {
    /// Where the line holding `offset` begins in `text`, scanning back.
    static func lineStart<Text: RandomAccessCollection<UInt8>>(
        before offset: Int, in text: Text
    ) -> Int where Text.Index == Int {
        var start = offset
        while start > text.startIndex, text[start - 1] != 0x0A, text[start - 1] != 0x0D { start -= 1 }
        return start
    }

    /// The indentation of the line that begins at `lineStart`, up to `offset` at most.
    static func indent<Text: RandomAccessCollection<UInt8>>(
        from lineStart: Int, upTo offset: Int, in text: Text
    ) -> Range<Int> where Text.Index == Int {
        var end = lineStart
        while end < offset, text[end] == 0x20 || text[end] == 0x09 { end += 1 }
        return lineStart..<end
    }
}
