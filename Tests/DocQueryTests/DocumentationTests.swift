import DocQuery
import Foundation
import TestSupport
import Testing

/// Runs every example of docs/PathLanguage.md, the one source of the
/// path-language page (the DocC "Path syntax" article is generated from it).
@Suite struct DocumentationTests {
    static let pageURLs: [URL] = [
        SharedData.packageRoot.appendingPathComponent("docs/PathLanguage.md")
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
    /// The DocC article is what scripts/generate-path-syntax makes of
    /// docs/PathLanguage.md, not a second copy edited by hand.
    @Test func articleIsGeneratedFromThePage() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", SharedData.packageRoot.appendingPathComponent("scripts/generate-path-syntax").path, "--check"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(message)")
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
        var rows: [String] = []
        for list in lists.lists.list { rows.append("\(list["id"].int ?? 0) \(list.name.string ?? "")") }
        #expect(rows.first == "100653 Inbox")
        #expect(try lists.query("lists.list[?name == $name].id", ["name": "Bob's list"]).isEmpty)
        #expect(try lists.query("lists.list[?name == $name].id", ["name": "Personal"]).int == 100654)
    }
}
