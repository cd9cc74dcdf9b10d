import Foundation
import Testing

/// jq 1.7's default colours, as SGR sequences.
private enum SGR {
    static func code(_ code: String) -> String { "\u{1B}[\(code)m" }
    static let reset = code("0")
    static let punctuation = code("1;39"), key = code("34;1"), string = code("0;32"), scalar = code("0;39"),
        null = code("1;30")
}

/// `-C`/`-M`/`--color` (jq's colours, never into a pipe unless asked) and
/// `--xml` (matched elements as written in the document).
@Suite("Colour and XML output")
struct ColorAndXMLOutputTests {
    private let todos = "Examples/documents/todos.json"
    private let rsp = "Examples/documents/rsp.xml"

    @Test("-C colours a container as jq 1.7 does: keys blue, strings green, punctuation bold")
    func container() throws {
        let run = try Docq.run(["-C", "[0]", todos])
        let (p, k, s, n) = (SGR.punctuation, SGR.key, SGR.string, SGR.scalar)
        let expected = "\(p){\(k)\"userId\"\(p):\(n)1\(p),\(k)\"id\"\(p):\(n)1\(p),\(k)\"title\"\(p):"
            + "\(s)\"delectus aut autem\"\(p),\(k)\"completed\"\(p):\(n)false\(p)}\(SGR.reset)\n"
        #expect(run.status == 0 && run.stdout == expected, "\(run.stdout.debugDescription)")
    }

    @Test("-C colours a value printed as its text by its kind", arguments: [
        (["[0].title"], "\(SGR.string)delectus aut autem\(SGR.reset)\n"),
        (["[0].id"], "\(SGR.scalar)1\(SGR.reset)\n"),
        (["[0].completed"], "\(SGR.scalar)false\(SGR.reset)\n"),
    ])
    func scalar(_ arguments: [String], _ expected: String) throws {
        let run = try Docq.run(["-C"] + arguments + [todos])
        #expect(run.stdout == expected, "\(run.stdout.debugDescription)")
    }

    @Test("null is grey, and --pretty and -j colour their JSON")
    func jsonOutputs() throws {
        let null = try Docq.run(["--color", "always", "a"], stdin: Array(#"{"a":[null]}"#.utf8))
        #expect(null.stdout == "\(SGR.punctuation)[\(SGR.null)null\(SGR.punctuation)]\(SGR.reset)\n", "\(null.stdout.debugDescription)")
        let pretty = try Docq.run(["-C", "--pretty", "[0].id", todos])
        #expect(pretty.stdout == "\(SGR.scalar)1\(SGR.reset)\n", "\(pretty.stdout.debugDescription)")
        let array = try Docq.run(["-C", "-j", "[:].id", todos])
        #expect(array.stdout.hasPrefix("\(SGR.punctuation)[\(SGR.scalar)1"), "\(array.stdout.debugDescription)")
        #expect(array.stdout.hasSuffix("]\(SGR.reset)\n"), "\(array.stdout.debugDescription)")
    }

    @Test("never colour into a pipe unless asked; -M, --color never and NO_COLOR win", arguments: [
        [String](), ["-M"], ["--color", "never"], ["--color", "auto"],
    ])
    func plain(_ options: [String]) throws {
        let run = try Docq.run(options + ["[0]", todos])
        #expect(run.stdout == #"{"userId":1,"id":1,"title":"delectus aut autem","completed":false}"# + "\n", "\(run)")
    }

    @Test("-C with -M is a usage error")
    func conflict() throws {
        let run = try Docq.run(["-C", "-M", ".", todos])
        #expect(run.status == 2 && run.stderr.contains("-M/--monochrome-output"), "\(run)")
    }

    @Test("--paths colours the path as a key")
    func paths() throws {
        let run = try Docq.run(["-C", "-p", "[0].id", todos])
        #expect(run.stdout == "\(SGR.key)[0].id\(SGR.reset)\t1\n", "\(run.stdout.debugDescription)")
    }

    // MARK: - --xml

    @Test("--xml prints an element as written: spacing, quotes, comments and entities kept")
    func elementAsWritten() throws {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE r [<!ENTITY who "world">]>
            <r><item id='1'  kind="a" >hello &who; <!-- c --><b/></item>
            <item id="2">two</item></r>
            """
        let run = try Docq.run(["--xml", "item"], stdin: Array(xml.utf8))
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "<item id='1'  kind=\"a\" >hello &who; <!-- c --><b/></item>\n<item id=\"2\">two</item>\n",
                "\(run.stdout.debugDescription)")
    }

    @Test("--xml: attributes and text print as today; JSON stays JSON; a document's root is written whole")
    func otherValues() throws {
        let attribute = try Docq.run(["--xml", "auth.user.username", rsp])
        #expect(attribute.stdout == "bob\n", "\(attribute)")
        let json = try Docq.run(["--xml", "[0]", todos])
        #expect(json.stdout == #"{"userId":1,"id":1,"title":"delectus aut autem","completed":false}"# + "\n", "\(json)")
        let user = try Docq.run(["--xml", "auth.user", rsp])
        #expect(user.stdout.hasPrefix("<user ") && user.stdout.hasSuffix("/>\n"), "\(user)")
    }

    @Test("--xml writes out an element an entity expanded to, which has no bytes of its own")
    func expandedElement() throws {
        let xml = #"<!DOCTYPE r [<!ENTITY e "<x a='1'>y</x>">]><r>&e;</r>"#
        let run = try Docq.run(["--xml", "x"], stdin: Array(xml.utf8))
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "<x a=\"1\">y</x>\n", "\(run.stdout.debugDescription)")
    }

    @Test("--xml is an output format of its own", arguments: [["--json"], ["--csv"], ["--paths"], ["--slurp"], ["--stream"]])
    func xmlConflicts(_ other: [String]) throws {
        let run = try Docq.run(["--xml"] + other + ["auth", rsp])
        #expect(run.status == 2 && run.stderr.contains("--xml"), "\(run)")
    }
}
