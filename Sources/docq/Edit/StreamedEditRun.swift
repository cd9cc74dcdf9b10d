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
/// XML or JSON document, since it is faster and leaner than the tree;
/// JSON edits that hold each value they reach in memory
/// (`StreamedEdit.streamsJSONLeanly` is false) take it only above
/// ``heldValuesThreshold`` when they hold an array's elements a batch at a
/// time, and above ``StreamRun/threshold`` when they hold it whole: below,
/// the tree is faster. When
/// the stream finds it cannot apply the edit (a keys-only `set` that must
/// create members, a removal it cannot reach), the file is edited with the
/// tree instead.
struct StreamedEditRun {
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
        var edit = edit
        if source.loadOptions(options).readsJSONWithComments, !options.readsJSONWithComments {
            // A *.jsonc file: the engines were prepared for strict JSON.
            switch Result(catching: { () throws(QueryError) in try edit.reading(source.loadOptions(options)) }) {
            case .success(let prepared): edit = prepared
            case .failure(let error):
                guard forced else { return nil }
                throw error
            }
        }
        if !forced {
            guard case .file(let path) = source, let document = oneDocument(path) else { return nil }
            if document.format == .json, !edit.streamsJSONLeanly,
                document.size <= (edit.spreadsJSONArrays ? Self.heldValuesThreshold : StreamRun.threshold)
            {
                return nil
            }
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
        let output = try EditOutput.opened(for: source, inPlace: inPlace, isOnlyInput: isOnlyInput)
        do {
            _ = try edit.run(input, to: output.write)
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
    private func oneDocument(_ path: String) -> (format: DocumentFormat, size: Int)? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(status.st_size)
        var format = options.format
        if format == nil {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var bytes = [UInt8](repeating: 0, count: 512)
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            let head = InputHead(Array(bytes[..<count]))
            // UTF-16 and UTF-32 go the tree's way, which transcodes them.
            guard head.wideUnicode == nil, let sniffed = head.format else { return nil }
            format = sniffed
        }
        guard let format else { return nil }
        return (format, size)
    }

}
