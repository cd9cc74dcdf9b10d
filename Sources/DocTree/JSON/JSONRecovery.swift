/// Where reading resumes after a malformed value in a stream of JSON values
/// (the rule of ``RecordReader`` and ``JSONStreamScanner``): at the failing
/// token when it begins a line and can begin a value, else after the next
/// line break, so in JSON Lines one broken line costs only itself.
enum JSONRecovery {
    /// Whether `c` can be the first byte of a JSON value.
    static func beginsValue(_ c: UInt8) -> Bool { "{[\"-0123456789tfn".utf8.contains(c) }

    /// Whether only spaces and tabs stand between the line break before `i`
    /// and `i` in `bytes`, looking back no further than `lower`; `nil` when
    /// `lower` comes first (the caller knows what lies before it).
    static func beginsLine<Bytes: RandomAccessCollection<UInt8>>(_ i: Int, in bytes: Bytes, after lower: Int) -> Bool?
    where Bytes.Index == Int {
        var j = i
        while j > lower {
            let c = bytes[j - 1]
            if c == 0x0A || c == 0x0D { return true }
            guard c == 0x20 || c == 0x09 else { return false }
            j -= 1
        }
        return nil
    }
}
