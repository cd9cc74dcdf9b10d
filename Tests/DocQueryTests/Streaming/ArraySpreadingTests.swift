import DocTree
import Testing
@testable import DocQuery

/// Which JSON array candidates a streaming parse hands on element by
/// element (``StreamSelector/Spreading``), so that one big array never
/// has to be built whole.
@Suite struct ArraySpreadingTests {
    /// What the parse handed on: `[` and `]` for a spread array's edges,
    /// each candidate as compact JSON (`batch …` for a batch of elements);
    /// then the selector error's step or the load error's location, if any.
    static func events(
        _ text: String, _ steps: [StreamSelector.Step], _ spreading: StreamSelector.Spreading, slice: Int? = 3,
        options: LoadOptions = LoadOptions()
    ) -> [String] {
        var out: [String] = []
        do {
            try StreamingLoad.run(
                ChunkedInput(bytes: Array(text.utf8), sliceSize: slice),
                matcher: StreamMatcher(StreamSelector(steps: steps, keepsKeys: false, spreading: spreading)), options: options,
                arrayEdge: { out.append($0 == .open ? "[" : "]") }
            ) { candidate in
                out.append((candidate.isBatch ? "batch " : "") + candidate.document.root.jsonString())
            }
        } catch .selector(let error) {
            out.append("error at step \(error.step)")
        } catch .load(let error) {
            out.append("error \(error.location.map { "\($0.line):\($0.column)" } ?? "-") \(error.kind)")
        } catch {
            out.append("\(error)")
        }
        return out
    }

    static let items = StreamSelector.Step.key(Array("items".utf8))

    @Test func aLoneArrayComesElementByElement() {
        let text = #"{"n":1,"items":[{"a":1},[2,3],"x"],"m":[4]}"#
        // Small elements come in batches (up to 64 KiB), each parsed as one array of them.
        #expect(Self.events(text, [Self.items], .whenLone) == ["[", #"batch [{"a":1},[2,3],"x"]"#, "]"])
        #expect(Self.events(text, [Self.items], .always) == ["[", #"batch [{"a":1},[2,3],"x"]"#, "]"])
        #expect(Self.events(text, [Self.items], .never) == [#"[{"a":1},[2,3],"x"]"#])
        // The root array, for a path whose first step is a filter; one element is no batch.
        #expect(Self.events("[1,[]] [] [[5]] 5", [], .whenLone) == ["[", "batch [1,[]]", "]", "[", "]", "[", "[5]", "]", "5"])
    }

    @Test func theNodeLimitAppliesToEachElementOfABatchOnItsOwn() {
        // Each element holds 2 nodes, within a limit of 4 (with the document node); the batch holds 8.
        var options = LoadOptions()
        options.maxNodeCount = 4
        for slice in [1, 3, 100] {
            #expect(Self.events(#"{"items":[[1],[2],[3]]}"#, [Self.items], .whenLone, slice: slice, options: options)
                == ["[", "batch [[1],[2],[3]]", "]"], "slices of \(slice)")
            // An element past the limit: those before it go on, one by one, then its error, where a
            // load of it alone fails: at the comma after its fourth node, or (unlocated) at its end.
            #expect(Self.events(#"{"items":[[1],[2],[3,4,5,6]]}"#, [Self.items], .whenLone, slice: slice, options: options)
                == ["[", "[1]", "[2]", "error 1:25 tooLarge"], "slices of \(slice)")
            #expect(Self.events(#"{"items":[[1],[3,4,5]]}"#, [Self.items], .whenLone, slice: slice, options: options)
                == ["[", "[1]", "error - tooLarge"], "slices of \(slice)")
        }
    }

    @Test func theElementsBeforeAMalformedOneGoOn() {
        // Those before it go on, one by one (as if never batched), and its error is located in the whole input.
        // (The scan finds the lone surrogate escape; the elements read before it go on.)
        let text = "{\"items\":[1,\n 2, \"\\ud800\",\n4]}"
        let whole = Self.events(text, [Self.items], .never)
        #expect(whole == ["error 2:6 invalidSyntax"])
        let one = "{\"items\":[[1],\n x]}"
        #expect(Self.events(one, [Self.items], .never) == ["error 2:2 invalidSyntax"])
        for slice in [1, 3, 100] {
            #expect(Self.events(text, [Self.items], .whenLone, slice: slice) == ["[", "1", "2", whole[0]], "slices of \(slice)")
            #expect(Self.events(one, [Self.items], .whenLone, slice: slice) == ["[", "[1]", "error 2:2 invalidSyntax"])
        }
    }

    @Test func anArrayBelowAnArrayIsNotLoneButStillPrintsFromItsElements() {
        let text = #"{"x":[{"items":[1,2]},{"items":[3]}]}"#
        let steps: [StreamSelector.Step] = [.key(Array("x".utf8)), Self.items]
        #expect(Self.events(text, steps, .whenLone) == ["[1,2]", "[3]"])
        #expect(Self.events(text, steps, .always) == ["[", "batch [1,2]", "]", "[", "3", "]"])
        // `*` or an index on the way: not lone either.
        #expect(Self.events(#"{"x":{"items":[1]}}"#, [.wildcard, Self.items], .whenLone) == ["[1]"])
        #expect(Self.events(#"{"items":[[1]]}"#, [Self.items, .positions(0..<1)], .always) == ["[1]"])
    }

    @Test func aSecondValueAfterASpreadArrayIsRefusedWhereOnlyALoneArrayMaySpread() {
        let text = #"{"items":[1,2],"items":3}"#
        #expect(Self.events(text, [Self.items], .whenLone) == ["[", "batch [1,2]", "]", "error at step 0"])
        #expect(Self.events(text, [Self.items], .always) == ["[", "batch [1,2]", "]", "3"])
        // A value first, then the array: the array is not lone, and is built whole.
        #expect(Self.events(#"{"items":3,"items":[1,2]}"#, [Self.items], .whenLone) == ["3", "[1,2]"])
        // Each top-level value of a stream starts afresh.
        #expect(Self.events(#"{"items":[1]} {"items":[2]}"#, [Self.items], .whenLone) == ["[", "1", "]", "[", "2", "]"])
    }
}
