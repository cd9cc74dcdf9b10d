import DocQuery
import DocTree
import Foundation
import Testing
import TestSupport

/// A set to the value already there writes the input's bytes: an empty
/// element, CDATA, references, entities, line ends, held whole and
/// streamed at any chunk size.
@Suite struct XMLNoOpSetTests {
    static let document = """
        <!DOCTYPE r [<!ENTITY co "Acme &#38;#38; Co">]>
        <r a="x&#9;y
        z" b='&lt;&amp;&#34;' p="plain">
          <x/>
          <y></y>
          <c><![CDATA[a<b]]></c>
          <g>1 &gt; 0 &amp; &#65;</g>
          <e>&co;</e>
          <m>a<![CDATA[b]]>c&lt;</m>
          <d>old</d>
        </r>

        """

    func outputs(_ edits: [Edit], text: String = document) throws -> [String] {
        var outputs = [String(decoding: try DocumentEditor(string: text).applying(edits).bytes, as: UTF8.self)]
        for slice in [nil, 1, 2, 5] {
            var out: [UInt8] = []
            _ = try XMLStreamedEdit(edits).run(ChunkedInput(bytes: Array(text.utf8), sliceSize: slice)) { out.append(contentsOf: $0) }
            outputs.append(String(decoding: out, as: UTF8.self))
        }
        return outputs
    }

    @Test(arguments: [("a", "x\ty z"), ("b", "<&\""), ("p", "plain"), ("x", ""), ("y", ""), ("c", "a<b"), ("g", "1 > 0 & A"), ("e", "Acme & Co"), ("m", "abc<"), ("d", "old")])
    func aSetToTheValueThereKeepsTheBytes(path: String, value: String) throws {
        for (run, output) in try outputs([.set(path, to: EditValue(value))]).enumerated() {
            #expect(output == Self.document, "\(path), run \(run) (0: held whole, then slices nil, 1, 2, 5)")
        }
    }

    @Test func aSetToAnotherValueStillWritesIt() throws {
        for (path, value, written) in [
            ("c", "a<c", "<c>a&lt;c</c>"), ("c", "a<", "<c>a&lt;</c>"), ("c", "a<bc", "<c>a&lt;bc</c>"), ("x", "1", "<x>1</x>"),
            ("d", "", "<d></d>"), ("a", "x y z", "a=\"x y z\""), ("b", "<&'", "b='&lt;&amp;&apos;'"),
        ] {
            for output in try outputs([.set(path, to: EditValue(value))]) {
                #expect(output.contains(written), "\(path) = \(value): \(output)")
            }
        }
    }
}

extension XMLNoOpSetTests {
    /// Through a filter, whose element is held and its events replayed.
    @Test func throughAFilter() throws {
        let text = "<r>\n  <i n='1'><t><![CDATA[a&b]]></t></i>\n  <i n='2'><t>c &amp; d</t></i>\n</r>\n"
        for (run, output) in try outputs([.set("i[?n == '2'].t", to: "c & d"), .set("i[?n == '1'].t", to: "a&b")], text: text).enumerated() {
            #expect(output == text, "run \(run)")
        }
        #expect(try outputs([.set("i[?n == '2'].t", to: "c & e")], text: text).allSatisfy { $0.contains("<t>c &amp; e</t>") })
    }
}
