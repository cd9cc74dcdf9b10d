#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PathQuery {
    /// Evaluates the path over a file read in chunks, never loading it
    /// whole: only the subtree of the value the path's leading steps reach
    /// is built, the rest of the path runs on it, and it is freed before
    /// the next one is read. Results are the same as ``evaluate(on:)-(Document)``'s,
    /// in the same order.
    ///
    /// ```swift
    /// let names = try PathQuery("node.tag[?k == 'name'].v").stream(contentsOf: dumpURL)
    /// for try await name in names { print(name.string ?? "") }
    /// ```
    ///
    /// The leading keys, `*`, indexes and slices from the start, and a
    /// `..name` (whose outermost matches are built one at a time, the ones
    /// inside each found in it) are decided as the parser reads; keys, `..`,
    /// `*`, reserved names, filters, and indexes and slices
    /// (`items[?price > 10][0:5]`, numbering what reaches them in the whole
    /// document; from the end, `items[-1]` or `[-3:]`, keeping the last
    /// values until the end) may follow, and a last `@count`,
    /// `@sum`, `@avg`, `@min` or `@max` is folded across the stream. ``Match/path`` of a
    /// streamed match is relative to the value its subtree was built from,
    /// not to the whole document. See "Streaming" in README.md.
    ///
    /// A filter or a folded operator over one JSON array (`items[?rating > 4]`,
    /// `items.@count`, where `items` is a single array) reads the array
    /// element by element (in batches of about 64 KiB), so memory stays
    /// bounded whatever the array's length; a match's path is then relative
    /// to its batch, so an index in it is not the element's index in the
    /// whole array. A path that ends on
    /// an array (`items`) matches the array itself, whole, as
    /// ``evaluate(on:)-(Document)`` does: one match, built in memory.
    ///
    /// JSON input that holds several top-level values separated by white
    /// space (JSON Lines, concatenated JSON) is a stream of values: the path
    /// is evaluated on each value in turn, as on a document of its own, so
    /// a folded operator gives one result per value. A malformed value ends
    /// the stream with its error (`DocumentStream` reads past it).
    ///
    /// An index or slice that several values may reach (`items.tags[0]`,
    /// `items` an array) counts the elements of the first while it is a lone
    /// JSON array; when a second value comes, the file is read again with
    /// that array as one value among several, and nothing is delivered twice.
    /// Input that cannot be read again (a pipe, for ``stream(fileDescriptor:options:)``)
    /// fails there, with nothing of that value delivered.
    ///
    /// - Throws: ``QueryError`` of kind ``QueryError/Kind-swift.struct/notStreamable``,
    ///   with a caret under the step, when the path cannot stream (an
    ///   operator that needs every value at once, or one before other steps).
    ///   Iterating throws `LoadError` for unreadable or malformed input
    ///   (line and column in the whole input) and ``QueryError`` when
    ///   evaluation fails; matches before the error are delivered first.
    public func stream(contentsOf url: URL, options: LoadOptions = LoadOptions()) throws(QueryError) -> StreamedMatches {
        let path = url.path
        return try StreamedMatches(query: self, options: options) { () throws(LoadError) in try ChunkedInput(path: path) }
    }

    /// Evaluates the path over what an open file descriptor reads, to its
    /// end (standard input: `0`); the descriptor stays open. See
    /// ``stream(contentsOf:options:)``.
    public func stream(fileDescriptor descriptor: Int32, options: LoadOptions = LoadOptions()) throws(QueryError) -> StreamedMatches {
        try StreamedMatches(query: self, options: options) { () throws(LoadError) in
            ChunkedInput(descriptor: descriptor, closesOnEnd: false, label: "(file handle)")
        }
    }

    #if !canImport(FoundationEssentials)
    /// Evaluates the path over what a file handle reads, to its end; the
    /// handle stays open. See ``stream(contentsOf:options:)``.
    ///
    /// Where the library uses FoundationEssentials, which has no
    /// `FileHandle` (Linux), pass the handle's `fileDescriptor` to
    /// ``stream(fileDescriptor:options:)``.
    public func stream(fileHandle: FileHandle, options: LoadOptions = LoadOptions()) throws(QueryError) -> StreamedMatches {
        try stream(fileDescriptor: fileHandle.fileDescriptor, options: options)
    }
    #endif

    /// Evaluates the path over bytes in memory as a stream (the document
    /// tree is still never built whole). See ``stream(contentsOf:options:)``.
    public func stream(data: Data, options: LoadOptions = LoadOptions()) throws(QueryError) -> StreamedMatches {
        let bytes = [UInt8](data)
        return try StreamedMatches(query: self, options: options) { () throws(LoadError) in ChunkedInput(bytes: bytes) }
    }

    /// Streams `input`, calling `each` with every match in order (for docq
    /// and tests; see ``stream(contentsOf:options:)``). For docq, which
    /// prints each matched value on its own line and reports an error in a
    /// stream of values and goes on:
    ///
    /// - With `printsArrays`, a match that is a JSON array comes element by
    ///   element (`arrayEdge(.open)`, a match for each element,
    ///   `arrayEdge(.close)`), so memory stays bounded however long the
    ///   array.
    /// - A malformed JSON value after the first of a stream of values (JSON
    ///   Lines) goes to `malformed`, and a top-level value whose evaluation
    ///   fails to `failed`. By default they throw the error, which ends the
    ///   stream; when they return, reading goes on with the next value (a
    ///   malformed one's next line).
    package func streamMatches(
        _ input: ChunkedInput, options: LoadOptions, printsArrays: Bool = false,
        arrayEdge: (ArrayEdge) throws -> Void = { _ in }, malformed: (LoadError) throws -> Void = { throw $0 },
        failed: (QueryError) throws -> Void = { throw $0 }, each: (Match) throws -> Void
    ) throws {
        try StreamEvaluation(self, printsArrays: printsArrays).run(
            input, options: options, arrayEdge: arrayEdge, malformed: malformed, failed: failed, each: each)
    }

    /// Throws the reason this path cannot stream, if it cannot.
    package func checkStreamable() throws(QueryError) {
        _ = try StreamPlan(self, positions: .numbered)
    }
}

/// The matches of a path over a streamed document, in document order:
/// an `AsyncSequence` of ``Match``.
///
/// Each iteration reads the input on a thread of its own, at most a few
/// hundred matches ahead of the consumer, so memory stays bounded by the
/// largest candidate subtree whatever the input's size. Stopping the
/// iteration early stops the reading.
public struct StreamedMatches: AsyncSequence, Sendable {
    public typealias Element = Match

    private let evaluation: StreamEvaluationBox
    private let options: LoadOptions
    private let open: @Sendable () throws(LoadError) -> ChunkedInput

    init(query: PathQuery, options: LoadOptions, open: @escaping @Sendable () throws(LoadError) -> ChunkedInput) throws(QueryError) {
        self.evaluation = StreamEvaluationBox(try StreamEvaluation(query))
        self.options = options
        self.open = open
    }

    public func makeAsyncIterator() -> AsyncIterator {
        let channel = MatchChannel()
        let evaluation = evaluation
        let options = options
        let open = open
        let started = ReadingThread.start(stackSize: 1 << 22) {
            do {
                let input = try open()
                try evaluation.value.run(input, options: options) { try channel.push($0) }
                channel.finish(nil)
            } catch {
                channel.finish(error)
            }
        }
        if !started {
            channel.finish(LoadError(.unreadableSource, "cannot start a thread to read the stream"))
        }
        return AsyncIterator(channel: channel)
    }

    /// Delivers the matches one at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let channel: MatchChannel
        private let stopper: Stopper

        fileprivate init(channel: MatchChannel) {
            self.channel = channel
            self.stopper = Stopper(channel)
        }

        /// The next match, or `nil` at the end.
        ///
        /// - Throws: `LoadError` or ``QueryError`` (see
        ///   ``PathQuery/stream(contentsOf:options:)``), once; then `nil`.
        public mutating func next() async throws -> Match? {
            try await channel.next()
        }
    }
}

/// A ``StreamEvaluation``, immutable after creation, shared with the reading thread.
private final class StreamEvaluationBox: Sendable {
    let value: StreamEvaluation
    init(_ value: StreamEvaluation) { self.value = value }
}

extension StreamEvaluation: @unchecked Sendable {}

/// Cancels the reading when the last copy of an iterator goes away.
private final class Stopper: Sendable {
    let channel: MatchChannel
    init(_ channel: MatchChannel) { self.channel = channel }
    deinit { channel.cancel() }
}

/// The hand-off between the reading thread and the iterator: a bounded
/// buffer under a condition lock, and the iterator's waiting continuation.
private final class MatchChannel: @unchecked Sendable {
    private let condition = ThreadCondition()
    private var buffer: [Match] = []
    private var head = 0
    private var finished = false
    private var failure: (any Error)?
    private var cancelled = false
    private var waiter: CheckedContinuation<Match?, any Error>?
    private static let capacity = 256

    /// Called by the reading thread; blocks while the buffer is full.
    func push(_ match: Match) throws {
        condition.lock()
        while buffer.count - head >= Self.capacity && !cancelled { condition.wait() }
        if cancelled {
            condition.unlock()
            throw CancellationError()
        }
        if let waiter {
            self.waiter = nil
            condition.unlock()
            waiter.resume(returning: match)
            return
        }
        buffer.append(match)
        condition.unlock()
    }

    func finish(_ error: (any Error)?) {
        condition.lock()
        finished = true
        failure = error is CancellationError ? nil : error
        guard let waiter else {
            condition.unlock()
            return
        }
        self.waiter = nil
        let failure = self.failure
        self.failure = nil
        condition.unlock()
        if let failure { waiter.resume(throwing: failure) } else { waiter.resume(returning: nil) }
    }

    func next() async throws -> Match? {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Match?, any Error>) in
            condition.lock()
            if head < buffer.count {
                let match = buffer[head]
                head += 1
                if head == buffer.count {
                    buffer.removeAll(keepingCapacity: true)
                    head = 0
                }
                condition.signal()
                condition.unlock()
                continuation.resume(returning: match)
                return
            }
            if finished {
                let failure = self.failure
                self.failure = nil
                condition.unlock()
                if let failure { continuation.resume(throwing: failure) } else { continuation.resume(returning: nil) }
                return
            }
            waiter = continuation
            condition.unlock()
        }
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}
