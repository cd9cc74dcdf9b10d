import Testing
@testable import DocTree

/// `RecordReader.startsStream`, the one test of "several values" that
/// docq asks before it chooses to read a file record by record.
@Suite struct StreamStartTests {
    @Test(arguments: [
        ("{\"a\":1}\n{\"a\":2}\n", true),
        ("{\n  \"a\": 1\n}\n{\n  \"a\": 2\n}\n", true),
        ("{\"a\":1} {\"a\":2}", true),
        ("1\n2", true),
        ("\u{FEFF}{\"a\":1}\n{\"a\":2}\n", true),
        // The head ends inside the second value: its start is enough.
        ("{\"a\":1}\n{\"a\": [1, 2", true),
        // What follows the first value is not JSON: still more than one record.
        ("{\"a\":1}\n\0\0\n", true),
        ("{\n  \"a\": 1\n}\n", false),
        ("{\"a\":1}  \n\n", false),
        // The head ends inside the first value (a document longer than the head).
        ("{\"a\": [1, 2, 3", false),
        ("{\"a\": oops}\n{\"a\":2}\n", false),
        ("<a>1</a>\n<a>2</a>\n", false),
        ("", false),
        ("  \n", false),
    ])
    func judgesTheHead(_ head: String, _ stream: Bool) {
        #expect(RecordReader.startsStream(Array(head.utf8), options: LoadOptions()) == stream)
    }

    @Test func optionsDecide() {
        let twoValues = Array("{\"a\":1}\n{\"a\":2}\n".utf8)
        #expect(!RecordReader.startsStream(twoValues, options: LoadOptions(format: .xml)))
        #expect(!RecordReader.startsStream(twoValues, options: LoadOptions(encoding: "EUC-KR")))
        #expect(RecordReader.startsStream(twoValues, options: LoadOptions(format: .json)))
        let commented = Array("// one\n{\"a\":1} // two\n{\"a\":2,}\n".utf8)
        #expect(!RecordReader.startsStream(commented, options: LoadOptions()))
        var jsonc = LoadOptions()
        jsonc.readsJSONWithComments = true
        #expect(RecordReader.startsStream(commented, options: jsonc))
    }
}
