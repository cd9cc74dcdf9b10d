import DocQuery
import DocTree
import Foundation
import Testing

/// Arrays, keyed values and `Encodable`s set or inserted into XML: written
/// by the same mapping as ``DocumentEncoder`` builds documents with, laid
/// out like their neighbours, and read back by ``NodeDecoder`` as the value.
@Suite struct XMLStructuredEditTests {
    static let pom = """
        <?xml version="1.0" encoding="UTF-8"?>
        <project>
            <!-- keep -->
            <version>1.0</version>
            <plugin id="old">
                <skip>true</skip>
            </plugin>
            <dependencies/>
        </project>

        """

    func edited(_ text: String, _ edits: [Edit]) throws -> String {
        try BothWays.edited(text, edits)
    }

    func failure(_ text: String, _ edits: [Edit]) -> QueryError? {
        BothWays.failure(text, edits)
    }

    @Test func setElementToKeyedValueFollowsTheIndentation() throws {
        let out = try edited(Self.pom, [.set("plugin", to: ["@id": "javac", "configuration": ["source": 17, "flags": ["-g", "-O"]]])])
        #expect(out == Self.pom.replacingOccurrences(of: """
            <plugin id="old">
                    <skip>true</skip>
                </plugin>
            """, with: """
            <plugin id="javac">
                    <configuration>
                        <source>17</source>
                        <flags>-g</flags>
                        <flags>-O</flags>
                    </configuration>
                </plugin>
            """))
    }

    @Test func setElementToArrayRepeatsIt() throws {
        #expect(try edited("<r><a>1</a><b/></r>", [.set("a", to: ["x", "y"])]) == "<r><a>x</a><a>y</a><b/></r>")
        #expect(try edited(Self.pom, [.set("version", to: [1, 2])])
            == Self.pom.replacingOccurrences(of: "<version>1.0</version>", with: "<version>1</version>\n    <version>2</version>"))
    }

    @Test func insertKeyedValuesAndArrays() throws {
        let out = try edited(Self.pom, [
            .insert(["groupId": "g", "artifactId": "a"], into: "dependencies", key: "dependency"),
            .insert(["x", "y"], after: "version", key: "tag"),
        ])
        #expect(out == Self.pom
            .replacingOccurrences(of: "<version>1.0</version>", with: "<version>1.0</version>\n    <tag>x</tag>\n    <tag>y</tag>")
            .replacingOccurrences(of: "<dependencies/>", with: """
                <dependencies>
                        <dependency>
                            <groupId>g</groupId>
                            <artifactId>a</artifactId>
                        </dependency>
                    </dependencies>
                """))
        #expect(try edited("<r><a>t</a></r>", [.insert(["b": 1], into: "a", key: "c")]) == "<r><a>t<c><b>1</b></c></a></r>")
    }

    @Test func namespaceDeclarationsOfAReplacedElementStay() throws {
        let text = #"<r xmlns:s="urn:s"><s:a xmlns:t="urn:t" x="1"><t:b/></s:a></r>"#
        let out = try edited(text, [.set("a", to: ["y": 2, "@t:z": "3"])])
        #expect(out == #"<r xmlns:s="urn:s"><s:a xmlns:t="urn:t" t:z="3"><y>2</y></s:a></r>"#)
    }

    /// One rule: what the editor writes for an `Encodable` is what the
    /// encoder writes, and the decoder reads it back.
    @Test func encodableValuesUseTheEncodersMapping() throws {
        struct Dependency: Codable, Equatable {
            var groupId: String
            var version: String
            var scope: String?
            var exclusions: [String]
        }
        let dependency = Dependency(groupId: "org.x & y", version: "1.2", scope: nil, exclusions: ["a", "b"])
        var encoder = DocumentEncoder(attributeStrategy: .keys(["version"]))
        encoder.rootElementName = "dependency"
        encoder.writesXMLDeclaration = false
        let value = try EditValue(encoding: dependency, using: encoder)
        let out = try edited("<project><dependencies/></project>", [.insert(value, into: "dependencies", key: "dependency")])
        let built = String(decoding: try encoder.encode(dependency, as: .xml), as: UTF8.self)
        #expect(out == "<project><dependencies>" + built + "</dependencies></project>")
        #expect(built == #"<dependency version="1.2"><groupId>org.x &amp; y</groupId><exclusions>a</exclusions><exclusions>b</exclusions></dependency>"#)
        let doc = try Document(string: out)
        #expect(try doc.decode(Dependency.self, at: "dependencies.dependency") == dependency)
        // Set over an element, the same.
        let set = try edited("<project><dependency><old/></dependency></project>", [.set("dependency", to: value)])
        #expect(try Document(string: set).decode(Dependency.self, at: "dependency") == dependency)
    }

    @Test func textThatWouldCloseCDATAIsEscaped() throws {
        let out = try edited("<r><a>x</a></r>", [.set("a", to: "1 ]]> 2")])
        #expect(out == "<r><a>1 ]]&gt; 2</a></r>")
        #expect(try Document(string: out)["a"].string == "1 ]]> 2")
    }

    @Test func refusals() throws {
        func message(_ text: String, _ edit: Edit) -> String? {
            let error = failure(text, [edit])
            #expect(error?.kind == .invalidEdit)
            return error?.message
        }
        #expect(message("<r><a/></r>", .insert(["b": 1], into: "a"))?.contains("give the insert a key") == true)
        #expect(message("<r><a/></r>", .insert(["b": 1], into: "a", key: "@x"))?.contains("an attribute holds text") == true)
        #expect(message("<r a='1'/>", .set("a", to: ["b": 1]))?.contains("hold text, not an array or a keyed value") == true)
        #expect(message("<r><a/></r>", .set(".", to: [1, 2]))?.contains("the root element cannot become several elements") == true)
        #expect(message("<r><a/></r>", .set("a", to: []))?.contains("remove the element instead") == true)
        #expect(message("<r><a/></r>", .set("a", to: ["b c": 1]))?.contains("'b c' is not an XML name") == true)
        #expect(message("<r><a/></r>", .set("a", to: ["b": [[1]]]))?.contains("b[0]: XML has no arrays of arrays") == true)
        #expect(message("<r><a/></r>", .set("a", to: "x\u{0}y"))?.contains("U+0 is not a character XML 1.0 can hold") == true)
        #expect(message("<r><a/></r>", .insert("1", into: "a", key: "x:y:z"))?.contains("'x:y:z' is not an XML name") == true)
    }
}
