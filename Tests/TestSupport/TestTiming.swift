import Foundation

/// How many times longer than usual the tests may take: the environment's
/// `DOCQUERY_TEST_SLOWDOWN` (a whole number, at least 1; default 1).
///
/// scripts/sanitize sets it: a sanitized test process, and every docq
/// process it starts, runs several times slower, and the time limits and
/// process timeouts that catch a hang in a normal run would fail healthy
/// tests there.
public enum TestTiming {
    public static let slowdown: Int = {
        let value = ProcessInfo.processInfo.environment["DOCQUERY_TEST_SLOWDOWN"].flatMap { Int($0) } ?? 1
        return max(value, 1)
    }()

    /// `minutes`, scaled by ``slowdown``, for a `.timeLimit(.minutes(…))` trait.
    public static func minutes(_ minutes: Int) -> Int { minutes * slowdown }
}
