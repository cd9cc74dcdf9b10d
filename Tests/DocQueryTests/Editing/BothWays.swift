import DocQuery
import DocTree
import Testing

/// The edit suites' one way to edit a text: held whole, and streamed in
/// chunks of 1 and 4,096 bytes, which must write the same bytes or fail
/// with the same kind of error and the same message (or refuse to stream:
/// some edits need the whole document; and a no-match explains what the
/// path matched on the way only when the tree is held). The held-whole
/// answer is returned.
enum BothWays {
    /// The held-whole editor's output for `edits` on `text`, checked against the streamed editor's.
    static func edited(_ text: String, _ edits: [Edit], options: LoadOptions = LoadOptions()) throws -> String {
        let input = Array(text.utf8)
        let output: [UInt8]
        do {
            output = try DocumentEditor(bytes: input, options: options).applying(edits).bytes
        } catch {
            expectSameFailure(error, edits, input, options: options)
            throw error
        }
        for chunk in [1, 4096] { _ = try EditDifferentialTests.streamsTheSame(edits, input, output, options: options, chunk: chunk) }
        return String(decoding: output, as: UTF8.self)
    }

    /// The held-whole editor's error for `edits` on `text` (`nil` when they
    /// apply), checked against the streamed editor's.
    static func failure(_ text: String, _ edits: [Edit], options: LoadOptions = LoadOptions()) -> QueryError? {
        do {
            _ = try edited(text, edits, options: options)
            return nil
        } catch {
            return error as? QueryError
        }
    }

    /// Records an issue unless streaming `edits` over `input` fails as
    /// `heldWhole` did, or refuses to stream.
    private static func expectSameFailure(_ heldWhole: any Error, _ edits: [Edit], _ input: [UInt8], options: LoadOptions) {
        for chunk in [1, 4096] {
            do {
                _ = try StreamedEditTests.streamed(edits, input, chunk: chunk, options: options)
                Issue.record("\(edits): held whole it fails (\(heldWhole)); streamed in \(chunk)-byte chunks it applies")
            } catch let error as QueryError where error.kind == .notStreamable {
                continue
            } catch let error as QueryError where error.kind == .noMatch {
                // What the path matched on the way, which explains a
                // no-match, is known from the tree only: the streamed
                // message is the held-whole one without it.
                let held = heldWhole as? QueryError
                #expect(held?.kind == .noMatch, "\(edits) streamed in \(chunk)-byte chunks: \(error)")
                #expect(held?.message.hasPrefix(error.message) == true, "\(edits) streamed in \(chunk)-byte chunks: \(error)")
            } catch {
                #expect("\(error)" == "\(heldWhole)", "\(edits) streamed in \(chunk)-byte chunks")
                #expect(type(of: error) == type(of: heldWhole), "\(edits) streamed in \(chunk)-byte chunks")
            }
        }
    }
}
