import Foundation
import Testing
import TestSupport
@testable import DocTree

/// The elements of a spread array that are objects or arrays are read whole
/// by the tree's own scan (`JSONStreamScanner.takeElement`), or token by
/// token when a chunk ends inside one. However the input is cut, the
/// elements, their objects' repeated-key marks and the errors are those of
/// a whole-buffer read.
@Suite(.timeLimit(.minutes(TestTiming.minutes(2))))
struct SpreadElementTests {
    /// Each element of every candidate (a batch's elements one by one), as
    /// compact JSON with the repeated-key mark of each object in it, in
    /// document order; then the error, if any.
    static func elements(
        _ bytes: [UInt8], _ keys: [String?], spreads: Bool = true, options: LoadOptions = LoadOptions(), cutAt cut: Int
    ) -> StreamChunkingTests.Outcome {
        var outcome = StreamChunkingTests.Outcome()
        var scanner = JSONStreamScanner(
            input: ChunkedInput(bytes: Array(bytes[cut...])), head: Array(bytes[..<cut]), skip: 0,
            matcher: MemberChainMatcher(keys, spreadsArrays: spreads), options: options)
        do {
            try scanner.run(emit: { candidate in
                let root = candidate.document.root
                let node = candidate.isWrapped ? root.children.first! : root
                for element in candidate.isBatch || !spreads ? Array(node.children) : [node] {
                    outcome.candidates.append(element.jsonString() + " " + marks(element, in: candidate.document))
                }
            }, nextValue: {})
        } catch .load(let error) {
            outcome.error = StreamChunkingTests.describe(error)
        } catch {
            outcome.error = "\(error)"
        }
        return outcome
    }

    /// "d" for each object with repeated keys, "u" for one without, in pre-order.
    static func marks(_ node: Node, in document: Document) -> String {
        var marks = ""
        if node.kind == .object { marks += document.table.nodes[Int(node.index)].hasDuplicateKeys ? "d" : "u" }
        for child in node.children { marks += Self.marks(child, in: document) }
        return marks
    }

    static let document = Array(
        #"""
        {"a":[{"k":1,"k":2},{"k":3},[{"k":4,"j":{"k":5,"k":6}}],
          {"x\"y":"é\u00e9","n":[1,[2,[3]]],"k":{"k":{"k":7}}}, 8, "s", {"z":null,"y":true,"z":false},
          [], {}, [[],{}] ], "b":1}
        """#.utf8)

    @Test func aCutAtEveryByteGivesTheWholeReadsElements() {
        // Unspread, the array is one candidate: its children are the elements.
        let whole = Self.elements(Self.document, ["a"], spreads: false, cutAt: Self.document.count)
        #expect(whole.error == nil)
        #expect(whole.candidates.count == 10)
        #expect(whole.candidates.first == #"{"k":1,"k":2} d"#)
        #expect(whole.candidates.contains(#"[{"k":4,"j":{"k":5,"k":6}}] ud"#))
        for cut in 0...Self.document.count {
            #expect(Self.elements(Self.document, ["a"], cutAt: cut) == whole, "cut at \(cut)")
        }
    }

    @Test func tinySlicesGiveTheWholeReadsElements() throws {
        let whole = Self.elements(Self.document, ["a"], spreads: false, cutAt: Self.document.count)
        for slice in [1, 2, 5, 64] {
            var outcome = StreamChunkingTests.Outcome()
            try StreamingLoad.run(
                ChunkedInput(bytes: Self.document, sliceSize: slice), matcher: MemberChainMatcher(["a"], spreadsArrays: true),
                options: LoadOptions(format: .json)
            ) { candidate in
                for element in candidate.document.root.children {
                    outcome.candidates.append(element.jsonString() + " " + Self.marks(element, in: candidate.document))
                }
            }
            #expect(outcome == whole, "slices of \(slice)")
        }
    }

    @Test func aMistakeInAnElementIsTheWholeReadsAtEveryCut() throws {
        for text in [#"{"a":[{"k":1},{"k":tru}]}"#, #"{"a":[[1,2],{"k" 1}]}"#, #"{"a":[{"k":"\x"}]}"#, #"{"a":[{"k":1},]}"#] {
            let bytes = Array(text.utf8)
            let expected = StreamChunkingTests.describe(try #require(JSONReaderAgreementTests.strictError(bytes)))
            for cut in 0...bytes.count {
                #expect(Self.elements(bytes, ["a"], cutAt: cut).error == expected, "\(text), cut at \(cut)")
            }
        }
    }

    @Test func anElementTooDeepNamesTheLimitAtEveryCut() throws {
        let bytes = Array(#"{"a":[{"k":[1]},{"k":[[[2]]]}]}"#.utf8)
        let options = LoadOptions(maxDepth: 5)
        var expected: String?
        do { _ = try JSONScanner.parse(bytes, options: options) } catch { expected = StreamChunkingTests.describe(error) }
        #expect(expected?.contains("5") == true)
        for cut in 0...bytes.count {
            let outcome = Self.elements(bytes, ["a"], options: options, cutAt: cut)
            #expect(outcome.error == expected, "cut at \(cut)")
            // The element before the mistake is handed on.
            #expect(outcome.candidates == [#"{"k":[1]} u"#], "cut at \(cut)")
        }
    }

    @Test func theNodeLimitAppliesToEachElementAtEveryCut() {
        let bytes = Array(#"{"a":[{"k":[1,2]},{"k":[1,2,3,4,5,6]},{"k":1}]}"#.utf8)
        var options = LoadOptions()
        options.maxNodeCount = 5
        let first = Self.elements(bytes, ["a"], options: options, cutAt: bytes.count)
        #expect(first.candidates == [#"{"k":[1,2]} u"#])
        #expect(first.error?.contains("tooLarge") == true)
        #expect(first.error?.contains("5") == true)
        for cut in 0...bytes.count {
            #expect(Self.elements(bytes, ["a"], options: options, cutAt: cut) == first, "cut at \(cut)")
        }
    }

    @Test func commentsInElementsReadAsInAWholeRead() {
        let text = """
            {"a": [ // the first
              {"k": 1, /* one */ "j": [2, 3,],}, /* between */
              [ {"k": 4} // four
              ],
            ]}
            """
        let bytes = Array(text.utf8)
        var options = LoadOptions()
        options.readsJSONWithComments = true
        let whole = Self.elements(bytes, ["a"], spreads: false, options: options, cutAt: bytes.count)
        #expect(whole.candidates == [#"{"k":1,"j":[2,3]} u"#, #"[{"k":4}] u"#])
        for cut in 0...bytes.count {
            #expect(Self.elements(bytes, ["a"], options: options, cutAt: cut) == whole, "cut at \(cut)")
        }
    }
}
