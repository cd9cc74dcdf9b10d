/// The namespace URIs of a document's attributes (XML): which attribute has
/// which URI, as a name id.
///
/// A document nearly always binds a prefix to one URI throughout, so every
/// attribute of one name has the same URI; that URI is kept once for the
/// name. Only the names whose attributes differ (a prefix bound to two URIs
/// in different places, or a prefixed name that is also found without a
/// namespace) keep a URI per attribute record. (An office document has a
/// namespace on nearly every attribute: a dictionary entry for each took 2%
/// of the instructions of loading libreoffice_document.fodt, callgrind.)
package struct AttributeNamespaces: Sendable {
    /// One attribute that has a namespace.
    package struct Entry {
        /// The attribute's record index.
        package var record: UInt32
        /// Its name id.
        package let name: UInt32
        /// Its namespace URI's name id (never 0).
        package let uri: UInt32

        package init(record: UInt32, name: UInt32, uri: UInt32) {
            self.record = record
            self.name = name
            self.uri = uri
        }
    }

    /// By name id: the URI id of every attribute of that name, 0 for none,
    /// or ``varies`` (see ``byRecord``). Ids past the end have none.
    private let byName: [UInt32]
    /// The URI ids of the attributes whose name ``varies``, by record.
    private let byRecord: [UInt32: UInt32]
    /// Never a name id (those fit in 24 bits).
    private static let varies = UInt32.max

    /// No attribute has a namespace.
    package static let none = AttributeNamespaces(byName: [], byRecord: [:])

    private init(byName: [UInt32], byRecord: [UInt32: UInt32]) {
        self.byName = byName
        self.byRecord = byRecord
    }

    /// The namespaces of `entries`, every attribute that has one, given
    /// with the names of prefixed attributes found without one
    /// (`unboundNames`; a prefix the document never declared).
    package init(_ entries: [Entry], unboundNames: [UInt32]) {
        guard let highest = entries.lazy.map(\.name).max() else {
            self = .none
            return
        }
        var byName = [UInt32](repeating: 0, count: Int(highest) + 1)
        var someVary = false
        for entry in entries {
            let known = byName[Int(entry.name)]
            if known == 0 {
                byName[Int(entry.name)] = entry.uri
            } else if known != entry.uri {
                byName[Int(entry.name)] = Self.varies
                someVary = true
            }
        }
        for name in unboundNames where Int(name) < byName.count && byName[Int(name)] != 0 {
            byName[Int(name)] = Self.varies
            someVary = true
        }
        var byRecord: [UInt32: UInt32] = [:]
        if someVary {
            for entry in entries where byName[Int(entry.name)] == Self.varies { byRecord[entry.record] = entry.uri }
        }
        self.init(byName: byName, byRecord: byRecord)
    }

    /// The URI id of the attribute at `record`, whose name id is `name`, or
    /// `nil` when it has no namespace.
    @inline(__always)
    package subscript(record record: UInt32, name name: UInt32) -> UInt32? {
        guard Int(name) < byName.count else { return nil }
        let uri = byName[Int(name)]
        if uri == 0 { return nil }
        return uri == Self.varies ? byRecord[record] : uri
    }
}
