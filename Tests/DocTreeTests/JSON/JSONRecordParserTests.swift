import Testing
@testable import DocTree

/// The records of a stream share one name table: ids stay stable, later
/// records may add names, and earlier documents stay correct.
@Suite struct JSONRecordParserTests {
    private func parse(_ parser: JSONRecordParser, _ text: String) throws -> Document {
        try parser.parse(Array(text.utf8)[...])
    }

    @Test func recordsWithTheSameKeysShareOneTable() throws {
        let parser = JSONRecordParser(options: LoadOptions())
        let first = try parse(parser, #"{"id": 1, "user": {"name": "ann"}}"#)
        let second = try parse(parser, #"{"user": {"name": "bob"}, "id": 2}"#)
        #expect(first.table.names === second.table.names)
        #expect(first.table.names.id(of: "user") == second.table.names.id(of: "user"))
        #expect(second.root.children(named: "user").first?.children(named: "name").first?.string == "bob")
        #expect(first.root.children(named: "user").first?.children(named: "name").first?.string == "ann")
    }

    @Test func aLaterRecordWithNewKeysLeavesEarlierDocumentsIntact() throws {
        let parser = JSONRecordParser(options: LoadOptions())
        let first = try parse(parser, #"{"a": 1}"#)
        let second = try parse(parser, #"{"a": 2, "b": {"c": 3}}"#)
        let third = try parse(parser, #"{"c": 4}"#)
        // Ids are stable across records; only later tables know the new names.
        #expect(second.table.names.id(of: "a") == first.table.names.id(of: "a"))
        #expect(third.table.names.id(of: "c") == second.table.names.id(of: "c"))
        #expect(first.table.names.id(of: "b") == nil)
        #expect(first.root.jsonString() == #"{"a":1}"#)
        #expect(second.root.jsonString() == #"{"a":2,"b":{"c":3}}"#)
        #expect(third.root.jsonString() == #"{"c":4}"#)
        #expect(first.root.children(named: "b").isEmpty)
    }

    @Test func namesFromAMalformedRecordReachLaterDocuments() throws {
        let parser = JSONRecordParser(options: LoadOptions())
        _ = try parse(parser, #"{"a": 1}"#)
        #expect(throws: LoadError.self) { try parse(parser, #"{"fresh": 1, "x": }"#) }
        // "fresh" was interned and cached by the failed record; a record that
        // uses it must get a table that names it.
        let later = try parse(parser, #"{"fresh": 2}"#)
        #expect(later.root.children(named: "fresh").first?.string == "2")
        #expect(later.root.jsonString() == #"{"fresh":2}"#)
    }

    @Test func errorsAreLocatedInTheRecord() throws {
        let parser = JSONRecordParser(options: LoadOptions())
        let bytes = Array(#"xx{"a": 1,}yy"#.utf8)
        let error = try #require(throws: LoadError.self) { try parser.parse(bytes[2..<11]) }
        #expect(error.location?.byteOffset == 8)
        #expect(error.location?.column == 9)
    }

    @Test func duplicateKeysAreFlaggedPerRecord() throws {
        let parser = JSONRecordParser(options: LoadOptions())
        let duplicated = try parse(parser, #"{"k": 1, "k": 2}"#)
        let single = try parse(parser, #"{"k": 3}"#)
        let nested = try parse(parser, #"{"o": {"k": 1}, "k": 2}"#)
        #expect(duplicated.table.nodes[1].flags.contains(.duplicateKeys))
        #expect(!single.table.nodes[1].flags.contains(.duplicateKeys))
        #expect(!nested.table.nodes[1].flags.contains(.duplicateKeys))
        #expect(duplicated.root.children(named: "k").map(\.string) == ["1", "2"])
    }

    @Test func aTableThatKeepsGrowingStartsAgain() throws {
        let parser = JSONRecordParser(options: LoadOptions())
        var documents: [Document] = []
        for k in 0..<3000 {
            documents.append(try parse(parser, #"{"key\#(k)": \#(k)}"#))
            #expect(parser.sharedNameCount <= JSONRecordParser.maxSharedNames(nodes: 3))
        }
        for (k, document) in documents.enumerated() {
            #expect(document.root.children(named: "key\(k)").first?.string == "\(k)")
        }
    }

    @Test func limitsApplyToEachRecord() throws {
        let parser = JSONRecordParser(options: LoadOptions(maxDepth: 2))
        #expect(throws: LoadError.self) { try parse(parser, "[[[1]]]") }
        #expect(try parse(parser, "[[1]]").root.jsonString() == "[[1]]")
    }

    @Test func streamDocumentsKeptPastLaterRecordsStayCorrect() throws {
        let text = (0..<200).map { #"{"id": \#($0), "k\#($0 % 7)": {"v": "\#($0)"}}"# }.joined(separator: "\n")
        let documents = try DocumentStream(bytes: Array(text.utf8), options: LoadOptions()).map { try $0.get() }
        #expect(documents.count == 200)
        for (k, document) in documents.enumerated() {
            #expect(document.root.jsonString() == #"{"id":\#(k),"k\#(k % 7)":{"v":"\#(k)"}}"#)
        }
        // Records that add no name share their table.
        #expect(documents[198].table.names === documents[199].table.names)
    }
}
