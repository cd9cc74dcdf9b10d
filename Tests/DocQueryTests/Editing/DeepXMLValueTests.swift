import DocQuery
import DocTree
import Testing

/// A value nested deep is read and written into XML without recursion
/// (`EditValue.content(of:)` and `XMLMarkup` keep lists of open
/// containers), with memory linear in the depth. Before, each level copied
/// its whole coding path, and a debug build's stack overflowed near 1,400
/// levels.
@Suite struct DeepXMLValueTests {
    @Test func aValueEightThousandLevelsDeepIsWrittenAsElements() throws {
        let depth = 8_000
        let json = String(repeating: #"{"a":"#, count: depth) + #"{"@k":"v","b":[1,{"_string":"t"}]}"# + String(repeating: "}", count: depth)
        let edited = try DocumentEditor(string: "<r><v>x</v></r>\n").applying([.set("v", to: EditValue(json: json))])
        let expected = "<r><v>" + String(repeating: "<a>", count: depth - 1) + #"<a k="v"><b>1</b><b>t</b></a>"#
            + String(repeating: "</a>", count: depth - 1) + "</v></r>\n"
        #expect(String(decoding: edited.bytes, as: UTF8.self) == expected)
    }
}
