#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutual-exclusion lock over the platform's own (`pthread_mutex_t`;
/// `os_unfair_lock` on Apple platforms), for the modules that would
/// otherwise import all of Foundation for `NSLock`: FoundationEssentials has
/// none, and `Synchronization.Mutex` needs macOS 15.
package final class Lock: @unchecked Sendable {
    #if canImport(Darwin)
    private typealias PlatformLock = os_unfair_lock
    #else
    private typealias PlatformLock = pthread_mutex_t
    #endif

    // A lock needs a stable address, which a stored property does not have.
    private let mutex: UnsafeMutablePointer<PlatformLock>

    package init() {
        mutex = .allocate(capacity: 1)
        #if canImport(Darwin)
        mutex.initialize(to: os_unfair_lock())
        #else
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        pthread_mutex_destroy(mutex)
        #endif
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Takes the lock, waiting while another thread holds it.
    package func lock() {
        #if canImport(Darwin)
        os_unfair_lock_lock(mutex)
        #else
        pthread_mutex_lock(mutex)
        #endif
    }

    /// Gives the lock back; only the thread that took it may.
    package func unlock() {
        #if canImport(Darwin)
        os_unfair_lock_unlock(mutex)
        #else
        pthread_mutex_unlock(mutex)
        #endif
    }

    /// Runs `body` holding the lock.
    package func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
