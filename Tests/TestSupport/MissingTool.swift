import Foundation

/// Whether the outside programs a test needs (Java, a Python package) can
/// run here: the tests that compare with them skip with the reason this
/// gives, unless CI says they are required.
public enum MissingTool {
    /// Why `check`, a `sh` command line that exits 0 when the tools are
    /// there, failed (`hint`), or `nil` when it succeeded.
    public static func reason(_ check: String, hint: String) -> String? {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["sh", "-c", check]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return "cannot run /usr/bin/env" }
        probe.waitUntilExit()
        return probe.terminationStatus == 0 ? nil : hint
    }
}
