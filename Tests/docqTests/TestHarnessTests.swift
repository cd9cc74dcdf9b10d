import Foundation
import Testing
import TestSupport

/// The harness that runs docq: its own readers and deadlines must not
/// fail a test that docq passed.
@Suite("Test harness")
struct TestHarnessTests {
    /// Dispatch's global pool on Linux grows by about a thread a second, so
    /// with 40 blocked tasks a new one waited over 30 s. A pipe reader
    /// queued there missed the 10 s the harness gives pipes after docq
    /// exits, and a run that succeeded came back empty and "timed out"
    /// (CI, many tests at once: 4 failures in the exit status suite).
    @Test("docq's output is read in full while Dispatch's global pool is busy")
    func busyPool() throws {
        let release = DispatchSemaphore(value: 0)
        let blocked = 40
        for _ in 0..<blocked { DispatchQueue.global().async { release.wait() } }
        defer { for _ in 0..<blocked { release.signal() } }
        // A deadline for a hang, not a timing: the old harness took 39 s here.
        let run = try Docq.run(["stat", "Examples/documents/rsp.xml"], timeout: 20)
        #expect(!run.timedOut, "\(run)")
        #expect(run.status == 0, "\(run)")
        #expect(run.lines == ["ok"], "\(run)")
    }
}
