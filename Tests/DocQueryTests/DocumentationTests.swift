import DocQuery
import Foundation
import TestSupport
import Testing

/// Runs every example of docs/PathLanguage.md and of the DocC "Path syntax"
/// article.
@Suite struct DocumentationTests {
    static let pageURLs: [URL] = [
        SharedData.packageRoot.appendingPathComponent("docs/PathLanguage.md"),
        SharedData.packageRoot.appendingPathComponent("Sources/DocQuery/DocQuery.docc/PathSyntax.md"),
    ]

    static let pages: [ExamplePage] = pageURLs.compactMap { try? ExamplePage(url: $0) }
    static let rows = pages.flatMap(\.rows)
    static let canonicalRows = pages.flatMap { page in page.canonicalRows.map { (page, $0) } }

    @Test func pagesHaveExamples() throws {
        #expect(Self.pages.count == Self.pageURLs.count, "a page could not be read: \(Self.pageURLs.map(\.path))")
        for page in Self.pages {
            #expect(page.rows.count >= 100)
        }
    }

    @Test(arguments: rows)
    func example(_ row: ExamplePage.Row) throws {
        let page = try #require(Self.pages.first { $0.rows.contains { $0.line == row.line && $0.page == row.page } })
        let doc = try page.document(row.document)
        switch row.expected {
        case .rendering(let expected):
            let result = try doc.query(row.path)
            #expect(Rendering.render(result) == expected)
        case .error(let message):
            do {
                let result = try doc.query(row.path)
                Issue.record("expected the error '\(message)', got \(Rendering.render(result))")
            } catch {
                #expect(error.message == message)
            }
        }
    }

    @Test func canonicalPathTable() throws {
        let page = try #require(Self.pages.first)
        #expect(page.canonicalRows.count >= 5)
        for row in page.canonicalRows {
            let doc = try page.document(row.document)
            let result = try doc.query(row.path)
            #expect(result.count == 1, "line \(row.line)")
            #expect(result.paths == [row.path], "line \(row.line)")
        }
    }

    @Test func blocks() throws {
        let page = try #require(Self.pages.first)
        #expect(page.blocks.count >= 2)
        for block in page.blocks {
            if block.text.hasPrefix("no match for '") {
                let path = String(block.text.dropFirst("no match for '".count).prefix { $0 != "'" })
                let doc = try page.document(try #require(block.document))
                let explanation = try #require(try doc.query(path).explanation)
                #expect(explanation.description == block.text, "line \(block.line)")
            } else {
                let path = block.text.split(separator: "\n")[1].trimmingCharacters(in: .whitespaces)
                do {
                    _ = try PathQuery(path)
                    Issue.record("expected \(path) not to compile (line \(block.line))")
                } catch {
                    #expect(error.description == block.text, "line \(block.line)")
                }
            }
        }
    }
}

extension DocumentationTests {
    /// The DocC article and docs/PathLanguage.md show the same examples.
    @Test func pagesAgree() throws {
        #expect(Self.pages.count == 2)
        guard Self.pages.count == 2 else { return }
        let a = Self.pages[0].rows.map { "\($0.document) \($0.path) \($0.expected)" }
        let b = Self.pages[1].rows.map { "\($0.document) \($0.path) \($0.expected)" }
        #expect(a == b)
        #expect(Self.pages[0].documents.mapValues(\.text) == Self.pages[1].documents.mapValues(\.text))
    }
}

extension DocumentationTests {
    /// The "From Swift" example of docs/PathLanguage.md, line by line.
    @Test func fromSwiftExample() throws {
        let page = try #require(Self.pages.first)
        let authXML = try #require(page.documents["auth"]?.text)
        let listsXML = try #require(page.documents["lists"]?.text)
        let auth = try Document(string: authXML)
        let lists = try Document(string: listsXML)
        #expect(auth.auth.user.username.string == "bob")
        #expect(lists.lists.list.name.strings == ["Inbox", "High Priority", "Personal"])
        #expect(lists["lists.list[?smart == 1].name"].string == "High Priority")
        #expect(try lists.query("lists._contents.@count").int == 3)
        let names = try PathQuery("lists.list.name")
        let printed = try names.evaluate(on: lists).map { "\($0.path) \($0.string ?? "")" }
        #expect(printed.first == "lists.list[0].name Inbox")
        #expect(auth.value(forKeyPath: "auth.user.username") as? String == "bob")
    }
}
