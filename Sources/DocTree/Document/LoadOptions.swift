/// The format of a document's input.
public enum DocumentFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// JSON, as RFC 8259 defines it.
    case json
    /// XML 1.0 with namespaces.
    case xml

    /// `json` or `xml`.
    public var description: String { rawValue }
}

/// How a document is loaded. A value type: pass a different one per load.
///
/// ```swift
/// var options = LoadOptions()
/// options.encoding = "EUC-KR"     // a legacy JSON API
/// let doc = try Document(data: body, options: options)
/// ```
public struct LoadOptions: Sendable, Hashable {
    /// The input format; `nil` (the default) sniffs it from the first
    /// significant character: `<` means XML, anything else JSON.
    public var format: DocumentFormat?
    /// The input's character encoding as an IANA name (`"EUC-KR"`,
    /// `"Shift_JIS"`, `"windows-1252"`, `"UTF-16LE"` …), overriding any HTTP
    /// charset, the byte order mark and the XML declaration. `nil` (the
    /// default) detects it, in this order: a `Content-Type` charset, a BOM,
    /// the zero-byte pattern of UTF-16/32; failing those, JSON must be UTF-8
    /// and XML follows its encoding declaration (else UTF-8). An unknown name
    /// fails with ``LoadError/Kind-swift.struct/unsupportedEncoding``; bytes
    /// not valid in the encoding with ``LoadError/Kind-swift.struct/invalidEncoding``.
    public var encoding: String?
    /// The deepest nesting accepted (objects, arrays, elements). Deeper input
    /// fails with ``LoadError/Kind-swift.struct/nestingTooDeep``. Default 10 000.
    /// For XML this is the one depth limit of every read and edit (whole,
    /// in chunks, streamed), whatever ``allowsHugeXML`` says; libxml2's own
    /// limit of 256 levels is lifted.
    public var maxDepth: Int
    /// Whether JSON is read as JSON with comments, the way VS Code reads its
    /// `settings.json` and TypeScript its `tsconfig.json`: `//` and `/* */`
    /// comments wherever white space may stand, and a comma after the last
    /// element of an array or the last member of an object. Default `false`:
    /// strict RFC 8259, whose errors say when the input looks like JSON
    /// with comments. Comments become no nodes; positions and errors still
    /// point into the text as written, and editing keeps every comment
    /// (DocQuery's `DocumentEditor`).
    public var readsJSONWithComments: Bool = false
    /// Whether XML comments become ``Node/Kind-swift.enum/comment`` nodes. Default `false`.
    public var keepsComments: Bool
    /// Whether XML processing instructions become nodes. Default `false`.
    public var keepsProcessingInstructions: Bool
    /// How much replacement text internal XML entities may expand to, in
    /// total, before the load fails with
    /// ``LoadError/Kind-swift.struct/entityNotAllowed``: the UTF-8 bytes of
    /// each entity's replacement text, counted at every reference, nested
    /// ones included. Default 1 000 000.
    public var maxEntityExpansion: Int
    /// Hears how many bytes of the input have been consumed, after each
    /// chunk of a file, file handle or standard input, so a progress bar
    /// can move while parsing. XML read in chunks reports as it parses;
    /// other input as it is read. Default `nil`.
    public var progress: LoadProgress?

    /// Creates options with the defaults.
    public init(
        format: DocumentFormat? = nil,
        encoding: String? = nil,
        maxDepth: Int = 10_000,
        keepsComments: Bool = false,
        keepsProcessingInstructions: Bool = false,
        maxEntityExpansion: Int = 1_000_000
    ) {
        self.format = format
        self.encoding = encoding
        self.maxDepth = maxDepth
        self.keepsComments = keepsComments
        self.keepsProcessingInstructions = keepsProcessingInstructions
        self.maxEntityExpansion = maxEntityExpansion
    }

    // MARK: Limits for hostile input
    //
    // With ``maxDepth`` and ``maxEntityExpansion`` above, these bound what one
    // load may cost. Every limit fails the load with its own message naming
    // the option. libxml2 adds limits of its own to XML (without
    // ``allowsHugeXML``): 10 000 000 bytes for one
    // attribute value, CDATA section, comment or processing instruction,
    // 50 000 bytes for a name.

    /// The largest input accepted, in bytes (as given: before any
    /// transcoding). Larger input fails with
    /// ``LoadError/Kind-swift.struct/tooLarge`` before it is parsed: a file
    /// whose size says so before it is read, a stream or an http(s) response
    /// (one that announces no larger `Content-Length`) as soon as more has
    /// been read. Default 1 GiB; the tree's own cap is 4 GiB of text (2 GiB
    /// for XML).
    public var maxInputBytes: Int = 1 << 30
    /// The most nodes a document may have (``Document/nodeCount``, the
    /// document node included). More fail with
    /// ``LoadError/Kind-swift.struct/tooLarge``. Default 100 000 000 (a node
    /// takes 12 bytes). Checked as nodes arrive, so the load stops where
    /// the limit is crossed.
    public var maxNodeCount: Int = 100_000_000
    /// Whether XML may exceed libxml2's own size limits (`XML_PARSE_HUGE`):
    /// attribute values, CDATA sections, comments and processing
    /// instructions over 10 MB. Nesting is limited by ``maxDepth`` alone,
    /// either way. Default `false`. Entity expansion stays limited by
    /// ``maxEntityExpansion``, so billion-laughs documents still fail.
    public var allowsHugeXML: Bool = false
    /// Whether a reference to an external XML entity (`<!ENTITY e SYSTEM
    /// "…">` used as `&e;`) fails the load with
    /// ``LoadError/Kind-swift.struct/entityNotAllowed``. By default
    /// (`false`) the reference is left out, the document loads, and
    /// ``Document/skippedEntities`` says where it stood. External entities
    /// are never read either way.
    public var rejectsExternalEntities: Bool = false
}

/// A callback that hears how many bytes of the input a load has consumed
/// (see ``LoadOptions/progress``). It is called on the loading thread.
///
/// ```swift
/// var options = LoadOptions()
/// options.progress = LoadProgress { bytes in bar.update(bytes) }
/// ```
///
/// Two values are equal when they are the same callback (copies of one
/// `LoadProgress`).
public struct LoadProgress: Sendable, Hashable {
    private let identity: Identity
    private let report: @Sendable (_ bytesConsumed: Int) -> Void

    /// Wraps `report`, which receives the bytes consumed so far.
    public init(_ report: @escaping @Sendable (_ bytesConsumed: Int) -> Void) {
        self.identity = Identity()
        self.report = report
    }

    /// Reports `bytesConsumed`.
    public func report(_ bytesConsumed: Int) { report(bytesConsumed) }

    public static func == (lhs: LoadProgress, rhs: LoadProgress) -> Bool { lhs.identity === rhs.identity }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(identity)) }

    private final class Identity: Sendable {}
}
