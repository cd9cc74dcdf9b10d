import DocQuery
import Foundation
import TestSupport
import Testing

/// The snippets of the "Building documents" article, compiled and run here,
/// and checked to appear in it word for word, with the output it shows.
@Suite struct BuildingDocumentsArticleTests {
    static let article = SharedData.packageRoot.appendingPathComponent("Sources/DocQuery/DocQuery.docc/BuildingDocuments.md")

    // snippet: building-model
    struct Todo: Codable, Equatable {
        var id: Int
        var title: String
        var completed: Bool
        var tags: [String]
    }
    // end snippet

    @Test func json() throws {
        // snippet: building-json
        let todo = Todo(id: 7, title: "Write docs", completed: false, tags: ["docs"])
        let body = try DocumentEncoder().encode(todo, as: .json)
        // {"id":7,"title":"Write docs","completed":false,"tags":["docs"]}
        // end snippet
        #expect(String(decoding: body, as: UTF8.self) == #"{"id":7,"title":"Write docs","completed":false,"tags":["docs"]}"#)
    }

    @Test func xml() throws {
        let todo = Todo(id: 7, title: "Write docs", completed: false, tags: ["docs"])
        // snippet: building-xml
        var encoder = DocumentEncoder()
        encoder.rootElementName = "todo"
        encoder.attributeStrategy = .keys(["id"])
        encoder.formatting = .indented(by: "  ")
        let xml = try encoder.encode(todo, as: .xml)
        let back = try Document(data: Data(xml)).decode(Todo.self)   // == todo
        // end snippet
        #expect(back == todo)
        let shown = """
            <?xml version="1.0" encoding="UTF-8"?>
            <todo id="7">
              <title>Write docs</title>
              <completed>false</completed>
              <tags>docs</tags>
            </todo>

            """
        #expect(String(decoding: xml, as: UTF8.self) == shown)
        let article = try String(contentsOf: Self.article, encoding: .utf8)
        #expect(article.contains("```xml\n" + shown + "```"))
    }

    @Test func literals() throws {
        // snippet: building-literals
        let pom = try Document(["@version": "1.0", "name": "docq", "module": ["DocTree", "DocQuery"]], as: .xml)
        let modules = pom["module"].strings   // ["DocTree", "DocQuery"]
        // end snippet
        #expect(modules == ["DocTree", "DocQuery"])
        #expect(pom["version"].string == "1.0")
        #expect(pom.root.attributes.count == 1)
    }

    @Test func editing() throws {
        let todo = Todo(id: 7, title: "Write docs", completed: false, tags: ["docs"])
        // snippet: building-editor
        var post = try DocumentEditor(encoding: todo, as: .json)
        try post.apply(.set("completed", to: true))
        let body = post.data   // {"id":7,"title":"Write docs","completed":true,"tags":["docs"]}
        // end snippet
        #expect(String(decoding: body, as: UTF8.self) == #"{"id":7,"title":"Write docs","completed":true,"tags":["docs"]}"#)
    }

    @Test func intoXML() throws {
        let todo = Todo(id: 8, title: "Review", completed: true, tags: [])
        var editor = try DocumentEditor(string: "<todos>\n  <todo id=\"7\">\n    <title>Write docs</title>\n  </todo>\n</todos>\n")
        // snippet: building-into-xml
        let encoder = DocumentEncoder(attributeStrategy: .keys(["id"]))
        try editor.apply(.insert(EditValue(encoding: todo, using: encoder), after: "todo", key: "todo"))
        // end snippet
        #expect(String(decoding: editor.bytes, as: UTF8.self) == """
            <todos>
              <todo id="7">
                <title>Write docs</title>
              </todo>
              <todo id="8">
                <title>Review</title>
                <completed>true</completed>
              </todo>
            </todos>

            """)
        #expect(try editor.document.decode(Todo.self, at: "todo[1]") == todo)
    }

    @Test func snippetsAppearInTheArticle() throws {
        let snippets = Snippets.extract(from: try String(contentsOfFile: #filePath, encoding: .utf8))
        #expect(snippets.count == 6)
        let article = try String(contentsOf: Self.article, encoding: .utf8)
        for (name, code) in snippets {
            #expect(article.contains(code), "snippet '\(name)' is not in BuildingDocuments.md:\n\(code)")
        }
    }
}
