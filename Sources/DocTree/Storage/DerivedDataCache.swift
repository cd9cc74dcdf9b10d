#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Per-document storage for data that upper layers derive from the immutable
/// table on demand, such as DocQuery's key indexes for wide nodes.
///
/// Each kind of derived data is one `final class` stored under its type;
/// ``value(_:orInsert:)`` returns the existing instance or stores a new one.
/// The stored objects do their own synchronisation after that.
package final class DerivedDataCache {
    /// The lock, allocated here (a lock needs a stable address): every
    /// document makes a cache, and a stream makes a document per record or
    /// candidate, where a lock object of its own cost one allocation more.
    private let lock: UnsafeMutablePointer<PlatformLock>
    private var values: [ObjectIdentifier: AnyObject] = [:]

    #if canImport(Darwin)
    private typealias PlatformLock = os_unfair_lock
    #else
    private typealias PlatformLock = pthread_mutex_t
    #endif

    package init() {
        lock = .allocate(capacity: 1)
        #if canImport(Darwin)
        lock.initialize(to: os_unfair_lock())
        #else
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        pthread_mutex_destroy(lock)
        #endif
        lock.deinitialize(count: 1)
        lock.deallocate()
    }

    /// The instance of `type` stored for this document, created by `make` on
    /// first use.
    package func value<T: AnyObject & Sendable>(_ type: T.Type, orInsert make: () -> T) -> T {
        #if canImport(Darwin)
        os_unfair_lock_lock(lock)
        defer { os_unfair_lock_unlock(lock) }
        #else
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        #endif
        let key = ObjectIdentifier(type)
        if let existing = values[key] { return existing as! T }
        let created = make()
        values[key] = created
        return created
    }
}
