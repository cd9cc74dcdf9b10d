import Foundation
import Testing

/// What a jq user reaches for (issue 20): bound values, slurping, JSON that
/// stays JSON, `jq .`, CSV and TSV, and output that never loses data.
@Suite("jq habits")
struct JQHabitsTests {
    static let todos = #"""
        [{"userId":1,"id":1,"title":"delectus aut autem","completed":false},
         {"userId":2,"id":2,"title":"quis, \"ut\" nam","completed":true},
         {"userId":2,"id":3,"title":"tab\there","completed":false}]
        """#
    static let events = "{\"user\":\"ann\",\"n\":1}\n{\"user\":\"bob\",\"n\":2}\n{\"user\":\"ann\",\"n\":3}\n"

    /// Runs docq in a folder holding todos.json and events.jsonl, plus `files`.
    private func run(_ arguments: [String], files: [String: String] = [:], stdin: String? = nil) throws -> (Docq.Run, URL) {
        let folder = try Docq.temporaryFolder()
        var all = ["todos.json": Self.todos, "events.jsonl": Self.events]
        all.merge(files) { $1 }
        for (name, text) in all { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let resolved = arguments.map { all[$0] != nil ? folder.appendingPathComponent($0).path : $0 }
        return (try Docq.run(resolved, stdin: stdin.map { Array($0.utf8) }), folder)
    }

    private func lines(_ arguments: [String], files: [String: String] = [:], status: Int32 = 0,
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let (result, folder) = try run(arguments, files: files)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == status, "\(result)", sourceLocation: sourceLocation)
        return result.lines
    }

    // MARK: --arg, --argjson

    @Test("--arg binds a string, --argjson a JSON value, in key path filters")
    func keyPathParameters() throws {
        #expect(try lines(["--arg", "t", "quis, \"ut\" nam", "[?title == $t].id", "todos.json"]) == ["2"])
        #expect(try lines(["--argjson", "u", "2", "[?userId == $u].id", "todos.json"]) == ["2", "3"])
        #expect(try lines(["--argjson", "done", "true", "--arg", "u", "2", "[?completed == $done && userId == $u].id", "todos.json"]) == ["2"])
    }

    @Test("--arg and --argjson bind $NAME in JMESPath; --argjson takes arrays and objects")
    func jmespathParameters() throws {
        #expect(try lines(["--jmespath", "--argjson", "u", "2", "[?userId == $u].title", "todos.json"])
                == [#"quis, "ut" nam"#, "tab\there"])
        // --arg is a string, as in jq: the number 2 is not the string "2".
        #expect(try lines(["--jmespath", "--arg", "u", "2", "[?userId == $u].id", "todos.json"], status: 1) == [])
        #expect(try lines(["--jmespath", "--argjson", "ids", "[1,3]", "[?contains($ids, id)].id", "todos.json"]) == ["1", "3"])
    }

    @Test("bad bindings are usage errors (2) or malformed paths (3) that say what is wrong")
    func badBindings() throws {
        let (notJSON, f1) = try run(["--argjson", "u", "{", "[?userId == $u].id", "todos.json"])
        defer { try? FileManager.default.removeItem(at: f1) }
        #expect(notJSON.status == 2 && notJSON.stderr.contains("--argjson: the value is not JSON"), "\(notJSON)")
        let (badName, f2) = try run(["--arg", "1x", "2", "[?userId == $u].id", "todos.json"])
        defer { try? FileManager.default.removeItem(at: f2) }
        #expect(badName.status == 2 && badName.stderr.contains("'1x' is not a parameter name"), "\(badName)")
        let (unbound, f3) = try run(["--arg", "u", "2", "[?userId == $v].id", "todos.json"])
        defer { try? FileManager.default.removeItem(at: f3) }
        #expect(unbound.status == 3 && unbound.stderr.contains("no value is bound to $v (bound: $u)"), "\(unbound)")
        let (object, f4) = try run(["--argjson", "u", "{}", "[?userId == $u].id", "todos.json"])
        defer { try? FileManager.default.removeItem(at: f4) }
        #expect(object.status == 3 && object.stderr.contains("a key path compares one value"), "\(object)")
        let (missing, f5) = try run(["--arg", "u"])
        defer { try? FileManager.default.removeItem(at: f5) }
        #expect(missing.status == 2, "\(missing)")
    }

    @Test("an unbound $name that matches nothing is explained as an unbound parameter")
    func unboundExplained() throws {
        let (result, folder) = try run(["[?userId == $u].title", "todos.json"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 1)
        #expect(result.stderr.contains("'$u' was read as a key: no parameter is bound to it"), "\(result)")
    }

    // MARK: -s, -j, --pretty

    @Test("-s reads the records of a stream, or several files, as one array")
    func slurp() throws {
        #expect(try lines(["@count", "events.jsonl"]) == ["1", "1", "1"])
        #expect(try lines(["-s", "@count", "events.jsonl"]) == ["3"])
        #expect(try lines(["-s", "-j", "[:].user", "events.jsonl"]) == [#"["ann","bob","ann"]"#])
        #expect(try lines(["-s", "--jmespath", "merge([0], [1])", "a.json", "b.json"],
                          files: ["a.json": #"{"a":1,"b":1}"#, "b.json": #"{"b":2}"#]) == [#"{"a":1,"b":2}"#])
        #expect(try lines(["-s", "-j", "[:].id", "a.xml", "a.json"],
                          files: ["a.xml": #"<r><id>x</id></r>"#, "a.json": #"{"id":7}"#]) == [#"["x",7]"#])
    }

    @Test("-s with a document that fails prints nothing and exits 4")
    func slurpFailure() throws {
        let (result, folder) = try run(["-s", "@count", "events.jsonl", "bad.json"], files: ["bad.json": "{\"a\":"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 4 && result.stdout.isEmpty && result.stderr.contains("bad.json"), "\(result)")
    }

    @Test("--pretty alone indents each value as jq . does; with -j it indents the array")
    func pretty() throws {
        #expect(try lines(["--pretty", "[0]", "todos.json"]) == [
            "{", #"  "userId": 1,"#, #"  "id": 1,"#, #"  "title": "delectus aut autem","#, #"  "completed": false"#, "}",
        ])
        #expect(try lines(["--pretty", "[:2].id", "todos.json"]) == ["1", "2"])
        #expect(try lines(["--pretty", "[1].title", "todos.json"]) == [#""quis, \"ut\" nam""#])
        #expect(try lines(["-j", "--pretty", "[:2].id", "todos.json"]) == ["[", "  1,", "  2", "]"])
    }

    // MARK: JSON is the library's mapping

    @Test("-j writes XML by the library's mapping: attributes kept, no key twice")
    func xmlMapping() throws {
        let files = ["a.xml": #"<a id="1">x</a>"#, "b.xml": #"<a name="x"><name>y</name></a>"#]
        #expect(try lines(["-j", ".", "a.xml"], files: files) == [#"[{"id":"1","_string":"x"}]"#])
        #expect(try lines(["-j", ".", "b.xml"], files: files) == [#"[{"name":["x","y"]}]"#])
        #expect(try lines(["--jmespath", "-j", "name", "b.xml"], files: files) == [#"["x","y"]"#])
        // One line per value still shows a text element as its text.
        #expect(try lines([".", "a.xml"], files: files) == ["x"])
    }

    @Test("a document that fails prints nothing on stdout, --stream -j included")
    func failedDocumentPrintsNothing() throws {
        let files = ["bad.json": "{\"a\":\n"]
        for arguments in [["-j", "a", "bad.json"], ["--stream", "-j", "a", "bad.json"]] {
            let (result, folder) = try run(arguments, files: files)
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(result.status == 4 && result.stdout.isEmpty, "\(arguments): \(result)")
        }
    }

    @Test("a miss lists keys as a path writes them, and says how to write a key with a dot")
    func quotedKeys() throws {
        let (result, folder) = try run(["x", "k.json"], files: ["k.json": #"{"a b":1,"c":2}"#])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.stderr.contains(#"keys there: "a b", c"#), "\(result)")
        let pom = "<project><properties><java.version>17</java.version></properties></project>"
        let (dotted, f2) = try run(["properties.java.version", "pom.xml"], files: ["pom.xml": pom])
        defer { try? FileManager.default.removeItem(at: f2) }
        #expect(dotted.stderr.contains(#"did you mean 'properties."java.version"'?"#), "\(dotted)")
        #expect(try lines([#"properties."java.version""#, "pom.xml"], files: ["pom.xml": pom]) == ["17"])
    }

    // MARK: --csv, --tsv

    @Test("--csv quotes as RFC 4180 says, --tsv escapes as jq's @tsv")
    func delimited() throws {
        #expect(try lines(["--jmespath", "--csv", "[*].[id, title, completed]", "todos.json"]) == [
            #"1,"delectus aut autem",false"#, #"2,"quis, ""ut"" nam",true"#, "3,\"tab\there\",false",
        ])
        #expect(try lines(["--jmespath", "--tsv", "[*].[id, title]", "todos.json"]) == [
            "1\tdelectus aut autem", "2\tquis, \"ut\" nam", "3\ttab\\there",
        ])
        #expect(try lines(["--csv", "r", "n.json"], files: ["n.json": #"{"r":[null,1.50,"a\nb","back\\slash"]}"#])
                == [",1.50,\"a", "b\",\"back\\slash\""])
        #expect(try lines(["--tsv", "r", "n.json"], files: ["n.json": #"{"r":[null,1.50,"a\nb","back\\slash"]}"#])
                == ["\t1.50\ta\\nb\tback\\\\slash"])
    }

    @Test("--csv refuses an object, and a field that is a container, as jq does")
    func delimitedErrors() throws {
        let (object, f1) = try run(["--csv", "[0]", "todos.json"])
        defer { try? FileManager.default.removeItem(at: f1) }
        #expect(object.status == 5 && object.stderr.contains("an object cannot be a CSV row"), "\(object)")
        let (nested, f2) = try run(["--tsv", "r", "n.json"], files: ["n.json": #"{"r":[1,[2]]}"#])
        defer { try? FileManager.default.removeItem(at: f2) }
        #expect(nested.status == 5 && nested.stderr.contains("a field cannot be an array"), "\(nested)")
    }

    @Test("output formats do not combine")
    func formatsExclusive() throws {
        let (result, folder) = try run(["--csv", "-j", "[0]", "todos.json"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 2 && result.stderr.contains("cannot be combined"), "\(result)")
    }
}
