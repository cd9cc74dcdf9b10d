import Foundation

/// Per-document storage for data that upper layers derive from the immutable
/// table on demand, such as DocQuery's key indexes for wide nodes.
///
/// Each kind of derived data is one `final class` stored under its type;
/// ``value(_:orInsert:)`` returns the existing instance or stores a new one.
/// The stored objects do their own synchronisation after that.
package final class DerivedDataCache {
    private let lock = NSLock()
    private var values: [ObjectIdentifier: AnyObject] = [:]

    package init() {}

    /// The instance of `type` stored for this document, created by `make` on
    /// first use.
    package func value<T: AnyObject & Sendable>(_ type: T.Type, orInsert make: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        let key = ObjectIdentifier(type)
        if let existing = values[key] { return existing as! T }
        let created = make()
        values[key] = created
        return created
    }
}
