import DocTree
import Foundation
import Testing
import TestSupport
@testable import docq

/// The explorer's doc comment snippet, run on the example it describes.
@Suite struct ExplorerSnippetTests {
    @Test func theDocCommentSnippetRuns() throws {
        let doc = try Document(contentsOf: URL(fileURLWithPath: Docq.example("lists.xml")))
        // snippet: doc-explorer-session
        var session = ExplorerSession(document: doc)
        _ = session.handle("cd lists")       // prompt is now "rsp.lists> "
        let listing = session.handle("ls")   // list  element  3
        // end snippet
        #expect(session.prompt == "rsp.lists> ")
        #expect(listing.output == ["list  element  3"])
    }
}
