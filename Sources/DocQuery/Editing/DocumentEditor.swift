import DocTree
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Changes a document by key path and writes it back byte for byte: the
/// output is the input with only the edited regions replaced.
///
/// ```swift
/// var editor = try DocumentEditor(data: response)
/// try editor.apply([.set("completed", to: true), .remove("draft")])
/// request.httpBody = editor.data
/// ```
///
/// Whitespace, key order, number spellings and string escapes outside the
/// edited values stay exactly as they were. New content follows its
/// neighbours: the indentation unit and line ending, compact where the
/// document is compact, the spacing after `:`. Removing a member takes its
/// line, indentation and separating comma with it.
///
/// Each ``apply(_:)-([Edit])`` is one transaction: every path is evaluated on the
/// document as it was before it, and either every edit applies or none
/// does. The result is read back before it is kept, so an edit can never
/// leave a document that does not load. Documents stay immutable: the
/// editor holds the latest ``document`` and its bytes.
///
/// JSON documents can be edited, in UTF-8 or any other encoding they were
/// read in (`LoadOptions.encoding`, a byte order mark): the result stays
/// in that encoding, bytes outside the edits exactly as they were, and a
/// character the encoding cannot hold is written as a `\u` escape. XML
/// documents can be edited too: element text and attribute values set,
/// elements and attributes inserted, removed or renamed; see
/// <doc:ChangingDocuments>.
public struct DocumentEditor: Sendable {
    private var source: EditableSource
    private let options: LoadOptions
    /// Whether ``source`` holds node spans: an edit's result is read back
    /// without them, and they are made when the next edit needs them.
    private var hasSpans = true

    /// The document as edited so far.
    public var document: Document { source.document }

    /// The document's bytes as edited so far, in its own encoding.
    public var bytes: [UInt8] { source.original }

    /// ``bytes`` as `Data`.
    public var data: Data { Data(bytes) }

    /// Loads bytes for editing.
    ///
    /// - Throws: `LoadError` when they are not a well-formed document, or
    ///   one whose encoding does not convert back to the same bytes.
    public init(bytes: [UInt8], options: LoadOptions = LoadOptions()) throws(LoadError) {
        self.init(source: try EditableSource(bytes: bytes, options: options), options: options)
    }

    /// Loads data for editing; see ``init(bytes:options:)``.
    public init(data: Data, options: LoadOptions = LoadOptions()) throws(LoadError) {
        try self.init(bytes: [UInt8](data), options: options)
    }

    /// Loads a file for editing; see ``init(bytes:options:)``.
    ///
    /// - Throws: `LoadError` (`LoadError.Kind.unreadableSource`
    ///   when the file cannot be read).
    public init(contentsOf url: URL, options: LoadOptions = LoadOptions()) throws(LoadError) {
        try self.init(bytes: try FileSource.bytes(of: url), options: options)
    }

    /// Loads a string's UTF-8 for editing; see ``init(bytes:options:)``.
    public init(string: String, options: LoadOptions = LoadOptions()) throws(LoadError) {
        try self.init(bytes: Array(string.utf8), options: options)
    }

    /// Applies `edits` as one transaction, and says what they did.
    ///
    /// - Throws: ``QueryError`` when a path is malformed, matches nothing
    ///   (``QueryError/Kind-swift.struct/noMatch``, except a keys-only
    ///   `set`, which creates what is missing), cannot apply to what it
    ///   matched (``QueryError/Kind-swift.struct/invalidEdit``), or
    ///   touches what another edit touches
    ///   (``QueryError/Kind-swift.struct/conflictingEdits``). Nothing
    ///   changes then.
    @discardableResult
    public mutating func apply(_ edits: [Edit]) throws -> EditSummary {
        try apply(edits, creatingMissing: true)
    }

    /// Applies `edits` as one transaction; with `creatingMissing` false, a
    /// keys-only `set` that matches nothing is a miss
    /// (``QueryError/Kind-swift.struct/noMatch``) instead of creating the
    /// missing members. See ``apply(_:)-([Edit])``.
    @discardableResult
    public mutating func apply(_ edits: [Edit], creatingMissing: Bool) throws -> EditSummary {
        try apply(edits, creatingMissing: creatingMissing, parser: nil)
    }

    /// One record of a stream of JSON values (JSON Lines), loaded for
    /// editing (by the stream's reader, or with `parser`), edited by
    /// `edits` as ``apply(_:creatingMissing:)`` edits a document. Its
    /// result is checked as a load would check it (``JSONScanner/check(_:options:parser:)``,
    /// with `parser`, made with `options`, which the records share), but
    /// no tree is built: nothing reads the record again.
    package static func edited(
        record: consuming EditableSource, by edits: [Edit], options: LoadOptions, parser: JSONRecordParser
    ) throws -> [UInt8] {
        var editor = DocumentEditor(source: record, options: options)
        guard !edits.isEmpty else { return editor.bytes }
        let (edited, _) = try editor.output(applying: edits, creatingMissing: true, parser: parser)
        try Self.checkingOutput(of: edits) { () throws(LoadError) in try JSONScanner.check(edited, options: options, parser: parser) }
        return edited
    }

    private init(source: consuming EditableSource, options: LoadOptions) {
        self.source = source
        self.options = options
    }

    /// ``apply(_:creatingMissing:)``, JSON loaded with `parser` when one is given.
    @discardableResult
    private mutating func apply(_ edits: [Edit], creatingMissing: Bool, parser: JSONRecordParser?) throws -> EditSummary {
        guard !edits.isEmpty else { return EditSummary() }
        let (edited, summary) = try output(applying: edits, creatingMissing: creatingMissing, parser: parser)
        try Self.checkingOutput(of: edits) { () throws(LoadError) in
            source = try EditableSource(bytes: edited, options: options, recordsSpans: false, parser: parser)
        }
        hasSpans = false
        return summary
    }

    /// Runs `load`, which reads an edit's result back: a failure there is
    /// the edits' (their result does not load), and nothing was changed.
    private static func checkingOutput(of edits: [Edit], _ load: () throws(LoadError) -> Void) throws(QueryError) {
        do {
            try load()
        } catch {
            throw QueryError(
                .invalidEdit, "the edited document does not load (\(error.message)); nothing was changed",
                path: edits[0].path, range: 0..<0)
        }
    }

    /// The document's bytes with `edits` made, and what they did; the
    /// result is not read back yet.
    private mutating func output(
        applying edits: [Edit], creatingMissing: Bool, parser: JSONRecordParser?
    ) throws -> (bytes: [UInt8], summary: EditSummary) {
        if !source.isXML && !hasSpans {
            source = try EditableSource(bytes: source.original, options: options, parser: parser)
            hasSpans = true
        }
        // Computed sets become literal ones, each computed from the document as it is.
        let (resolved, origins) = try Edit.resolved(edits, in: source.document, creating: creatingMissing)
        let edited: [UInt8]
        var summary: EditSummary
        if source.isXML {
            // The tree finds the targets; the streamed engine edits the bytes, held whole as one chunk.
            var matches: [Int] = []
            edited = try XMLStreamedEdit(resolved, in: source.document, options: options, matches: &matches).run(bytes: source.original)
            summary = EditSummary(resolved, matches: matches)
        } else {
            let patches: Patches
            (patches, summary) = try JSONEditPlan.patches(for: resolved, in: JSONSource(source), creating: creatingMissing)
            edited = try source.patched(patches.ordered, escape: Self.jsonEscape)
        }
        summary.matches = EditSummary.matches(summary.matches, foldedInto: edits.count, by: origins)
        return (edited, summary)
    }

    /// A character a legacy encoding cannot hold, as JSON writes it: `\u`
    /// and four hex digits, or a surrogate pair of them.
    static func jsonEscape(_ scalar: Unicode.Scalar) -> String {
        String(scalar).utf16.map { "\\u" + String(repeating: "0", count: 4 - String($0, radix: 16).count) + String($0, radix: 16).uppercased() }
            .joined()
    }

    /// A character a legacy encoding cannot hold, as XML writes it: a
    /// character reference.
    static func xmlEscape(_ scalar: Unicode.Scalar) -> String {
        "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
    }

    /// Applies one edit; see ``apply(_:)-([Edit])``.
    @discardableResult
    public mutating func apply(_ edit: Edit) throws -> EditSummary {
        try apply([edit])
    }

    /// A copy of this editor with `edits` applied; see ``apply(_:)-([Edit])``.
    public func applying(_ edits: [Edit]) throws -> DocumentEditor {
        var copy = self
        try copy.apply(edits)
        return copy
    }

    /// Sets the value at a key path, creating missing members of a
    /// keys-only path, for code that used key-value coding's
    /// `setValue(_:forKeyPath:)`.
    ///
    /// `value` may be `nil` or `NSNull` (JSON `null`), a string, an integer
    /// of any width, `Double`, `Decimal`, `Bool`, a `Node`, an
    /// ``EditValue``, an array or string-keyed dictionary of these, or any
    /// `Encodable`. Unlike key-value coding, a path that cannot be set
    /// throws instead of raising an exception.
    ///
    /// - Throws: as ``apply(_:)-([Edit])`` does, and
    ///   ``QueryError/Kind-swift.struct/invalidValue`` for a value of
    ///   another type.
    public mutating func setValue(_ value: Any?, forKeyPath keyPath: String) throws {
        try apply([.set(keyPath, to: EditValue(any: value, path: keyPath))])
    }
}
