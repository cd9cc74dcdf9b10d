import DocQuery
import Foundation
import Testing

/// docq prints the library's own text for errors and empty results: a
/// `QueryError`'s `localizedDescription` is what docq writes to standard
/// error; for a `LoadError` docq writes `error: ` and the description,
/// which `Document(contentsOf:)` starts with the file's path: the same
/// excerpt, with the same caret line.
@Suite("docq prints the library's error text")
struct LibraryTextTests {
    @Test("a malformed document: error: then LoadError's description, file, excerpt and caret")
    func loadError() throws {
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases = [("broken.json", "{\n  \"상영관명\": [1, 2,]\n}\n"), ("broken.xml", "<a>\n<b></c>\n</a>\n")]
        for (name, text) in cases {
            let file = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: file)
            let error = #expect(throws: LoadError.self) { try Document(contentsOf: file) }
            let run = try Docq.run(["a", file.path])
            #expect(run.status == 4)
            let description = error?.localizedDescription ?? ""
            let lines = description.split(separator: "\n").map(String.init)
            #expect(lines.count == 3 && lines[0].hasPrefix(file.path + ":2:") && lines[2].hasSuffix("^"), "\(lines)")
            #expect(run.stderr == "error: " + description + "\n", "\(run)")
        }
    }

    @Test("a malformed path: QueryError's description", arguments: ["lists.@cuont", "상영관명.@bogus", "a[?b == ]"])
    func queryError(_ path: String) throws {
        let error = #expect(throws: QueryError.self) { try PathQuery(path) }
        let run = try Docq.run([path, "Examples/documents/lists.xml"])
        #expect(run.status == 3)
        #expect(run.stderr == (error?.localizedDescription ?? "") + "\n", "\(run)")
    }

    @Test("no match: the explanation's lines under docq's heading")
    func explanation() throws {
        let document = try Document(contentsOf: URL(fileURLWithPath: Docq.example("rsp.xml")))
        let explanation = try #require(document["auth.usr.username"].explanation)
        let run = try Docq.run(["auth.usr.username", "Examples/documents/rsp.xml"])
        #expect(run.status == 1)
        let body = explanation.description.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        let printed = run.stderr.split(separator: "\n").dropFirst()
        // The same lines, docq indenting the sentences by two spaces as it indents the path.
        #expect(printed.map { $0.trimmingCharacters(in: .whitespaces) } == body.map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(printed.first == body.first)
    }
}
