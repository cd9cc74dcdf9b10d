import Foundation
import Testing

/// Expected text kept next to the tests, in `Tests/docqTests/Snapshots/`.
///
/// A snapshot test compares what docq printed with `Snapshots/<name>.txt`.
/// Run with `RECORD_SNAPSHOTS=1` to write the files anew from the current
/// output (then review the diff before committing); a missing file fails the
/// test and says how to record it.
enum Snapshot {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Snapshots")

    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" }

    /// Checks `actual` against the snapshot `name` (or records it).
    static func assertMatches(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = folder.appendingPathComponent(name + ".txt")
        if recording {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: url)
            } catch {
                Issue.record("cannot record snapshot \(url.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("no snapshot at \(url.path); run with RECORD_SNAPSHOTS=1 to record it. Output was:\n\(actual)",
                         sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected != actual {
            Issue.record("""
                output differs from snapshot \(name).txt (RECORD_SNAPSHOTS=1 re-records)
                --- expected
                \(expected)
                --- actual
                \(actual)
                """, sourceLocation: sourceLocation)
        }
    }
}
