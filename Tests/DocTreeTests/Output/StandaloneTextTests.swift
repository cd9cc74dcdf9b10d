import Foundation
import Testing
import DocTree

/// docq prints an XML element as its text by the JSON writer's own rule:
/// `JSONWriter.standaloneText(of:)` is the string the writer writes for the
/// element, or the `"_string"` it writes beside the element's attributes.
@Suite struct StandaloneTextTests {
    static let documents = [
        #"<r><a>x</a><b/><c id="1">189.97</c><d id="2"/><e id="3">  </e><f><g>1</g>t</f><h>  </h></r>"#,
        #"<r><p currency="USD">  12 </p><q><![CDATA[<x>]]></q><s a="1"><![CDATA[y]]></s><t>a<!--c-->b</t></r>"#,
        "<r>\n  <list id=\"1\">\n    <name>Inbox</name>\n  </list>\n  <empty></empty>\n</r>",
    ]

    @Test(arguments: documents)
    func agreesWithTheWriter(_ text: String) throws {
        let document = try Document(string: text, options: LoadOptions(format: .xml))
        var pending = [document.root]
        var checked = 0
        while let element = pending.popLast() {
            pending += element.contents.filter { $0.kind == .element }
            let written = try JSONSerialization.jsonObject(with: Data(element.jsonString().utf8), options: [.fragmentsAllowed])
            let expected: String?
            if let string = written as? String {
                expected = string
            } else if let object = written as? [String: Any], element.contents.isEmpty {
                expected = object["_string"] as? String
            } else {
                expected = nil
            }
            #expect(JSONWriter.standaloneText(of: element) == expected, "\(element.jsonString())")
            checked += 1
        }
        #expect(checked > 2)
    }

    @Test func pinnedCases() throws {
        let document = try Document(string: #"<r><c id="1">189.97</c><d id="2"/><e id="3"> </e><b/></r>"#,
                                    options: LoadOptions(format: .xml))
        let children = Array(document.root.contents)
        #expect(children.map { JSONWriter.standaloneText(of: $0) } == ["189.97", nil, nil, ""])
        #expect(JSONWriter.standaloneText(of: document.root) == nil)
        #expect(JSONWriter.standaloneText(of: children[0].attributes.first!) == nil)
    }
}
