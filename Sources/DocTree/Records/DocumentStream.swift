#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A stream of JSON documents: top-level values separated by white space,
/// such as JSON Lines (one value per line: logs, event archives, exports),
/// read one record at a time.
///
/// Each element is a ``Document`` or the ``LoadError`` that makes that
/// record malformed, located by its line and column in the whole input.
/// A malformed record does not end the stream, so nothing after it is lost.
///
/// ```swift
/// for record in DocumentStream(contentsOf: URL(fileURLWithPath: "events.jsonl")) {
///     switch record {
///     case .success(let event): print(event.root["type"].string ?? "?")
///     case .failure(let error): print("skipped:", error)   // 12:7: expected a value, found '}'
///     }
/// }
/// ```
///
/// ## Records
///
/// A stream is UTF-8 JSON (a byte order mark at the start is skipped);
/// ``LoadOptions/maxDepth`` and ``LoadOptions/maxNodeCount`` apply to each
/// record, and the format and encoding options are not used. Records are
/// separated by any JSON white space; blank lines and CR LF line ends are
/// fine. With ``LoadOptions/readsJSONWithComments``, comments before,
/// between and after records are white space too (an unterminated one is
/// an error of its own). An empty stream, or one of only white space,
/// yields nothing. A record cut off by the end of the input is an error.
///
/// ## After a malformed record
///
/// The stream resumes at the token the error is at, when that token begins
/// a line and can begin a value (the next line's record, after one missing
/// its closing brackets); otherwise after the first line break at or after
/// the error (a raw line break inside a string is one). So in JSON Lines a
/// broken line, even one missing its closing brackets or quote, costs only
/// itself; in a pretty-printed stream, the lines after the error up to the
/// next line that starts a value are records of their own.
///
/// ## Memory
///
/// Files and file descriptors are read in chunks of 1 MiB; the stream holds
/// the record being read and the rest of its chunk, never the whole input.
/// Each document keeps only its own bytes, and the records share one table
/// of names (keys), so a key is interned once per stream, not per record.
///
/// A stream over a file or data can be iterated several times (each
/// iteration reads again); one over a file descriptor is read once.
public struct DocumentStream: Sequence {
    /// A document, or the error of a malformed record.
    public typealias Element = Result<Document, LoadError>

    /// Opens the input afresh for each iteration.
    private let open: () throws(LoadError) -> ChunkedInput
    private let options: LoadOptions

    /// A stream over bytes in memory.
    public init(data: Data, options: LoadOptions = LoadOptions()) {
        self.init(bytes: [UInt8](data), options: options)
    }

    /// A stream over a file.
    ///
    /// A file that cannot be read (missing, a directory, not a file URL)
    /// yields one failure of kind ``LoadError/Kind-swift.struct/unreadableSource``.
    public init(contentsOf url: URL, options: LoadOptions = LoadOptions()) {
        self.init(options: options) { () throws(LoadError) in
            guard url.isFileURL else {
                throw LoadError(
                    .unreadableSource,
                    "cannot read \(url.absoluteString): not a file URL "
                        + "(use DocumentStream.load(from:) of DocQueryNetworking for http and https)")
            }
            return try ChunkedInput(path: url.path)
        }
    }

    /// A stream over what an open file descriptor reads from its current
    /// position to its end (standard input: `0`). The descriptor is not
    /// closed.
    public init(fileDescriptor: Int32, options: LoadOptions = LoadOptions()) {
        self.init(options: options) {
            ChunkedInput(descriptor: fileDescriptor, closesOnEnd: false, label: "(file handle)")
        }
    }

    #if !canImport(FoundationEssentials)
    /// A stream over what a file handle reads from its current position to
    /// its end (standard input: `FileHandle.standardInput`). The handle is
    /// not closed.
    ///
    /// Where the library uses FoundationEssentials, which has no
    /// `FileHandle` (Linux), pass the handle's `fileDescriptor` to
    /// ``init(fileDescriptor:options:)``.
    public init(fileHandle: FileHandle, options: LoadOptions = LoadOptions()) {
        self.init(fileDescriptor: fileHandle.fileDescriptor, options: options)
    }
    #endif

    /// A stream over bytes already in memory.
    package init(bytes: [UInt8], options: LoadOptions) {
        self.init(options: options) { ChunkedInput(bytes: bytes) }
    }

    private init(options: LoadOptions, open: @escaping () throws(LoadError) -> ChunkedInput) {
        self.open = open
        self.options = options
    }

    /// Reads the records in order.
    public func makeIterator() -> Iterator {
        Iterator(reader: Result { () throws(LoadError) in RecordReader(input: try open(), options: options) })
    }

    /// Reads a stream's records in order.
    public struct Iterator: IteratorProtocol {
        /// The reader, or the failure to open the input (the one element then).
        fileprivate var reader: Result<RecordReader, LoadError>?

        /// The next record, or `nil` after the last.
        public mutating func next() -> Result<Document, LoadError>? {
            switch reader {
            case .success(let reader):
                return reader.next()
            case .failure(let error):
                self.reader = nil
                return .failure(error)
            case nil:
                return nil
            }
        }
    }
}
