import DocQuery
import Foundation
import Testing

/// Each operation on JSON: the exact bytes written, untouched bytes kept.
@Suite struct JSONEditTests {
    let pretty = """
        {
            "id": 7,
            "title": "Write \\"docs\\"",
            "price": 1.50,
            "tags": ["a", "b"],
            "owner": {
                "name": "kim"
            },
            "done": false
        }
        """

    func edited(_ text: String, _ edits: [Edit]) throws -> String {
        try BothWays.edited(text, edits)
    }

    @Test func setReplacesOnlyTheValue() throws {
        let out = try edited(pretty, [.set("done", to: true)])
        #expect(out == pretty.replacingOccurrences(of: "\"done\": false", with: "\"done\": true"))
    }

    @Test func setKeepsOtherNumberSpellingsAndEscapes() throws {
        let out = try edited(pretty, [.set("id", to: 8)])
        #expect(out.contains("\"price\": 1.50"))
        #expect(out.contains(#""title": "Write \"docs\"""#))
        #expect(out.contains("\"id\": 8,"))
    }

    @Test func setObjectFollowsIndentation() throws {
        let out = try edited(pretty, [.set("owner", to: ["name": "lee", "age": 3])])
        #expect(out.contains("""
                "owner": {
                    "name": "lee",
                    "age": 3
                },
            """))
    }

    @Test func setInCompactDocumentStaysCompact() throws {
        let out = try edited(#"{"a":1,"b":{"c":2}}"#, [.set("b", to: ["x": [1, 2]])])
        #expect(out == #"{"a":1,"b":{"x":[1,2]}}"#)
    }

    @Test func setMissingKeysCreatesThem() throws {
        let out = try edited(#"{"a":{"b":1}}"#, [.set("a.c.d", to: "x"), .set("a.c.e", to: nil)])
        #expect(out == #"{"a":{"b":1,"c":{"d":"x","e":null}}}"#)
    }

    @Test func setMissingInPrettyDocument() throws {
        let out = try edited(pretty, [.set("owner.role", to: "admin")])
        #expect(out.contains("""
                    "name": "kim",
                    "role": "admin"
                },
            """))
    }

    @Test func setEveryMatchWithAFilterAndParameters() throws {
        let text = #"{"items":[{"id":1,"p":2},{"id":2,"p":3},{"id":3,"p":4}]}"#
        let out = try edited(text, [.set("items[?id > $min].p", to: 0, parameters: ["min": 1])])
        #expect(out == #"{"items":[{"id":1,"p":2},{"id":2,"p":0},{"id":3,"p":0}]}"#)
    }

    @Test func removeTakesItsLineAndComma() throws {
        let middle = try edited(pretty, [.remove("price")])
        #expect(middle == pretty.replacingOccurrences(of: "    \"price\": 1.50,\n", with: ""))
        let last = try edited(pretty, [.remove("done")])
        #expect(last == pretty.replacingOccurrences(of: ",\n    \"done\": false", with: ""))
        let first = try edited(pretty, [.remove("id")])
        #expect(first == pretty.replacingOccurrences(of: "    \"id\": 7,\n", with: ""))
    }

    @Test func removeSeveralAndAll() throws {
        #expect(try edited("[1, 2, 3, 4]", [.remove("[1]"), .remove("[3]")]) == "[1, 3]")
        #expect(try edited("[1, 2, 3]", [.remove("[:]")]) == "[]")
        #expect(try edited(#"{"a": [ 1 ], "b": 2}"#, [.remove("a[0]")]) == #"{"a": [], "b": 2}"#)
        #expect(try edited(#"{"a":1,"b":2,"c":3}"#, [.remove("b"), .remove("c")]) == #"{"a":1}"#)
    }

    @Test func insertIntoArrays() throws {
        #expect(try edited("[1, 2]", [.insert(3, into: ".")]) == "[1, 2, 3]")
        #expect(try edited("[1, 2]", [.insert(0, into: ".", at: 0)]) == "[0, 1, 2]")
        #expect(try edited("[1, 2]", [.insert(9, before: "[1]")]) == "[1, 9, 2]")
        #expect(try edited("[1, 2]", [.insert(9, after: "[1]")]) == "[1, 2, 9]")
        #expect(try edited(#"{"a":[]}"#, [.insert("x", into: "a"), .insert("y", into: "a")]) == #"{"a":["x","y"]}"#)
        let out = try edited(pretty, [.insert("c", into: "tags")])
        #expect(out.contains(#""tags": ["a", "b", "c"],"#))
    }

    @Test func insertMembers() throws {
        let out = try edited(pretty, [.insert(true, into: "owner", key: "admin")])
        #expect(out.contains("""
                    "name": "kim",
                    "admin": true
            """))
        #expect(try edited(#"{"a": 1}"#, [.insert(0, into: ".", key: "z", at: 0)]) == #"{"z": 0, "a": 1}"#)
        #expect(try edited("{}", [.insert(1, into: ".", key: "a")]) == #"{"a":1}"#)
    }

    @Test func insertIntoEmptyContainerOfPrettyDocument() throws {
        let text = "{\n  \"a\": 1,\n  \"list\": []\n}"
        let out = try edited(text, [.insert(["k": 1], into: "list")])
        #expect(out == "{\n  \"a\": 1,\n  \"list\": [\n    {\n      \"k\": 1\n    }\n  ]\n}")
    }

    @Test func renameKeepsTheValue() throws {
        let out = try edited(pretty, [.rename("owner", to: "user")])
        #expect(out == pretty.replacingOccurrences(of: "\"owner\":", with: "\"user\":"))
    }

    @Test func crlfAndTabsFollowTheDocument() throws {
        let text = "{\r\n\t\"a\": 1\r\n}"
        #expect(try edited(text, [.insert(2, into: ".", key: "b")]) == "{\r\n\t\"a\": 1,\r\n\t\"b\": 2\r\n}")
        #expect(try edited(text, [.set("a", to: [1])]) == "{\r\n\t\"a\": [\r\n\t\t1\r\n\t]\r\n}")
    }

    @Test func byteOrderMarkIsKept() throws {
        var editor = try DocumentEditor(bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8))
        try editor.apply(.set("a", to: 2))
        #expect(editor.bytes == [0xEF, 0xBB, 0xBF] + Array(#"{"a":2}"#.utf8))
        // Two marks: the second is U+FEFF, which no JSON value begins with.
        // The loader once dropped one and the scanner the other, so both
        // stayed, where a streamed edit refused the input; now neither loads.
        let twice: [UInt8] = [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x31]
        let error = #expect(throws: LoadError.self) { try DocumentEditor(bytes: twice) }
        #expect(error?.message.hasPrefix("expected a value") == true)
        let streamed = #expect(throws: LoadError.self) { try StreamedEdit([.set(".", to: 2)]).run(ChunkedInput(bytes: twice)) { _ in } }
        #expect(streamed?.message == error?.message && streamed?.location == error?.location)
    }

    @Test func valuesOfEveryType() throws {
        struct Todo: Encodable { var title = "t"; var completed = true }
        let source = try Document(string: #"{"n": 1.0e3, "s": "\u00e9"}"#)
        let out = try edited("[0]", [
            .insert(EditValue(UInt64.max), into: "."), .insert(EditValue(Int8(-3)), into: "."),
            .insert(EditValue(0.1), into: "."), .insert(EditValue(Decimal(string: "1.50")!), into: "."),
            .insert(try EditValue(encoding: Todo()), into: "."), .insert(EditValue(source.root), into: "."),
            .insert(try EditValue(json: "[1.50, null]"), into: "."), .insert("a\"b\n", into: "."),
        ])
        #expect(out == #"[0,18446744073709551615,-3,0.1,1.5,{"title":"t","completed":true},{"n":1.0e3,"s":"é"},[1.50,null],"a\"b\n"]"#)
    }

    @Test func setValueForKeyPath() throws {
        var editor = try DocumentEditor(string: #"{"todo": {"completed": false}}"#)
        try editor.setValue(true, forKeyPath: "todo.completed")
        try editor.setValue(nil, forKeyPath: "todo.note")
        try editor.setValue(NSNull(), forKeyPath: "todo.other")
        #expect(String(decoding: editor.bytes, as: UTF8.self) == #"{"todo": {"completed": true, "note": null, "other": null}}"#)
        #expect(editor.document.root["todo"]["completed"].bool == true)
        #expect(throws: QueryError.self) { try editor.setValue(Date.self, forKeyPath: "x") }
    }
}

/// The README's "Changing documents" examples, run.
@Suite struct ChangingDocumentsReadmeTests {
    @Test func restExamples() throws {
        var todo = try DocumentEditor(string: #"{"userId": 1, "id": 3, "title": "fugiat", "completed": false, "extra": 1.50}"#)
        try todo.apply(.set("completed", to: true))
        #expect(String(decoding: todo.data, as: UTF8.self) == #"{"userId": 1, "id": 3, "title": "fugiat", "completed": true, "extra": 1.50}"#)
        struct NewTodo: Encodable { var title: String; var userId: Int; var tags: [String] }
        let new = NewTodo(title: "Write docs", userId: 7, tags: ["docs"])
        let body = Data(try DocumentEncoder().encode(new, as: .json))
        #expect(String(decoding: body, as: UTF8.self) == #"{"title":"Write docs","userId":7,"tags":["docs"]}"#)
        let pom = try Document(["name": "docq"], as: .xml)
        #expect(pom.root.name == "root" && pom["name"].string == "docq")
    }

    @Test func configExample() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("docq-edit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let settingsURL = folder.appendingPathComponent("settings.json")
        let original = """
            {
                "editor": {"fontSize": 14},
                "plugins": [{"name": "lint", "enabled": true}, {"name": "fmt", "enabled": true}],
                "files": {"associations": ["json"]},
                "telemetry": true,
                "theme": "dark"
            }
            """
        try Data(original.utf8).write(to: settingsURL)
        var config = try DocumentEditor(contentsOf: settingsURL)
        try config.apply([
            .set("editor.fontSize", to: 16),
            .set("plugins[?name == $name].enabled", to: false, parameters: ["name": "lint"]),
            .insert("xml", into: "files.associations"),
            .insert(true, into: "editor", key: "wordWrap"),
            .remove("telemetry"),
            .rename("theme", to: "colorTheme"),
        ])
        try config.data.write(to: settingsURL, options: .atomic)
        try config.setValue(nil, forKeyPath: "proxy.url")
        #expect(String(decoding: config.bytes, as: UTF8.self) == """
            {
                "editor": {"fontSize": 16, "wordWrap": true},
                "plugins": [{"name": "lint", "enabled": false}, {"name": "fmt", "enabled": true}],
                "files": {"associations": ["json", "xml"]},
                "colorTheme": "dark",
                "proxy": {"url": null}
            }
            """)
    }
}
