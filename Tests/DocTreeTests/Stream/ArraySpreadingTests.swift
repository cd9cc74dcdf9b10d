import Foundation
import Testing
@testable import DocTree

/// Which JSON array candidates a streaming parse hands on element by
/// element (``StreamSelector/Spreading``), so that one big array never
/// has to be built whole.
@Suite struct ArraySpreadingTests {
    /// What the parse handed on: `[` and `]` for a spread array's edges,
    /// each candidate as compact JSON; or the selector error's step.
    static func events(_ text: String, _ steps: [StreamSelector.Step], _ spreading: StreamSelector.Spreading, slice: Int? = 3) -> [String] {
        var out: [String] = []
        do {
            try StreamingLoad.run(
                ChunkedInput(bytes: Array(text.utf8), sliceSize: slice),
                selector: StreamSelector(steps: steps, keepsKeys: false, spreading: spreading), options: LoadOptions(),
                arrayEdge: { out.append($0 == .open ? "[" : "]") }
            ) { candidate in
                out.append(candidate.document.root.jsonString())
            }
        } catch .selector(let error) {
            out.append("error at step \(error.step)")
        } catch {
            out.append("\(error)")
        }
        return out
    }

    static let items = StreamSelector.Step.key(Array("items".utf8))

    @Test func aLoneArrayComesElementByElement() {
        let text = #"{"n":1,"items":[{"a":1},[2,3],"x"],"m":[4]}"#
        #expect(Self.events(text, [Self.items], .whenLone) == ["[", #"{"a":1}"#, "[2,3]", #""x""#, "]"])
        #expect(Self.events(text, [Self.items], .always) == ["[", #"{"a":1}"#, "[2,3]", #""x""#, "]"])
        #expect(Self.events(text, [Self.items], .never) == [#"[{"a":1},[2,3],"x"]"#])
        // The root array, for a path whose first step is a filter.
        #expect(Self.events("[1,[]] [] 5", [], .whenLone) == ["[", "1", "[]", "]", "[", "]", "5"])
    }

    @Test func anArrayBelowAnArrayIsNotLoneButStillPrintsFromItsElements() {
        let text = #"{"x":[{"items":[1,2]},{"items":[3]}]}"#
        let steps: [StreamSelector.Step] = [.key(Array("x".utf8)), Self.items]
        #expect(Self.events(text, steps, .whenLone) == ["[1,2]", "[3]"])
        #expect(Self.events(text, steps, .always) == ["[", "1", "2", "]", "[", "3", "]"])
        // `*` or an index on the way: not lone either.
        #expect(Self.events(#"{"x":{"items":[1]}}"#, [.wildcard, Self.items], .whenLone) == ["[1]"])
        #expect(Self.events(#"{"items":[[1]]}"#, [Self.items, .index(0)], .always) == ["[1]"])
    }

    @Test func aSecondValueAfterASpreadArrayIsRefusedWhereOnlyALoneArrayMaySpread() {
        let text = #"{"items":[1,2],"items":3}"#
        #expect(Self.events(text, [Self.items], .whenLone) == ["[", "1", "2", "]", "error at step 0"])
        #expect(Self.events(text, [Self.items], .always) == ["[", "1", "2", "]", "3"])
        // A value first, then the array: the array is not lone, and is built whole.
        #expect(Self.events(#"{"items":3,"items":[1,2]}"#, [Self.items], .whenLone) == ["3", "[1,2]"])
        // Each top-level value of a stream starts afresh.
        #expect(Self.events(#"{"items":[1]} {"items":[2]}"#, [Self.items], .whenLone) == ["[", "1", "]", "[", "2", "]"])
    }
}
