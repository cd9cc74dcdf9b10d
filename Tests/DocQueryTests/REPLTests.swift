import DocQuery
import Foundation
import TestSupport
import Testing

/// Drives the Swift REPL in tmux over this build of DocQuery
/// (scripts/repl-tmux.sh): `import DocQuery`, load a sample document,
/// evaluate it, and check that the REPL shows summaries, never storage, and
/// that `:po` and `print` show the content. Skipped, with the reason, where
/// the REPL cannot start (no tmux, no libpython for lldb).
@Suite("The Swift REPL")
struct REPLTests {
    @Test("the REPL shows DocQuery's values, not their storage")
    func session() throws {
        // The build this test runs from: its test binary's folder.
        let build = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let (status, output) = try ScriptRun.run("repl-tmux.sh", environment: ["BUILD_DIR": build.path])
        if status == 77 { try Test.cancel(Comment(rawValue: output.trimmingCharacters(in: .whitespacesAndNewlines))) }
        #expect(status == 0, "\(output)")
        #expect(output.contains("REPL checks passed"), "\(output)")
    }

    /// The article's program: compiled here, run from the package root (as
    /// the article's session is), and found in the article word for word.
    @Test("the article's Swift compiles, runs and appears in the article")
    func articleSnippet() throws {
        guard FileManager.default.currentDirectoryPath == SharedData.packageRoot.path else {
            try Test.cancel("the snippet reads Examples/documents from the package root")
        }
        // snippet: repl-program
        let doc = try Document(contentsOf: URL(fileURLWithPath: "Examples/documents/tasks.json"))
        dump(doc)
        let series = doc["tasks.list.taskseries"]
        print(series)
        print(doc["tasks.list.taskseries.name"].strings)
        var editor = try DocumentEditor(contentsOf: URL(fileURLWithPath: "Examples/documents/settings.json"))
        try editor.apply(.set("editor.fontSize", to: 16))
        print(editor)
        // end snippet
        #expect(series.count == 2)
        #expect(editor.description.contains(#""fontSize": 16,"#))
        let article = try String(
            contentsOf: SharedData.packageRoot.appendingPathComponent("Sources/DocQuery/DocQuery.docc/ExploringInTheREPL.md"),
            encoding: .utf8)
        let snippets = Snippets.extract(from: try String(contentsOfFile: #filePath, encoding: .utf8))
        #expect(snippets.count == 1)
        for snippet in snippets {
            #expect(article.contains("```swift\n" + snippet.code + "\n```"), "\(snippet.name) is not in the article as written")
        }
    }
}
