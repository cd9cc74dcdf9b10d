import DocTree

/// Stops the run with `message` when `condition` is false: a trap that
/// libFuzzer reports as a crash and saves the input for.
///
/// (A `precondition` would compile away in release builds; the fuzz builds
/// are debug, but the check must hold either way.)
@inline(__always)
public func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError(message()) }
}

/// The bytes libFuzzer hands a harness, as a buffer (empty for no bytes).
@inline(__always)
public func input(_ data: UnsafePointer<UInt8>?, _ size: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: size > 0 ? data : nil, count: size)
}
