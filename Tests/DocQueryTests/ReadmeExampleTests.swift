import Foundation
import Testing
import DocQuery
import TestSupport

/// The Swift example at the top of README.md, line for line, on the shipped documents.
@Suite struct ReadmeExampleTests {
    static let documents = SharedData.packageRoot.appendingPathComponent("Examples/documents")

    @Test func readmeExampleGivesWhatItsCommentsSay() throws {
        let doc = try Document(contentsOf: Self.documents.appendingPathComponent("rsp.xml"))
        #expect(doc.auth.user.username.string == "bob")
        #expect(try doc.query("auth.token._string").string == "6410bde19b6dfb474fec71f186bc715831ea6842")

        let lists = try Document(contentsOf: Self.documents.appendingPathComponent("lists.xml"))
        #expect(lists["lists._contents.name"].strings == ["Inbox", "High Priority", "Personal"])
        #expect(lists["lists.list[?smart == 1].name"].string == "High Priority")
    }
}
