import DocQuery
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `docq --stream`, and streaming chosen on its own for big files: the
/// path is evaluated while each input is read in chunks
/// (``PathQuery/stream(contentsOf:options:)``), so memory stays bounded
/// whatever the input's size. Output is what docq prints without
/// streaming; `--paths` and `--jmespath` do not stream.
///
/// Without `--stream`, docq streams when every input is a file, one of
/// them is larger than ``threshold`` bytes (1 GiB, or `DOCQ_STREAM_THRESHOLD`),
/// and the path can stream; otherwise it loads documents whole, as it does
/// when a file turns out not streamable for the path before a match is
/// printed (a key that occurs twice, the first time on an array a filter
/// read element by element; a lone array's elements counted, then a second
/// value, has the file read again instead).
///
/// A file of JSON Lines is never streamed this way, with or without
/// `--stream`: it is read one record at a time already, and the path is
/// evaluated on each record as a document of its own, and a malformed
/// record does not end it. Several values on standard input are streamed
/// one value after the other, each as a document of its own, so the output
/// is the same. There a malformed value after the first is reported with
/// its line and column, reading goes on at the next line, and docq exits 3
/// at the end; matches a malformed value gave before its error are printed
/// (a stream cannot take them back), where the record reader prints none.
/// A value whose evaluation fails is reported likewise, the values after it
/// are evaluated, and docq exits 2 at the end.
///
/// A matched JSON array prints as one line of JSON, written element by
/// element as they stream, so one big array never has to fit in memory.
struct StreamRun {
    let command: QueryOptions
    let path: String
    let diagnostics: Diagnostics

    /// The default size above which docq streams on its own: 1 GiB.
    static let defaultThreshold = 1 << 30

    /// The size above which docq streams on its own.
    static var threshold: Int { threshold(byDefault: defaultThreshold) }

    /// `DOCQ_STREAM_THRESHOLD` when it is set, else `size`.
    static func threshold(byDefault size: Int) -> Int {
        environmentVariable("DOCQ_STREAM_THRESHOLD").flatMap { Int($0) } ?? size
    }

    /// The exit status when the run streams; `nil` when it loads documents as usual.
    func runIfStreaming(_ query: CompiledQuery, sources: [InputSource]) -> ExitStatus? {
        guard command.stream || Self.shouldStream(query, sources: sources) else { return nil }
        let options = command.input.loadOptions
        if sources.contains(where: { Self.startsStream($0, options: options) }) { return nil }
        guard case .path(let path) = query else {
            writeToStandardError("\(diagnostics.style.error("error:")) --stream evaluates key paths, not --jmespath expressions\n")
            return .usage
        }
        guard !command.paths else {
            writeToStandardError("\(diagnostics.style.error("error:")) --paths cannot be combined with --stream\n")
            return .usage
        }
        do {
            try path.checkStreamable()
        } catch {
            writeToStandardError(diagnostics.text(for: error))
            return .usage
        }
        return run(path, sources: sources)
    }

    private static func shouldStream(_ query: CompiledQuery, sources: [InputSource]) -> Bool {
        guard case .path(let path) = query, (try? path.checkStreamable()) != nil else { return false }
        var large = false
        for source in sources {
            // stat, not FileManager's attributes, which also look up the
            // owner's and group's names (reading /etc/passwd and /etc/group)
            // and box every field: about 6 % of docq's start-up.
            var status = stat()
            guard case .file(let name) = source, stat(name, &status) == 0 else { return false }
            if Int(status.st_size) > threshold { large = true }
        }
        return large
    }

    /// Whether `source` is a regular file that starts a stream of values,
    /// JSON Lines or not, as the record reader judges its first chunk
    /// (``RecordReader/startsStream(_:options:)``); a pipe or a device is not
    /// opened here (opening a pipe waits for its writer, and what is read to
    /// look could not be read again).
    static func startsStream(_ source: InputSource, options: LoadOptions) -> Bool {
        var status = stat()
        guard case .file(let name) = source, stat(name, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              let input = try? ChunkedInput(path: name)
        else { return false }
        var head: [UInt8] = []
        head.reserveCapacity(min(Int(status.st_size) + 1, RecordReader.defaultChunkSize))
        guard (try? RecordReader.readHead(of: input, into: &head)) != nil else { return false }
        return RecordReader.startsStream(head, options: source.loadOptions(options))
    }

    /// Stops the stream after the first match (`-1`).
    private struct Enough: Error {}

    /// What a run writes and counts, shared by the handlers the stream calls
    /// (one at a time, on this task). Its fields are checked for exclusive
    /// access like any class's: leaving them unchecked saved 1.3 % of
    /// `--stream items.id`'s instructions (callgrind), under the 2 % that
    /// unsafe code must pay for itself.
    private final class Printing {
        var out = OutputStream.standardOutput()
        /// Matches printed for the current source.
        var count = 0
        /// Inside a matched array, which prints as one line of JSON written
        /// element by element: the elements written so far.
        var elements: Int?
        /// The highest failing status met, if any.
        var failure: ExitStatus?

        func fail(_ status: ExitStatus) { failure = max(failure ?? status, status) }
    }

    /// Streams `sources`; `nil` when docq chose to stream (no `--stream`)
    /// and a source turned out not streamable for the path before anything
    /// was printed (`items[?. > 1]` where `items` comes twice, an array
    /// first), so that loading them whole gives the answer.
    private func run(_ query: PathQuery, sources: [InputSource]) -> ExitStatus? {
        let output = command.output
        let labels = sources.count > 1 && !command.noFilename || command.withFilename
        // JSON output is never prefixed: -H names the file inside it.
        let prefixes = labels && !output.isJSON
        let commandOptions = command.input.loadOptions
        let printing = Printing()
        var matched = false
        var missed: [String] = []
        // Read once: an option's value is a property wrapper, slow to read per match.
        let asJSON: Bool
        if case .jsonArrays = output { asJSON = true } else { asJSON = false }
        let firstOnly = command.first
        for source in sources {
            let prefix = prefixes ? source.label + ":" : ""
            let options = source.loadOptions(commandOptions)
            printing.count = 0
            printing.elements = nil
            var collected: [Match] = []
            /// Whether the source could not be read or parsed: its JSON array is not printed.
            var sourceFailed = false
            /// Ends the line of an array the input failed inside (left unclosed).
            func endLine() {
                if printing.elements != nil { printing.out.write("\n") }
                printing.out.flush()
            }
            /// A malformed value of a stream of values (JSON Lines): reported, and the run goes on.
            func passOver(_ error: LoadError) {
                endLine()
                printing.elements = nil
                let quoted = QuotedLine.quoting(error, from: source, options: commandOptions)
                writeToStandardError(diagnostics.text(for: quoted, source: source.label))
                printing.fail(ExitStatus(error))
            }
            /// A value whose evaluation failed: reported, and the run goes on with the next value.
            func fail(_ error: QueryError) {
                printing.out.flush()
                writeToStandardError(diagnostics.text(for: error, source: labels ? source.label : nil))
                printing.fail(ExitStatus(error))
            }
            do {
                let input: ChunkedInput
                switch source {
                case .standardInput: input = ChunkedInput(descriptor: 0, closesOnEnd: false, label: source.label)
                case .file(let name): input = ChunkedInput(descriptor: try DocumentLoader.open(name), closesOnEnd: true, label: name)
                case .url:
                    throw LoadError(.unreadableSource, "--stream reads files and standard input, not URLs")
                }
                if asJSON {
                    try query.streamMatches(input, options: options, malformed: passOver, failed: fail) { match in
                        printing.count += 1
                        collected.append(match)
                        if firstOnly { throw Enough() }
                    }
                } else if output != .lines {
                    // --pretty, --csv, --tsv: each match whole, as the in-memory run prints it.
                    try query.streamMatches(input, options: options, malformed: passOver, failed: fail) { match in
                        printing.count += 1
                        switch output {
                        case .csv, .tsv:
                            printing.out.line(prefix + (try DelimitedRow.row(match, output == .csv ? .csv : .tsv)))
                        default:
                            ValueFormatter.writeJSONLine(match, pretty: true, to: &printing.out)
                        }
                        if firstOnly { throw Enough() }
                    }
                } else {
                    // A matched array prints as one line of JSON, written element by element.
                    func arrayEdge(_ edge: ArrayEdge) throws {
                        if edge == .open {
                            printing.out.write(prefix + "[")
                            printing.elements = 0
                        } else {
                            printing.out.write("]\n")
                            printing.elements = nil
                            printing.count += 1
                            if firstOnly { throw Enough() }
                        }
                    }
                    try query.streamMatches(
                        input, options: options, printsArrays: true, arrayEdge: arrayEdge, malformed: passOver, failed: fail
                    ) { match in
                        if let written = printing.elements {
                            if written > 0 { printing.out.write(",") }
                            ValueFormatter.writeJSON(match, to: &printing.out)
                            printing.elements = written + 1
                            return
                        }
                        printing.count += 1
                        ValueFormatter.writeLine(match, prefix: prefix, to: &printing.out)
                        if firstOnly { throw Enough() }
                    }
                }
            } catch is Enough {
            } catch let error as LoadError {
                endLine()
                let quoted = QuotedLine.quoting(error, from: source, options: commandOptions)
                writeToStandardError(diagnostics.text(for: quoted, source: source.label))
                printing.fail(ExitStatus(error))
                sourceFailed = true
            } catch let error as QueryError {
                // Nothing printed yet (a JSON array is printed per file): load them all whole instead.
                if error.kind == .notStreamable, !command.stream, !matched, printing.count == 0, printing.elements == nil,
                   printing.failure == nil, !asJSON || source == sources.first {
                    return nil
                }
                endLine()
                writeToStandardError(diagnostics.text(for: error, source: labels ? source.label : nil))
                printing.fail(ExitStatus(error))
            } catch let failure as DelimitedRow.Failure {
                printing.out.flush()
                writeToStandardError(diagnostics.errorText(failure.message, source: labels ? source.label : nil))
                printing.fail(.evaluationFailed)
            } catch {
                endLine()
                writeToStandardError("\(diagnostics.style.error("error:")) \(error)\n")
                printing.fail(.malformedDocument)
            }
            if asJSON && !sourceFailed {
                ValueFormatter.writeJSONArray(
                    collected, pretty: command.pretty, file: command.withFilename ? source.label : nil, to: &printing.out)
            }
            if printing.count > 0 { matched = true } else { missed.append(source.label) }
        }
        printing.out.flush()
        if !matched && printing.failure == nil {
            for label in missed {
                writeToStandardError(diagnostics.noMatchText(path: path, explanation: nil, source: labels ? label : nil))
            }
        }
        if let failure = printing.failure { return failure }
        return matched ? .matched : .noMatch
    }
}
