/// Text helpers for test failure messages, shared by the test targets so
/// that every test writes bytes alike.
public enum TestText {
    /// Bytes as upper-case hex pairs separated by spaces (`7B 22 FF`), for
    /// failure messages about binary inputs.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789ABCDEF")
        return bytes.map { String([digits[Int($0 >> 4)], digits[Int($0 & 0xF)]]) }.joined(separator: " ")
    }
}
