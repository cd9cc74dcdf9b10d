import DocQuery
import Foundation
import Testing

/// Edits that cannot apply throw `QueryError` and change nothing.
@Suite struct EditErrorTests {
    func failure(_ text: String, _ edits: [Edit]) throws -> QueryError? {
        _ = BothWays.failure(text, edits)
        var editor = try DocumentEditor(string: text)
        let before = editor.bytes
        do {
            try editor.apply(edits)
        } catch let error as QueryError {
            #expect(editor.bytes == before)
            return error
        }
        return nil
    }

    @Test func noMatchExplains() throws {
        let error = try #require(try failure(#"{"a":[1]}"#, [.remove("b")]))
        #expect(error.kind == .noMatch)
        #expect(error.message.hasPrefix("nothing to remove: 'b' matches nothing"))
        let filtered = try #require(try failure(#"{"a":[1]}"#, [.set("a[?. > 5]", to: 1)]))
        #expect(filtered.kind == .noMatch)
    }

    @Test func createThroughANonObjectFails() throws {
        let error = try #require(try failure(#"{"a":[1]}"#, [.set("a.b", to: 1)]))
        #expect(error.kind == .invalidEdit)
        #expect(error.message.contains("'a' is an array"))
    }

    @Test func invalidTargets() throws {
        #expect(try failure("[1]", [.rename("[0]", to: "x")])?.kind == .invalidEdit)
        #expect(try failure("[1]", [.remove(".")])?.kind == .invalidEdit)
        #expect(try failure(#"{"a":1}"#, [.insert(1, into: "a")])?.kind == .invalidEdit)
        #expect(try failure(#"{"a":{}}"#, [.insert(1, into: "a")])?.kind == .invalidEdit)
        #expect(try failure(#"{"a":1,"b":2}"#, [.rename("a", to: "b")])?.kind == .invalidEdit)
        #expect(try failure(#"{"a":1}"#, [.insert(2, into: ".", key: "a")])?.kind == .invalidEdit)
        #expect(try failure("[1]", [.insert(2, into: ".", at: 5)])?.kind == .invalidEdit)
        #expect(try failure("[1]", [.set("@count", to: 2)])?.kind == .invalidEdit)
    }

    /// Rules each engine shares through one home say why, held whole and streamed alike.
    @Test func sharedRulesSayWhy() throws {
        #expect(try failure("[1]", [.remove(".")])?.message == "cannot remove '.': the root cannot be removed")
        #expect(try failure(#"{"a": [1]}"#, [.remove(".")])?.message == "cannot remove '.': the root cannot be removed")
        let xml = #"<r x="1" y="2" xmlns:p="urn:p"><c/></r>"#
        #expect(
            try failure(xml, [.insert("3", into: ".", key: "@x")])?.message
                == "cannot insert '.': the element already has an attribute named 'x'; set it instead")
        #expect(try failure(xml, [.rename("x", to: "y")])?.message == "cannot rename 'x': the element already has an attribute named 'y'")
        // A namespace declaration is no attribute, and an attribute keeps its own name.
        #expect(try failure(xml, [.insert("3", into: ".", key: "@xmlns")]) == nil)
        #expect(try failure(xml, [.rename("x", to: "x")]) == nil)
    }

    /// A member already there is one whose key has the same bytes: a key
    /// that is only canonically equivalent ("é" as e and a combining
    /// accent beside "é" as one scalar) is another key, as in lookups.
    @Test func memberKeysCompareByBytes() throws {
        let text = "{\"\u{E9}\": 1, \"o\": {\"x\": 1}}"
        #expect(try failure(text, [.insert(2, into: ".", key: "\u{E9}")])?.message == "cannot insert '.': the object already has a member named \"\u{E9}\"; set it instead")
        #expect(try failure(text, [.rename("o", to: "\u{E9}")])?.kind == .invalidEdit)
        #expect(try failure(text, [.insert(2, into: ".", key: "e\u{301}")]) == nil)
        #expect(try failure(text, [.rename("o", to: "e\u{301}")]) == nil)
        #expect(try BothWays.edited(text, [.insert(2, into: ".", key: "e\u{301}")]) == "{\"\u{E9}\": 1, \"o\": {\"x\": 1}, \"e\u{301}\": 2}")
        // A keys-only set creates beside a canonically equivalent key, and
        // goes into the one with the same bytes.
        #expect(try BothWays.edited(text, [.set("e\u{301}.y", to: 2)]).hasSuffix(", \"e\u{301}\": {\"y\": 2}}"))
        #expect(try BothWays.edited(text, [.set("o.x", to: 2)]) == "{\"\u{E9}\": 1, \"o\": {\"x\": 2}}")
    }

    @Test func overlappingTargetsAreRejected() throws {
        let text = #"{"a":{"b":1},"c":2}"#
        #expect(try failure(text, [.remove("a"), .set("a.b", to: 2)])?.kind == .conflictingEdits)
        #expect(try failure(text, [.set("a", to: 1), .set("a", to: 2)])?.kind == .conflictingEdits)
        #expect(try failure(text, [.set("a", to: 1), .insert(3, into: "a", key: "x")])?.kind == .conflictingEdits)
        #expect(try failure(#"{"x":{"x":1}}"#, [.set("..x", to: 0)])?.kind == .conflictingEdits)
        #expect(try failure("[1]", [.remove("[0]"), .insert(2, into: ".")])?.kind == .conflictingEdits)
        #expect(try failure(text, [.set("d.e", to: 1), .set("d.e", to: 2)])?.kind == .conflictingEdits)
    }

    @Test func malformedPathIsAQueryError() throws {
        #expect(try failure("[1]", [.set("a[", to: 1)]) != nil)
    }
}
