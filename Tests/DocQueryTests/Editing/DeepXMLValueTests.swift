import DocQuery
import DocTree
import Testing

/// A value nested deep is written into XML without recursion: its
/// elements are written from a list of open ones (memory linear in the
/// depth; before, each level copied its whole coding path, and the call
/// stack overflowed in debug builds near 1,400 levels).
@Suite struct DeepXMLValueTests {
    @Test func aValueTwoThousandLevelsDeepIsWrittenAsElements() throws {
        let depth = 2_000
        let json = String(repeating: #"{"a":"#, count: depth) + #"{"@k":"v","b":[1,{"_string":"t"}]}"# + String(repeating: "}", count: depth)
        let edited = try DocumentEditor(string: "<r><v>x</v></r>\n").applying([.set("v", to: EditValue(json: json))])
        let expected = "<r><v>" + String(repeating: "<a>", count: depth - 1) + #"<a k="v"><b>1</b><b>t</b></a>"#
            + String(repeating: "</a>", count: depth - 1) + "</v></r>\n"
        #expect(String(decoding: edited.bytes, as: UTF8.self) == expected)
    }
}
