import Testing
import DocTree

@Suite struct PreviewTests {
    @Test func jsonPreviews() throws {
        let doc = try Document(string: #"[{"_id":1.0,"상영관명":"MMC 만경관 1관","위도":35.8709275,"a":1,"b":2}]"#,
                               options: LoadOptions(format: .json))
        #expect(doc.root.description == "array [{…}] (1 element)")
        let object = try #require(doc.root.children.first)
        #expect(object.description == "object {_id, 상영관명, 위도, a, … +1}")
        let name = try #require(object.children(named: "상영관명").first)
        #expect(name.description == "\"MMC 만경관 1관\"")
        #expect(name.debugDescription == "Node #4 (string, depth 2): \"MMC 만경관 1관\"")
        #expect(doc.description == "Document(json, 8 nodes): array [{…}] (1 element)")
    }

    @Test func xmlPreviews() throws {
        let doc = try Document(string: #"<rsp stat="ok"><auth><token>6410bde19b6dfb474fec71f186bc715831ea6842</token><user id="987654321" username="bob" fullname="Bob T. Monkey"/></auth></rsp>"#,
                               options: LoadOptions(format: .xml))
        #expect(doc.root.description == #"<rsp stat="ok"> {auth}"#)
        let auth = try #require(doc.root.children(named: "auth").first)
        let token = try #require(auth.children(named: "token").first)
        #expect(token.description == "<token> \"6410bde19b6dfb474fec71f186bc715831ea6842\"")
        let user = try #require(auth.children(named: "user").first)
        #expect(user.description == #"<user id="987654321" username="bob" fullname="Bob T. Monkey">"#)
        #expect(user.attribute(named: "username")?.description == #"@username="bob""#)
    }

    @Test func mirrorShowsKindNameAndChildren() throws {
        let doc = try Document(string: #"{"a":1,"b":"x"}"#, options: LoadOptions(format: .json))
        let labels = Mirror(reflecting: doc.root).children.compactMap(\.label)
        #expect(labels == ["kind", "a", "b"])
        let leaf = try #require(doc.root.children.first)
        let leafMirror = Mirror(reflecting: leaf).children.map { "\($0.label ?? ""): \($0.value)" }
        #expect(leafMirror == ["kind: number", "name: a", "value: 1"])
    }
}
