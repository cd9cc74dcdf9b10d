import DocQuery
import Testing

/// `PathQuery.keyChain`, which docq hands to DocTree's `JSONKeyPathSkimmer`:
/// only paths of keys have one, and where no array lies on the way such a
/// path selects what following its keys through the objects reaches (the
/// walk `JSONKeyPathSkimmerTests` holds the skimmer to).
@Suite struct PathQueryKeyChainTests {
    @Test func keyChainsOnlyForPathsOfKeys() throws {
        #expect(try PathQuery("actor.id").keyChain == [Array("actor".utf8), Array("id".utf8)])
        #expect(try PathQuery(#""a.b".c"#).keyChain == [Array("a.b".utf8), Array("c".utf8)])
        for path in ["a[0]", "a.*", "a..b", "a[?b == 1]", "a.@count", "items[0:2]"] {
            #expect(try PathQuery(path).keyChain == nil, "\(path)")
        }
    }

    @Test func aKeyChainSelectsWhatFollowingItsKeysReaches() throws {
        let cases: [(path: String, record: String, expected: [String])] = [
            ("a.b", #"{"a":{"b":1}}"#, ["1"]),
            ("a.b", #" { "a" : { "x":[1,{"b":2}], "b" : "two" } , "b": 3 } "#, ["two"]),
            ("a.b", #"{"a":{"c":1}}"#, []),
            ("a.b", #"{"a":1}"#, []),
            ("a", "42", []),
            ("a", #"{"a":1,"a":2}"#, ["1", "2"]),
        ]
        for c in cases {
            let query = try PathQuery(c.path)
            #expect(query.keyChain != nil)
            let document = try Document(string: c.record)
            #expect(try query.evaluate(on: document).selectedMatches.map { $0.string ?? "" } == c.expected, "\(c.path) on \(c.record)")
        }
    }
}
