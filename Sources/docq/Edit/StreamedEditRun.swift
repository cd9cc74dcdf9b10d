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

/// The streamed path of an edit command (``StreamedEdit``): the input is
/// edited while it is read, its output written to a temporary file.
///
/// A file of JSON Lines never comes here: ``EditRun`` edits it record by
/// record (``RecordEdits``), as it reads it. With `--stream` every other
/// input goes this way; an edit that cannot stream is an error. Without
/// it, an edit that streams takes this way for each file that holds one
/// XML or JSON document, and for standard input read whole, since it is
/// faster and leaner than the tree;
/// JSON edits that hold each value they reach in memory
/// (`StreamedEdit.streamsJSONLeanly` is false) take it only above
/// ``heldValuesThreshold`` when they hold an array's elements a batch at a
/// time, and above ``StreamRun/threshold`` when they hold it whole: below,
/// the tree is faster. When
/// the stream finds it cannot apply the edit (a keys-only `set` that must
/// create members the stream cannot, a removal it cannot reach), the input
/// is edited with the tree instead.
struct StreamedEditRun {
    /// The edits, and the engine that streams them.
    let edits: [Edit]
    let edit: StreamedEdit
    let forced: Bool
    let inPlace: Bool
    /// Whether the run edits one input, whose output may then go straight
    /// to standard output (see ``EditOutput/directStart(reading:)``).
    let isOnlyInput: Bool
    let options: LoadOptions

    /// The size above which a JSON edit that holds each value it reaches
    /// in memory (the transaction engine), and an array's elements a batch
    /// at a time, streams on its own: 16 MiB, or `DOCQ_STREAM_THRESHOLD`.
    /// Below it the tree is faster (a filter
    /// `set` on twitter.json, 0.6 MB: 9.8 ms against 13.4 ms streamed);
    /// above it the stream is faster and leaner (17.5 MB: 120 ms against
    /// 83 ms; 50 MB: 0.31 s and 190 MB resident against 0.16 s and 21 MB).
    static var heldValuesThreshold: Int { StreamRun.threshold(byDefault: 16 << 20) }

    /// The edited output of `source`; `nil` when it goes the tree's way.
    func run(_ source: InputSource) throws -> EditOutput? {
        guard let edit = try prepared(for: source) else { return nil }
        if !forced {
            guard case .file(let path) = source, let document = Self.oneDocument(path, options: options),
                streams(edit, format: document.format, size: document.size)
            else { return nil }
        }
        let input: ChunkedInput
        switch source {
        case .standardInput: input = ChunkedInput(descriptor: 0, closesOnEnd: false, label: source.label)
        case .file(let path):
            if inPlace { _ = try AtomicFile.target(of: path) }
            input = ChunkedInput(descriptor: try DocumentLoader.open(path), closesOnEnd: true, label: path)
        case .url(let url):
            throw LoadError(.unreadableSource, "\(url.absoluteString): edit commands read files and standard input, not URLs")
        }
        return try run(edit, over: input, from: source)
    }

    /// The edited output of standard input, read whole as `bytes`, when the
    /// edit streams over them as it would over a file of those bytes
    /// (faster and leaner than the tree: a 50 MB XML `set` took 1.40 s and
    /// 333 MB through the tree, 0.5 s and 64 MB so); `nil` when it goes
    /// the tree's way, which they are still there for (and when they do
    /// not load, so that the error is the tree's, with its line quoted).
    func run(standardInput bytes: [UInt8]) throws -> EditOutput? {
        let source = InputSource.standardInput
        guard let edit = try prepared(for: source), let format = Self.format(of: bytes.prefix(512), options: options),
            streams(edit, format: format, size: bytes.count),
            // Several JSON values go record by record, as a file of them does.
            format == .xml || !RecordReader.startsStream(Array(bytes.prefix(RecordReader.defaultChunkSize)), options: options)
        else { return nil }
        do {
            // In the pieces the engine asks for, as from a file: handed out whole,
            // the bytes would reach the read-back only at the end, not beside the edit.
            return try run(edit, over: ChunkedInput(bytes: bytes, label: source.label, sliceSize: .max), from: source)
        } catch is LoadError {
            // Malformed: the tree's load says so, with the line quoted under the error.
            return nil
        }
    }

    /// `edit` prepared for how `source` is read: a *.jsonc file's engines
    /// read JSON with comments. `nil` when they do not stream then (and
    /// streaming is not forced).
    private func prepared(for source: InputSource) throws -> StreamedEdit? {
        guard source.loadOptions(options).readsJSONWithComments, !options.readsJSONWithComments else { return edit }
        // A *.jsonc file: the engines were prepared for strict JSON.
        switch Result(catching: { () throws(QueryError) in try edit.reading(source.loadOptions(options)) }) {
        case .success(let prepared): return prepared
        case .failure(let error):
            guard forced else { return nil }
            throw error
        }
    }

    /// Whether `edit` streams on its own a document of `format` and `size`
    /// bytes: the lean way (and on XML) at any size; holding the values it
    /// reaches, above the size where that is faster than the tree.
    /// `DOCQ_STREAM_THRESHOLD` sets the size for all of them.
    private func streams(_ edit: StreamedEdit, format: DocumentFormat, size: Int) -> Bool {
        let threshold =
            if format == .xml || edit.streamsJSONLeanly { StreamRun.threshold(byDefault: 0) }
            else if edit.spreadsJSONArrays { Self.heldValuesThreshold }
            else { StreamRun.threshold }
        return size > threshold
    }

    /// Runs `edit` over `input`, into the output `source` gets; `nil` when
    /// the edit turns out not to stream there (and streaming is not forced).
    /// An edit that starts again from the input's first byte (a lost bet:
    /// ``StreamedEdit``'s `run(_:restart:to:)`) gets a fresh output.
    private func run(_ edit: StreamedEdit, over input: ChunkedInput, from source: InputSource) throws -> EditOutput? {
        var output = try EditOutput.opened(for: source, inPlace: inPlace, isOnlyInput: isOnlyInput)
        do {
            let summary = try edit.run(input, restart: {
                output.discard()
                output = try EditOutput.opened(for: source, inPlace: inPlace, isOnlyInput: isOnlyInput)
            }, to: { try output.write($0) })
            EditRun.noteCreations(summary, edits)
        } catch let error as QueryError where !forced && error.kind == .notStreamable {
            output.discard()
            return nil
        } catch {
            output.discard()
            throw error
        }
        return output
    }

    /// The format and size of the file when it is a regular file (not a
    /// pipe, which opening would block on, nor a device) that holds XML or
    /// JSON; `nil` otherwise.
    static func oneDocument(_ path: String, options: LoadOptions) -> (format: DocumentFormat, size: Int)? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var head = [UInt8](repeating: 0, count: options.format == nil ? 512 : 0)
        if !head.isEmpty {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            head.removeSubrange(max(count, 0)...)
        }
        guard let format = Self.format(of: head[...], options: options) else { return nil }
        return (format, Int(status.st_size))
    }

    /// The format of a document that begins with `head`: the one `options`
    /// name, else the one its first bytes say; `nil` for none, and for
    /// UTF-16 and UTF-32, which go the tree's way (it transcodes them).
    private static func format(of head: ArraySlice<UInt8>, options: LoadOptions) -> DocumentFormat? {
        if let format = options.format { return format }
        let sniffed = InputHead(Array(head))
        return sniffed.wideUnicode == nil ? sniffed.format : nil
    }
}
