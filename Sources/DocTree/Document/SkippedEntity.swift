/// A reference to an external entity that an XML load left out.
///
/// External entities (`<!ENTITY e SYSTEM "…">`) are never read: not from
/// a file, not from the network. A reference to one in content is left out
/// of the tree, as XML 1.0 allows a non-validating processor (section 4.4.3,
/// "Included If Validating"), and the document still loads; each such
/// reference is listed in ``Document/skippedEntities``.
/// ``LoadOptions/rejectsExternalEntities`` makes it fail the load instead.
///
/// ```swift
/// let doc = try Document(string: """
///     <!DOCTYPE d [<!ENTITY chapter SYSTEM "chapter.xml">]>
///     <d>&chapter;</d>
///     """)
/// let name = doc.skippedEntities.first?.name           // "chapter"
/// let line = doc.skippedEntities.first?.location.line  // 2
/// ```
public struct SkippedEntity: Sendable, Hashable {
    /// The entity's name, as in the reference `&name;`.
    public var name: String
    /// The system identifier its declaration gives (a URI, never opened),
    /// if any.
    public var systemID: String?
    /// Where the reference's `&` stands in the input. The byte offset
    /// counts the input's own bytes; for input that is not UTF-8 the
    /// column (in characters) is the reliable part.
    public var location: SourceLocation

    /// Creates a record of a skipped reference.
    public init(name: String, systemID: String?, location: SourceLocation) {
        self.name = name
        self.systemID = systemID
        self.location = location
    }
}
