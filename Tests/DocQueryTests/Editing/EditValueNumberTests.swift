import DocQuery
import Foundation
import Testing

/// How numbers become edit values, and what an unbound `$name` means in an
/// edit: every way in follows one rule.
@Suite struct EditValueNumberTests {
    func edited(_ text: String, _ edits: [Edit]) throws -> String {
        var editor = try DocumentEditor(string: text)
        try editor.apply(edits)
        return String(decoding: editor.bytes, as: UTF8.self)
    }

    @Test func infinityAndNaNThrowInsteadOfTrapping() throws {
        for value in [Double.nan, .infinity, -.infinity] {
            let error = #expect(throws: EncodingError.self) { try EditValue(value) }
            #expect("\(String(describing: error))".contains("JSON has no infinity or NaN"))
        }
        #expect(throws: EncodingError.self) { try EditValue(Float.nan) }
        #expect(throws: EncodingError.self) { try EditValue(encoding: [Double.infinity]) }
        var editor = try DocumentEditor(string: #"{"a": 1}"#)
        #expect(throws: QueryError.self) { try editor.setValue(Double.nan, forKeyPath: "a") }
        #expect(throws: QueryError.self) { try editor.setValue(Float.infinity, forKeyPath: "a") }
        // A finite Double needs `try`; a literal does not.
        #expect(try EditValue(2.5 as Double) == EditValue(2.5))
    }

    @Test func aFloatIsWrittenByOneRuleEverywhere() throws {
        let tenth: Float = 0.1
        let doc = #"{"a": 0}"#
        let written = [
            try edited(doc, [.set("a", to: EditValue(tenth))]),
            try edited(doc, [.set("a", to: EditValue(encoding: tenth))]),
            try {
                var editor = try DocumentEditor(string: doc)
                try editor.setValue(tenth, forKeyPath: "a")
                return String(decoding: editor.bytes, as: UTF8.self)
            }(),
            try String(decoding: DocumentEncoder().encode(["a": tenth], as: .json), as: UTF8.self)
                .replacingOccurrences(of: #"{"a":"#, with: #"{"a": "#),
        ]
        #expect(written.allSatisfy { $0 == #"{"a": 0.1}"# }, "\(written)")
        // Whole numbers have no fraction; beyond a Float's exact whole
        // numbers the shortest reading-back form is used.
        #expect(try EditValue(Float(3)) == EditValue(3))
        #expect(try EditValue(Float(1e14)) == EditValue(json: "1e+14"))
        #expect(try EditValue(Double(1e14)) == EditValue(100_000_000_000_000))
        #expect(try EditValue(-0.25 as Float) == EditValue(json: "-0.25"))
    }

    @Test func anUnboundNameIsAKeyWithoutParametersAndAnErrorWithThem() throws {
        let text = #"{"items": [{"$ref": "a", "v": 1}, {"$ref": "b", "v": 2}]}"#
        // No values bound: `$ref` is a key, in an edit as in a query.
        let doc = try Document(string: text)
        #expect(try doc.query("items[?$ref == 'b'].v").int == 2)
        #expect(try edited(text, [.set("items[?$ref == 'b'].v", to: 3)])
                == #"{"items": [{"$ref": "a", "v": 1}, {"$ref": "b", "v": 3}]}"#)
        #expect(try PathQuery("items[?$ref == 'b'].v", parameters: [:]) == PathQuery("items[?$ref == 'b'].v"))
        // Values bound: a `$name` none of them names is an error, in both.
        let query = #expect(throws: QueryError.self) { try doc.query("items[?v == $nmae]", ["name": 1]) }
        #expect(query?.message == "no value is bound to $nmae (bound: $name)")
        let edit = #expect(throws: QueryError.self) {
            try edited(text, [.set("items[?v == $nmae].v", to: 3, parameters: ["name": 1])])
        }
        #expect(edit?.message == query?.message)
    }
}
