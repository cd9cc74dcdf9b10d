#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The value of the environment variable `name`, or `nil` when it is not set.
///
/// Read with `getenv`: `ProcessInfo.processInfo.environment` builds a
/// dictionary of every variable first, about 5 % of docq's start-up
/// instructions for the one or two variables docq reads.
func environmentVariable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
