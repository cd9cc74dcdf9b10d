import ArgumentParser
import DocQuery
import DocTree
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

/// Runs an edit command: each document is read, edited as one transaction
/// and written to standard output, or with `-i` back to its file.
///
/// Every document is edited before anything is written, so a failure in
/// one file leaves every file as it was.
struct EditRun {
    let edits: [Edit]
    let files: [String]
    let target: EditTargetOptions

    func execute() -> ExitStatus {
        let diagnostics = Diagnostics()
        let sources = (files.isEmpty ? ["-"] : files).map(InputSource.init(operand:))
        if target.inPlace, let source = sources.first(where: { if case .file = $0 { false } else { true } }) {
            writeToStandardError("error: -i/--in-place edits files; \(source.label) is not one\n")
            return .usage
        }
        var edits = self.edits
        if let file = target.editsFile {
            do {
                let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
                edits += try EditScript.edits(
                    fromFile: file, options: target.input.loadOptions, parameters: try target.parameters.bindings(for: [text]))
            } catch {
                writeToStandardError("error: \(file): \(error)\n")
                return .usage
            }
        }
        // Each path is compiled once, for every engine and every input.
        do {
            edits = try edits.map { (edit) throws(QueryError) in try edit.compiled() }
        } catch {
            writeToStandardError(diagnostics.text(for: error))
            return ExitStatus(error)
        }
        let options = target.input.loadOptions
        let streamed: StreamedEditRun?
        do {
            streamed = StreamedEditRun(edits: edits, edit: try StreamedEdit(edits, options: options, maxHeld: target.maxHeld?.bytes),
                                       forced: target.streamOnly, inPlace: target.inPlace,
                                       isOnlyInput: sources.count == 1, options: options)
        } catch {
            if target.streamOnly {
                let refusal = Self.refusal(of: edits, error, sources: sources, options: options, maxHeld: target.maxHeld?.bytes)
                writeToStandardError(diagnostics.text(for: refusal))
                return ExitStatus(refusal)
            }
            streamed = nil
        }
        var results: [(InputSource, EditOutput)] = []
        func discardAll() { for (_, output) in results { output.discard() } }
        for source in sources {
            // Standard input, read whole: an error's line is quoted from it.
            var heldInput: [UInt8]?
            do {
                if case .file(let path) = source, StreamRun.startsStream(source, options: options) {
                    let output = try EditOutput.opened(for: source, inPlace: target.inPlace, isOnlyInput: sources.count == 1)
                    do {
                        try RecordEdits(edits: edits, options: source.loadOptions(options)).edit(file: path, write: output.write)
                    } catch {
                        output.discard()
                        throw error
                    }
                    results.append((source, output))
                    continue
                }
                if case .standardInput = source, streamed?.forced == false {
                    // Read whole, so that the tree can still take it when the stream cannot.
                    let bytes = try read(source)
                    heldInput = bytes
                    if let output = try streamed?.run(standardInput: bytes) {
                        results.append((source, output))
                    } else {
                        results.append((source, .bytes(try edit(bytes, edits, options: source.loadOptions(target.input.loadOptions)))))
                    }
                    continue
                }
                if let output = try streamed?.run(source) {
                    results.append((source, output))
                    continue
                }
                let bytes = try read(source)
                if case .standardInput = source { heldInput = bytes }
                results.append((source, .bytes(try edit(bytes, edits, options: source.loadOptions(target.input.loadOptions)))))
            } catch let error as LoadError {
                discardAll()
                let quoted = QuotedLine.quoting(error, from: source, bytes: heldInput, options: options)
                writeToStandardError(diagnostics.text(for: quoted, source: source.label))
                return ExitStatus(error)
            } catch let error as QueryError {
                discardAll()
                let explained = target.streamOnly
                    ? nil
                    : ExplainedMiss.text(for: error, of: edits, in: source, bytes: heldInput, options: options, diagnostics: diagnostics)
                writeToStandardError(explained ?? diagnostics.text(for: error, source: source.label))
                return ExitStatus(error)
            } catch let error as AtomicFile.Failure {
                discardAll()
                let files = AtomicFile.outcome(replaced: [], unchanged: target.inPlace ? sources.map(\.label) : [source.label])
                writeToStandardError("error: \(error.description); \(files)\n")
                return .usage
            } catch {
                discardAll()
                writeToStandardError("error: \(source.label): \(error)\n")
                return .usage
            }
        }
        if target.inPlace {
            // Only files come here (see above), as bytes or a streamed edit's temporary file.
            do {
                try AtomicFile.replaceAll(results.map { source, output in
                    if case .replacement(let file) = output { return (source.label, .written(file)) }
                    guard case .bytes(let bytes) = output, case .file(let path) = source else { preconditionFailure("-i edits files") }
                    return (source.label, .bytes(path: path, bytes))
                })
            } catch {
                writeToStandardError("error: \(error.description)\n")
                return .usage
            }
            return .matched
        }
        var out = OutputStream.standardOutput()
        for (k, (source, output)) in results.enumerated() {
            do {
                switch output {
                case .bytes(let bytes):
                    out.write(bytes: bytes)
                case .spooled(let descriptor):
                    out.flush()
                    try EditOutput.copyOut(descriptor)
                case .replacement, .direct:
                    break
                }
            } catch {
                for (_, rest) in results[(k + 1)...] { rest.discard() }
                writeToStandardError("error: \(error.description); \(source.label) is unchanged\n")
                return .usage
            }
        }
        out.flush()
        return .matched
    }

    /// One input edited: a document, or JSON Lines record by record.
    private func edit(_ bytes: [UInt8], _ edits: [Edit], options: LoadOptions) throws -> [UInt8] {
        do {
            var editor = try DocumentEditor(bytes: bytes, options: options)
            Self.noteCreations(try editor.apply(edits), edits)
            return editor.bytes
        } catch let error as LoadError {
            // Several JSON values (JSON Lines) are edited record by record;
            // the reader says so by its typed result, asked only on failure.
            let isStream: Bool
            do {
                isStream = try Document.oneDocument(bytes: bytes, charset: nil, options: options) == nil
            } catch {
                isStream = false
            }
            guard isStream else { throw error }
            return try RecordEdits(edits: edits, options: options).edit(bytes)
        }
    }

    /// Says on standard error which `set` edits matched nothing and created
    /// the members they name: a typo, or a flat key such as VS Code's
    /// `"editor.fontSize"`, otherwise looks like a replacement.
    static func noteCreations(_ summary: EditSummary, _ edits: [Edit]) {
        guard summary.created > 0 else { return }
        for (edit, count) in zip(edits, summary.matches) where count == 0 {
            writeToStandardError("note: '\(edit.path)' matched nothing, so it was created\n")
        }
    }

    /// The bytes of one input; with `-i`, of a regular file only.
    private func read(_ source: InputSource) throws -> [UInt8] {
        switch source {
        case .standardInput:
            return try DocumentLoader.readAll(0, label: source.label)
        case .file(let path):
            if target.inPlace { _ = try AtomicFile.target(of: path) }
            let descriptor = try DocumentLoader.open(path)
            defer { close(descriptor) }
            return try DocumentLoader.readAll(descriptor, label: path)
        case .url(let url):
            throw LoadError(.unreadableSource, "\(url.absoluteString): edit commands read files and standard input, not URLs")
        }
    }

    /// A VALUE that `--json` cannot read.
    struct ValueError: Error, CustomStringConvertible {
        var description: String
    }

    /// An insert of `value` beside each match of `path` (`before` or
    /// `after`, which the caller has checked are not both given, nor with an
    /// index), else into each at `index`: `docq insert`'s and an edit file's.
    static func insert(
        _ value: EditValue, path: String, key: String?, index: Int?, before: Bool, after: Bool, parameters: [String: (any Sendable)?]
    ) -> Edit {
        if before { return .insert(value, before: path, key: key, parameters: parameters) }
        if after { return .insert(value, after: path, key: key, parameters: parameters) }
        return .insert(value, into: path, key: key, at: index, parameters: parameters)
    }

    /// A command-line VALUE: text, or with `--json` the JSON value it spells.
    static func value(_ text: String, json: Bool) throws -> EditValue {
        guard json else { return EditValue(text) }
        do {
            return try EditValue(json: text)
        } catch {
            throw ValueError(description: "the value is not JSON (\(error.message)); without --json it is taken as text")
        }
    }

    /// Why `edits` cannot stream, `error` having said why in neither
    /// format: for one file whose format its first bytes tell, that
    /// format's own reason (an XML file's path may stream further than its
    /// JSON reading would), else `error`.
    private static func refusal(
        of edits: [Edit], _ error: QueryError, sources: [InputSource], options: LoadOptions, maxHeld: Int?
    ) -> QueryError {
        guard options.format == nil, sources.count == 1, case .file(let path) = sources[0],
            let (format, _) = StreamedEditRun.oneDocument(path, options: options)
        else { return error }
        var formatOptions = options
        formatOptions.format = format
        do {
            _ = try StreamedEdit(edits, options: formatOptions, maxHeld: maxHeld)
        } catch let formatsReason {
            return formatsReason
        }
        return error
    }
}
