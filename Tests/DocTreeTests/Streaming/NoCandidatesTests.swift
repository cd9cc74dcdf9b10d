import Foundation
import Testing
import TestSupport
@testable import DocTree

/// A stream read with ``NoCandidates`` (how a streamed edit reads its output
/// back) checks every byte, values below the top level by the check scan
/// whole: it accepts and rejects what a whole-buffer load does, with the
/// same message at the same place, however the input is cut.
@Suite(.timeLimit(.minutes(TestTiming.minutes(2))))
struct NoCandidatesTests {
    /// The error of reading `bytes` with ``NoCandidates`` in slices of `slice` bytes, if any.
    static func verdict(_ bytes: [UInt8], slice: Int?) -> String? {
        do {
            try StreamingLoad.run(ChunkedInput(bytes: bytes, sliceSize: slice), matcher: NoCandidates(), options: LoadOptions(format: .json)) { _ in
                Issue.record("a candidate")
            }
            return nil
        } catch .load(let error) {
            return StreamChunkingTests.describe(error)
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: StreamChunkingTests.files)
    func theSuiteGetsTheWholeBufferVerdict(_ file: URL) throws {
        let bytes = try [UInt8](Data(contentsOf: file))
        var expected: String?
        do {
            // Several values are a stream, which the whole-buffer load refuses.
            guard case .document = try JSONScanner.read(bytes, options: LoadOptions()) else { return }
        } catch {
            expected = StreamChunkingTests.describe(error)
        }
        for slice in [nil, 1, 7] as [Int?] {
            #expect(Self.verdict(bytes, slice: slice) == expected, "\(file.lastPathComponent), slices of \(String(describing: slice))")
        }
    }

    @Test func aMistakeDeepInsideIsFoundAtEveryCut() throws {
        let good = #"{"a": [{"b": [1, {"c": "d"}]}, [[], {}]], "e": {"f": [true, null]}}"#
        for text in [good, #"{"a": [{"b": [1, {"c": "d}]}]}"#, #"{"a": [{"b": [1, {"c" 2}]}], "e": 1}"#, #"{"e": {"f": [tru]}}"#] {
            let bytes = Array(text.utf8)
            let expected = JSONReaderAgreementTests.strictError(bytes).map(StreamChunkingTests.describe)
            #expect((expected == nil) == (text == good))
            for slice in 1...bytes.count {
                #expect(Self.verdict(bytes, slice: slice) == expected, "\(text), slices of \(slice)")
            }
        }
    }
}
