import Foundation
import Testing
import DocQuery
import TestSupport

/// `QueryError` and `Explanation` render through the library's one renderer,
/// and the text is what `error.localizedDescription` gives.
@Suite struct ErrorRenderingTests {
    @Test func queryErrorLocalizedDescription() throws {
        let error = #expect(throws: QueryError.self) { try PathQuery("lists.@cuont") }
        let expected = """
            error: unknown operator '@cuont' (did you mean '@count'?)
              lists.@cuont
                    ^~~~~~
            """
        #expect(error?.description == expected)
        #expect(error?.localizedDescription == expected)
        #expect((error as (any Error)?)?.localizedDescription == expected)
        #expect(error?.errorDescription == expected)
    }

    @Test func evaluationErrorLocalizedDescription() throws {
        let doc = try Document(string: #"{"a": ["x", "y"]}"#, options: LoadOptions(format: .json))
        let error = #expect(throws: QueryError.self) { try doc.query("a.@sum") }
        let text = try #require(error?.localizedDescription)
        #expect(text.hasPrefix("error: "))
        #expect(text.hasSuffix("\n  a.@sum\n    ^~~~"))
    }

    @Test("docq's lines: the file name after error:, and the explanation indented under its heading")
    func packageLines() throws {
        let error = #expect(throws: QueryError.self) { try PathQuery("a[") }
        #expect(error?.renderedLines(source: "f.json").first?.hasPrefix("error: f.json: ") == true)
        let doc = try Document(string: #"{"auth": {"user": 1, "token": 2}}"#, options: LoadOptions(format: .json))
        let explanation = try #require(doc["auth.usr"].explanation)
        #expect(explanation.renderedLines(textIndent: "  ") == [
            "  auth.usr",
            "       ^~~",
            "  'auth' matched an object, but it has no key 'usr'",
            "  did you mean 'user'?",
            "  keys there: user, token",
        ])
        #expect(explanation.description == (["no match for 'auth.usr'"] + explanation.renderedLines(textIndent: "")).joined(separator: "\n"))
    }

    @Test("one edit distance for the path language and the decoder")
    func suggestions() throws {
        let doc = try Document(string: #"{"taskseries": 1}"#, options: LoadOptions(format: .json))
        #expect(doc["tasksries"].explanation?.suggestion == "taskseries")
        #expect(doc["tsakseries"].explanation?.suggestion == "taskseries")   // a swap of neighbours is one edit
        #expect(doc["zzz"].explanation?.suggestion == nil)
        struct Wanted: Decodable { let taskseris: Int }
        let error = #expect(throws: DecodingError.self) { try doc.decode(Wanted.self, at: ".") }
        #expect("\(String(describing: error))".contains("did you mean"))
    }
}
