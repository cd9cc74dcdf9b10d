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

    /// `keyChainMatches(in:)`, which answers an edit's keys-only path by
    /// the member lookup alone, selects what evaluating the path selects,
    /// in the same order: through objects, repeated keys, arrays (a key
    /// applies to their elements, through nested arrays), a scalar on the
    /// way, and XML elements and attributes by qualified or local name.
    @Test func keyChainMatchesAreWhatTheEvaluatorSelects() throws {
        let json = #"{"a":{"b":1,"b":2},"l":[{"b":3},[{"b":4},[{"b":5}]],6,{"c":7}],"x":{"l":[{"b":8}]},"s":"t"}"#
        let xml = #"<r xmlns:p="urn:p"><a b="1"><b>2</b><p:b>3</p:b></a><a><b>4</b></a><l/></r>"#
        let cases = [
            (json, ["a", "a.b", "l.b", "x.l.b", "l", "l.c", "s.b", "missing", "a.b.c"]),
            (xml, ["a", "a.b", "a.p:b", "b", "l.b", "a.missing"]),
        ]
        var matched = 0
        for (text, paths) in cases {
            let document = try Document(string: text)
            for path in paths {
                let query = try PathQuery(path)
                let evaluated = try query.evaluate(on: document).selectedMatches.compactMap { $0.node?.index }
                #expect(query.keyChainMatches(in: document) == evaluated, "\(path) on \(text)")
                matched += evaluated.count
            }
        }
        #expect(matched > 15, "the cases select something")
        #expect(try PathQuery("a[0]").keyChainMatches(in: Document(string: json)) == nil)
    }
}
