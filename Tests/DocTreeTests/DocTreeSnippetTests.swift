import DocQueryNetworking
import DocTree
import Foundation
import TestSupport
import Testing

/// The Swift snippets of DocTree's doc comments and DocC articles (and of
/// DocQueryNetworking's), compiled and run here (see ``Snippets`` for the
/// conventions; DocQueryTests checks that no documented block is missing).
@Suite struct DocTreeSnippetTests {
    static let rsp = #"<rsp stat="ok"><auth><user id="987654321" username="bob"/></auth></rsp>"#

    /// Captures what a snippet prints.
    final class Printed {
        var lines: [String] = []
        func print(_ items: Any...) { lines.append(items.map { "\($0)" }.joined(separator: " ")) }
    }

    @Test func loadErrors() throws {
        let out = Printed()
        func print(_ items: Any...) { out.lines.append(items.map { "\($0)" }.joined(separator: " ")) }
        // snippet: doc-load-error
        do {
            _ = try Document(string: "[1, 2,]", options: LoadOptions(format: .json))
        } catch {
            print(error)
            // 1:7: expected a value, found ']'
            //    1 | [1, 2,]
            //      |       ^
            print(error.kind)     // invalidSyntax
        }
        // end snippet
        #expect(out.lines.first?.hasPrefix("1:7: expected a value, found ']'") == true, "\(out.lines)")
        #expect(out.lines.last == "invalidSyntax")

        let page = Data("<a>".utf8)
        func use(_: Document) {}
        // snippet: doc-load-error-location
        do {
            let doc = try Document(data: page)
            use(doc)
        } catch {
            print(error.location.map { "line \($0.line), column \($0.column)" } ?? "", error.message)
        }
        // end snippet
        #expect(out.lines.last?.hasPrefix("line 1, column ") == true, "\(out.lines)")
    }

    @Test func documentsAndNodes() throws {
        try {
            let doc = try Document(string: Self.rsp)
            // snippet: doc-node
            let user = doc.root.children(named: "auth").first?.children(named: "user").first
            let username = user?.attribute(named: "username")?.string   // "bob"
            // end snippet
            #expect(username == "bob")
        }()
        try {
            let node = try Document(string: #"{"n": 12345678901234567890}"#).root.children(named: "n").first!
            let error = #expect(throws: LoadError.self) {
                // snippet: doc-number-as
                let count = try node.number(as: Int.self)
                // LoadError: 1:9: 12345678901234567890 does not fit in Int
                // end snippet
                _ = count
            }
            #expect(error?.message.contains("12345678901234567890 does not fit in Int") == true, "\(String(describing: error))")
        }()
    }

    @Test func skippedEntitiesAndContentTypes() throws {
        // snippet: doc-skipped-entity
        let doc = try Document(string: """
            <!DOCTYPE d [<!ENTITY chapter SYSTEM "chapter.xml">]>
            <d>&chapter;</d>
            """)
        let name = doc.skippedEntities.first?.name           // "chapter"
        let line = doc.skippedEntities.first?.location.line  // 2
        // end snippet
        #expect(name == "chapter" && line == 2)
        // snippet: doc-content-type
        let type = ContentType("application/json; charset=EUC-KR")
        let format = type?.format     // .json
        let charset = type?.charset   // "EUC-KR"
        // end snippet
        #expect(format == .json && charset == "EUC-KR")
    }

    @Test func loadOptions() throws {
        let body = Data([0x7B, 0x22, 0x6E, 0x22, 0x3A, 0x22, 0xB0, 0xA1, 0x22, 0x7D])   // {"n":"가"} in EUC-KR
        // snippet: doc-load-options
        var options = LoadOptions()
        options.encoding = "EUC-KR"     // a legacy JSON API
        let doc = try Document(data: body, options: options)
        // end snippet
        #expect(doc.root.children(named: "n").first?.string == "가")
        try {
            // snippet: doc-load-encoding
            let doc = try Document(data: body, options: LoadOptions(encoding: "EUC-KR"))
            // end snippet
            #expect(doc.root.children(named: "n").first?.string == "가")
        }()
        final class Bar: @unchecked Sendable {
            private let lock = NSLock()
            private var last = 0
            func update(_ bytes: Int) { lock.withLock { last = bytes } }
            var seen: Int { lock.withLock { last } }
        }
        let bar = Bar()
        let configured = {
            // snippet: doc-load-progress
            var options = LoadOptions()
            options.progress = LoadProgress { bytes in bar.update(bytes) }
            // end snippet
            return options
        }()
        configured.progress?.report(42)
        #expect(bar.seen == 42)
    }

    @Test func gettingStarted() throws {
        let out = Printed()
        func print(_ items: Any...) { out.print(items.map { "\($0)" }.joined(separator: " ")) }
        // snippet: doctree-overview
        let doc = try Document(string: """
            <rsp stat="ok"><auth><user id="987654321" username="bob"/></auth></rsp>
            """)
        let user = doc.root.children(named: "auth").first?.children(named: "user").first
        print(user?.attribute(named: "username")?.string ?? "")   // bob
        print(doc.jsonString())   // {"stat":"ok","auth":{"user":{"id":"987654321","username":"bob"}}}
        // end snippet
        #expect(out.lines == ["bob", #"{"stat":"ok","auth":{"user":{"id":"987654321","username":"bob"}}}"#])
        out.lines = []
        try {
            // snippet: doctree-getting-started
            let doc = try Document(string: """
                <rsp stat="ok"><auth><user id="987654321" username="bob"/></auth></rsp>
                """)
            let user = doc.root.children(named: "auth").first?.children(named: "user").first
            print(user?.attribute(named: "username")?.string ?? "")   // bob
            for child in doc.root.contents {
                print(child.kind, child.name ?? "")                   // element auth
            }
            print(doc.jsonString())   // {"stat":"ok","auth":{"user":{"id":"987654321","username":"bob"}}}
            // end snippet
        }()
        #expect(out.lines == ["bob", "element auth", #"{"stat":"ok","auth":{"user":{"id":"987654321","username":"bob"}}}"#])
    }

    /// Snippets that read the network or a file of the reader's: compiled,
    /// never called.
    func compiledOnlyNeedingTheNetworkOrAFile() async throws {
        try await {
            // snippet: doc-load-url
            let doc = try await Document.load(from: URL(string: "https://example.com/theaters")!)
            // end snippet
            _ = doc
        }()
        try await {
            // snippet: doc-load-url-page
            let doc = try await Document.load(from: URL(string: "https://api.example.com/theaters?s_page=1")!)
            // end snippet
            _ = doc
        }()
        try await {
            // snippet: getting-started-loading
            let doc = try await Document.load(from: URL(string: "https://api.example.com/schedule")!)
            let local = try Document(contentsOf: URL(fileURLWithPath: "rsp.xml"))
            let inline = try Document(string: #"{"stat": "ok"}"#)
            // end snippet
            _ = (doc, local, inline)
        }()
        try {
            // snippet: doc-load-file
            let doc = try Document(contentsOf: URL(fileURLWithPath: "theaters.json"),
                                   options: LoadOptions(encoding: "EUC-KR"))
            // end snippet
            _ = doc
        }()
    }

    private func use(_: Document) {}

    /// The article's loading snippet: compiled, never called.
    func compiledOnlyLoadingAPage(_ pageURL: URL) async {
        // snippet: errors-load
        do {
            let doc = try await Document.load(from: pageURL)
            use(doc)
        } catch {
            // error is a LoadError: the loaders use typed throws.
            if let location = error.location {
                print("line \(location.line), column \(location.column): \(error.message)")
            }
        }
        // end snippet
    }
}
