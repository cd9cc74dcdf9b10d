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

/// The documents one input holds: one document, or each record of a
/// stream of JSON values (JSON Lines, or values separated by white space),
/// in input order. A malformed record is an element of its own, so the
/// records after it are still read.
struct DocumentRecords: Sequence, IteratorProtocol {
    private enum State {
        case one(Document)
        case stream(RecordReader)
        case done
    }

    private var state: State
    private let progress: ProgressBar?
    /// Whether the stream was judged one from its first chunk
    /// (``RecordReader/startsStream(_:options:)``), so it may be cut into
    /// batches at line breaks (a record over several lines that a batch
    /// cuts is read again with the next).
    private let isLineDelimited: Bool
    /// Whether a record cut off by the end of the input ends the sequence
    /// instead of being an element (a batch whose last record goes on in
    /// the next batch: see ``RecordReader/cutOffRecord``).
    private let holdsBackCutOffRecord: Bool

    /// With ``DocumentLoader/keepsXMLSource``: the bytes of the one XML
    /// document and where its elements stand in them, for `--xml`.
    private(set) var xmlSource: (spans: NodeSpans, text: [UInt8])?

    /// No document at all: an input of nothing but white space, which is
    /// no value, as jq reads it.
    static var none: DocumentRecords { DocumentRecords(state: .done) }

    private init(state: State) {
        self.state = state
        progress = nil
        isLineDelimited = false
        holdsBackCutOffRecord = false
    }

    init(_ document: Document, xmlSource: (spans: NodeSpans, text: [UInt8])? = nil) {
        self.xmlSource = xmlSource
        state = .one(document)
        progress = nil
        isLineDelimited = false
        holdsBackCutOffRecord = false
    }

    init(
        stream reader: RecordReader, progress: ProgressBar?, lineDelimited: Bool = false,
        holdsBackCutOffRecord: Bool = false
    ) {
        state = .stream(reader)
        self.progress = progress
        self.isLineDelimited = lineDelimited
        self.holdsBackCutOffRecord = holdsBackCutOffRecord
    }

    /// Whether this is a JSON Lines stream not yet taken (``takeStream()``).
    var isLineDelimitedStream: Bool {
        guard isLineDelimited, case .stream = state else { return false }
        return true
    }

    /// The reader of a JSON Lines stream, for cutting it into batches
    /// (``ParallelRun``), or `nil` when this is one document or another
    /// stream; the progress bar is taken down.
    mutating func takeStream() -> RecordReader? {
        guard isLineDelimited, case .stream(let reader) = state else { return nil }
        state = .done
        progress?.finish()
        return reader
    }

    /// The next document or malformed record; `nil` after the last.
    mutating func next() -> Result<Document, LoadError>? {
        switch next(skimming: { _ in false }) {
        case .record(let record): record
        case .skimmed, nil: nil
        }
    }

    /// The next record, offered first to `skim` when it is one line of a
    /// stream (see ``RecordReader/next(skimming:)``); `nil` after the last.
    mutating func next(skimming skim: (UnsafeBufferPointer<UInt8>) -> Bool) -> RecordReader.Item? {
        switch state {
        case .one(let document):
            state = .done
            return .record(.success(document))
        case .stream(let reader):
            guard let item = reader.next(skimming: skim), !holdsBackCutOffRecord || reader.cutOffRecord == nil else {
                state = .done
                progress?.finish()
                return nil
            }
            progress?.reading(reader.bytesRead)
            return item
        case .done:
            return nil
        }
    }
}

extension DocumentLoader {
    /// Opens `source` as one document or a stream of them.
    ///
    /// A file or standard input whose first chunk holds a complete JSON
    /// value with more after it, as the record reader judges it (JSON Lines,
    /// or pretty-printed values one after another), is read record by
    /// record, in chunks, never whole. Any other input is loaded whole; if
    /// it turns out to be JSON with more values after the first (a first
    /// value longer than the chunk), its records are read from memory.
    ///
    /// - Throws: ``LoadError`` when the source cannot be read, or when it
    ///   is one document and that is malformed.
    func records(_ source: InputSource) async throws(LoadError) -> DocumentRecords {
        switch source {
        case .url(let url):
            let response = try HTTPFetch.fetch(url, maxBytes: options.maxInputBytes)
            var options = self.options
            if options.format == nil { options.format = response.contentType?.format }
            return try Self.oneOrStream(response.bytes, charset: response.contentType?.charset, options: options)
        case .standardInput:
            return try records(ChunkedInput(descriptor: 0, closesOnEnd: false, label: source.label))
        case .file(let path):
            let descriptor = try DocumentLoader.open(path)
            if case let options = source.loadOptions(options), options != self.options {
                return try DocumentLoader(options: options, allowsProgress: allowsProgress).records(
                    ChunkedInput(descriptor: descriptor, closesOnEnd: true, label: path),
                    reopen: { () throws(LoadError) in try ChunkedInput(path: path) })
            }
            return try records(
                ChunkedInput(descriptor: descriptor, closesOnEnd: true, label: path),
                reopen: { () throws(LoadError) in try ChunkedInput(path: path) })
        }
    }

    private func records(
        _ input: ChunkedInput, reopen: (() throws(LoadError) -> ChunkedInput)? = nil
    ) throws(LoadError) -> DocumentRecords {
        let label = input.label
        let forced = environmentVariable("DOCQ_FORCE_PROGRESS") == "1"
        let size = input.expectedSize
        let progress = allowsProgress ? ProgressBar(label: label, total: size, force: forced && size > 0) : nil

        var head: [UInt8] = []
        head.reserveCapacity(size > 0 ? size + 1 : RecordReader.defaultChunkSize)
        try RecordReader.readHead(of: input, into: &head)
        if RecordReader.startsStream(head, options: options) {
            input.unread(consume head)
            return DocumentRecords(
                stream: RecordReader(input: input, options: options), progress: progress, lineDelimited: true)
        }
        defer { progress?.finish() }
        if keepsXMLSource, Self.isXML(head, options: options) {
            // --xml: the bytes whole, and each element's span in them.
            while try input.read(into: &head, limit: RecordReader.defaultChunkSize) > 0 {
                progress?.reading(head.count)
            }
            let document = try Document(bytes: head, charset: nil, options: options)
            return DocumentRecords(document, xmlSource: (XMLLoader.elementSpans(of: document, in: head, options: options), head))
        }
        if Self.isXML(head, options: options) {
            // Parsed as it is read: the bar follows the parse.
            input.unread(consume head)
            var options = options
            if let progress { options.progress = LoadProgress { progress.reading($0) } }
            return DocumentRecords(try Document(chunks: input, charset: nil, options: options, reopen: reopen))
        }
        progress?.reading(head.count)
        while try input.read(into: &head, limit: RecordReader.defaultChunkSize) > 0 {
            progress?.reading(head.count)
        }
        progress?.parsing()
        if head.allSatisfy(XMLWhitespace.contains) { return .none }
        return try Self.oneOrStream(head, charset: nil, options: options)
    }

    /// The document in `bytes`, or the stream of records they hold when
    /// they are JSON with more values after the first.
    private static func oneOrStream(_ bytes: [UInt8], charset: String?, options: LoadOptions) throws(LoadError) -> DocumentRecords {
        if let document = try Document.oneDocument(bytes: bytes, charset: charset, options: options) {
            return DocumentRecords(document)
        }
        return DocumentRecords(stream: RecordReader(input: ChunkedInput(bytes: bytes), options: options), progress: nil)
    }

    /// Whether `head`, the start of an input, is XML: `--from xml`, or a
    /// `<` first.
    static func isXML(_ head: [UInt8], options: LoadOptions) -> Bool {
        if let format = options.format { return format == .xml }
        return InputHead.sniffedFormat(head) == .xml
    }
}
