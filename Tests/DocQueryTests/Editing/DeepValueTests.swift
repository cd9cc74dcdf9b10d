import DocQuery
import DocTree
import Testing

/// A value nested deep is read and written into XML and JSON without
/// recursion (`EditValue.content(of:)`, `XMLMarkup` and `JSONLayout` keep
/// lists of open containers), with memory linear in the depth. Before, each
/// level copied its whole coding path, and a debug build's stack overflowed
/// near 1,400 levels into XML and near 8,000 into pretty JSON.
@Suite struct DeepValueTests {
    @Test func aValueEightThousandLevelsDeepIsWrittenAsElements() throws {
        let depth = 8_000
        let json = String(repeating: #"{"a":"#, count: depth) + #"{"@k":"v","b":[1,{"_string":"t"}]}"# + String(repeating: "}", count: depth)
        let edited = try DocumentEditor(string: "<r><v>x</v></r>\n").applying([.set("v", to: EditValue(json: json))])
        let expected = "<r><v>" + String(repeating: "<a>", count: depth - 1) + #"<a k="v"><b>1</b><b>t</b></a>"#
            + String(repeating: "</a>", count: depth - 1) + "</v></r>\n"
        #expect(String(decoding: edited.bytes, as: UTF8.self) == expected)
    }

    /// Compact JSON writes it on one line, as given; pretty JSON
    /// indents each level on a line of its own.
    @Test func aValueEightThousandLevelsDeepIsWrittenAsJSON() throws {
        func nested(_ pairs: Int) -> String {
            String(repeating: #"{"a":["#, count: pairs) + "1" + String(repeating: "]}", count: pairs)
        }
        let json = nested(4_000)  // an object and an array a level
        let compact = try DocumentEditor(string: #"{"v":0,"w":[1, 2]}"#).applying([.set("v", to: EditValue(json: json))])
        #expect(String(decoding: compact.bytes, as: UTF8.self) == #"{"v":"# + json + #","w":[1, 2]}"#)
        let pairs = 20
        let pretty = try DocumentEditor(string: "{\n  \"v\": 0\n}\n").applying([.set("v", to: EditValue(json: nested(pairs)))])
        var expected = "{\n  \"v\": "
        for level in 0..<pairs {
            expected += "{\n" + String(repeating: "  ", count: 2 * level + 2) + "\"a\": [\n" + String(repeating: "  ", count: 2 * level + 3)
        }
        expected += "1"
        for level in (0..<pairs).reversed() {
            expected += "\n" + String(repeating: "  ", count: 2 * level + 2) + "]\n" + String(repeating: "  ", count: 2 * level + 1) + "}"
        }
        expected += "\n}\n"
        #expect(String(decoding: pretty.bytes, as: UTF8.self) == expected)
    }
}
