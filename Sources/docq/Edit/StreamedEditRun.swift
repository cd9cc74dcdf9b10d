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

/// One input's edited document, held until every input is edited: bytes
/// in memory (the tree path), or a streamed edit's output in a temporary
/// file, which reaches standard output or the original file only once
/// every input succeeded. The one exception is a single input whose
/// standard output is a regular file: the output goes straight there, and
/// a failure cuts the file back to what it held (a process killed half-way
/// leaves what it wrote, as any program's redirected output does).
enum EditOutput {
    case bytes([UInt8])
    /// For standard output: an unlinked temporary file, copied out at the end.
    case spooled(descriptor: Int32)
    /// For `-i`: the temporary file beside the original, renamed over it at the end.
    case replacement(AtomicFile.Replacement)
    /// Written straight to standard output, a regular file that held
    /// `start` bytes before: a failure cuts it back to them.
    case direct(start: off_t)

    /// Drops a temporary file that will not be used, or takes back what
    /// was written straight to standard output.
    func discard() {
        switch self {
        case .bytes: break
        case .spooled(let descriptor): close(descriptor)
        case .replacement(let file): file.discard()
        case .direct(let start):
            _ = ftruncate(1, start)
            _ = lseek(1, start, SEEK_SET)
        }
    }

    /// Where a single input's streamed output can go straight to standard
    /// output: a regular file (a redirection), which a failure can cut back
    /// to its first `start` bytes, so that it still prints nothing. Spooling
    /// to a temporary file first wrote and read every byte once more (a
    /// third of a 5 GB edit's time). `nil` for a pipe or a terminal, which
    /// cannot take bytes back, and when standard output is the input itself
    /// (`>> input`), which would grow while it is read.
    static func directStart(reading path: String) -> off_t? {
        var output = stat()
        var input = stat()
        guard fstat(1, &output) == 0, output.st_mode & S_IFMT == S_IFREG,
            stat(path, &input) == 0, !(input.st_dev == output.st_dev && input.st_ino == output.st_ino)
        else { return nil }
        let start = lseek(1, 0, SEEK_CUR)
        guard start >= 0 else { return nil }
        // Appending (`>>`) writes at the end whatever the offset says.
        let flags = fcntl(1, F_GETFL)
        return flags >= 0 && flags & O_APPEND != 0 ? lseek(1, 0, SEEK_END) : start
    }

    /// Copies a spooled output to standard output.
    static func copyOut(_ descriptor: Int32) throws(AtomicFile.Failure) {
        defer { close(descriptor) }
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw AtomicFile.failure("cannot rewind", "the temporary output", errno) }
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { block.deallocate() }
        while true {
            let count = read(descriptor, block.baseAddress, block.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw AtomicFile.failure("cannot read", "the temporary output", errno)
            }
            if count == 0 { return }
            try AtomicFile.writeAll(1, UnsafeRawBufferPointer(rebasing: block[..<count]), label: "standard output")
        }
    }
}

/// The streamed path of an edit command (``StreamedEdit``): the input is
/// edited while it is read, its output written to a temporary file.
///
/// With `--stream` every input goes this way but a file of JSON Lines,
/// which is edited record by record as without it; an edit that cannot
/// stream is an error. Without it, an edit that streams takes this way for
/// each file that holds one XML or JSON document (not JSON Lines, which is
/// edited record by record), since it is faster and leaner than the tree;
/// JSON edits that hold each value they reach in memory
/// (`StreamedEdit.streamsJSONLeanly` is false) take it only above
/// ``StreamRun/threshold``, as queries stream on their own. When
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
            // The JSON transaction engine holds and edits each value in
            // memory: leaner than the tree, but slower on what fits in memory.
            if document.format == .json, !edit.streamsJSONLeanly, document.size <= StreamRun.threshold { return nil }
        } else if StreamRun.isJSONLinesFile(source, options: options) {
            // Edited record by record, as without --stream.
            return nil
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
        let output: EditOutput
        if inPlace, case .file(let path) = source {
            output = .replacement(try AtomicFile.prepare(path))
        } else if isOnlyInput, case .file(let path) = source, let start = EditOutput.directStart(reading: path) {
            output = .direct(start: start)
        } else {
            output = .spooled(descriptor: try Self.temporaryFile())
        }
        do {
            _ = try edit.run(input) { bytes in
                switch output {
                case .replacement(let file): try file.write(bytes)
                case .spooled(let descriptor): try AtomicFile.writeAll(descriptor, bytes, label: "the temporary output")
                case .direct: try AtomicFile.writeAll(1, bytes, label: "standard output")
                case .bytes: break
                }
            }
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
    /// pipe, which opening would block on, nor a device) that holds one XML
    /// or JSON document (not JSON Lines); `nil` otherwise.
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
        return format == .xml || !StreamRun.isJSONLinesFile(.file(path), options: options) ? (format, size) : nil
    }

    /// An unlinked temporary file in `TMPDIR` (or `/tmp`).
    private static func temporaryFile() throws(AtomicFile.Failure) -> Int32 {
        let directory = environmentVariable("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(directory)/docq-edit-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw AtomicFile.failure("cannot create a temporary file in", directory, errno) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return descriptor
    }
}
