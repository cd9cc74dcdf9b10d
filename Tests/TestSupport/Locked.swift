import Foundation

/// A value handed from a thread of its own (one that reads a pipe, say) to
/// the test that waits for it.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A box holding `value`.
    public init(_ value: Value) { self.value = value }

    /// Replaces the value.
    public func set(_ newValue: Value) { lock.withLock { value = newValue } }

    /// The value now.
    public func get() -> Value { lock.withLock { value } }
}

/// Runs `work` on a thread of its own, not on a shared pool, and signals
/// the semaphore it returns when `work` is done.
///
/// Blocking work (reading a pipe to its end, waiting for a process) must
/// not wait for a pool thread: with many tests running at once, Dispatch's
/// global pool grows only slowly, and a pipe reader queued behind blocked
/// threads could start after its program ended and its deadline passed.
@discardableResult
public func onOwnThread(_ work: @escaping @Sendable () -> Void) -> DispatchSemaphore {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        work()
        done.signal()
    }
    return done
}
