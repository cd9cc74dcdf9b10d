import Foundation
import Testing

/// Every way `docq … -i` can fail, each made real: a malformed document, a
/// path that matches nothing, a full disk (a small tmpfs), a file-size limit
/// (`ulimit -f`), a read-only directory (docq run as an unprivileged user,
/// since root writes anywhere), a read-only file system (a read-only bind
/// mount), a symbolic link (its target is what is edited), and a file that
/// is not a regular file. Each shows the original byte-identical, no
/// temporary file left, and docq exiting non-zero with the reason.
///
/// Mounting happens in a private mount namespace (`unshare -m`, or `-rm`
/// for a user without privileges), so nothing outlives the test; where the
/// machine cannot give the condition, the test is cancelled with the reason.
@Suite struct InPlaceFailureTests {
    typealias ShellRun = Docq.ShellRun

    /// ``Docq/shell(_:_:launcher:)``.
    func shell(_ script: String, _ arguments: [String], launcher: [String] = []) throws -> ShellRun {
        try Docq.shell(script, arguments, launcher: launcher)
    }

    /// Runs `script` in a private mount namespace, where it may mount; the
    /// script prints `mounted` once it has. Cancels the test when neither a
    /// privileged nor a user namespace can mount here.
    func inMountNamespace(_ script: String, _ arguments: [String]) throws -> ShellRun {
        var reasons: [String] = []
        for launcher in [["unshare", "-m"], ["unshare", "-rm"]] {
            let run = try shell(script, arguments, launcher: launcher)
            if run.stdout.hasPrefix("mounted\n") { return run }
            reasons.append("\(launcher.joined(separator: " ")): \(run.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        try Test.cancel("this machine cannot mount in a private mount namespace (\(reasons.joined(separator: "; ")))")
    }

    let document = Data(("{\n  \"a\": \"" + String(repeating: "x", count: 2000) + "\",\n  \"b\": 1\n}\n").utf8)

    func folder() throws -> URL {
        let folder = try Docq.temporaryFolder()
        try document.write(to: folder.appendingPathComponent("p.json"))
        return folder
    }

    func listing(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func malformedDocumentLeavesTheOriginal() throws {
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("p.json")
        let malformed = Data("{\"a\": [1,}\n".utf8)
        try malformed.write(to: file)
        let run = try Docq.run(["set", "-i", "a", "2", file.path])
        #expect(run.status == 4, "\(run)")
        #expect(run.stderr.contains("p.json:1:10: expected a value, found '}'"), "\(run)")
        #expect(try Data(contentsOf: file) == malformed)
        #expect(try listing(folder) == ["p.json"])
    }

    @Test func pathThatMatchesNothingLeavesTheOriginal() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("p.json")
        let run = try Docq.run(["delete", "-i", "c", file.path])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("nothing to remove: 'c' matches nothing"), "\(run)")
        #expect(try Data(contentsOf: file) == document)
        #expect(try listing(folder) == ["p.json"])
    }

    /// A 32 KB tmpfs filled up: the new contents cannot be written.
    @Test func fullDiskLeavesTheOriginal() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let disk = folder.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: false)
        let script = """
            mount -t tmpfs -o size=32k docq-test "$1" || exit 97
            echo mounted
            cp "$2" "$1/p.json" || exit 98
            cat /dev/zero > "$1/fill" 2>/dev/null
            "$0" set -i a "$3" "$1/p.json"
            status=$?
            cmp -s "$2" "$1/p.json" && echo unchanged
            ls -A "$1"
            exit $status
            """
        let value = String(repeating: "y", count: 8000)
        let run = try inMountNamespace(script, [disk.path, folder.appendingPathComponent("p.json").path, value])
        #expect(run.exited && run.status == 2, "\(run)")
        #expect(run.stderr.contains("cannot write the edited p.json"), "\(run)")
        #expect(run.stderr.contains("No space left on device; \(disk.path)/p.json is unchanged"), "\(run)")
        #expect(run.stdout == "mounted\nunchanged\nfill\np.json\n", "\(run)")
    }

    /// `ulimit -f`: past the limit a write fails (SIGXFSZ would kill docq,
    /// so docq ignores it) and docq says why.
    @Test func fileSizeLimitLeavesTheOriginal() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("p.json")
        // 8 blocks (of 512 bytes in dash, 1024 in bash) is over the original, under the result.
        let run = try shell(#"ulimit -f 8 && exec "$0" set -i a "$1" "$2""#, [String(repeating: "y", count: 9000), file.path])
        #expect(run.exited, "docq died by a signal: \(run)")
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("File too large (the result is over the file-size limit, ulimit -f); \(file.path) is unchanged"), "\(run)")
        #expect(try Data(contentsOf: file) == document)
        #expect(try listing(folder) == ["p.json"])
    }

    /// A directory docq may not write in. Root writes anywhere, so as root
    /// docq runs as `nobody` (setpriv).
    @Test func readOnlyDirectoryLeavesTheOriginal() throws {
        let folder = try folder()
        let file = folder.appendingPathComponent("p.json")
        // A link from a writable directory: its target's directory is what counts.
        let outside = try Docq.temporaryFolder()
        let link = outside.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: file.path)
        for directory in [folder, outside] { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path) }
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: outside)
        }
        let launcher = geteuid() == 0 ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        for target in [file, link] {
            let run = try shell(#"exec "$0" set -i b 2 "$1""#, [target.path], launcher: launcher)
            // setpriv missing or refused, or docq's path closed to nobody (126).
            if run.stderr.hasPrefix("setpriv:") || run.status == 126 || run.status == 127 {
                try Test.cancel("cannot run \(Docq.binary.path) as an unprivileged user here: \(run.stderr)")
            }
            #expect(run.exited && run.status == 2, "\(run)")
            #expect(run.stderr.contains("cannot create a temporary file in \(folder.path): Permission denied"), "\(run)")
            #expect(run.stderr.contains("so the directory must be writable); \(target.path) is unchanged"), "\(run)")
            #expect(try Data(contentsOf: file) == document)
            #expect(try listing(folder) == ["p.json"])
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == file.path)
    }

    /// A read-only bind mount: the directory's permissions allow, the file
    /// system refuses.
    @Test func readOnlyFileSystemLeavesTheOriginal() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("p.json")
        let script = """
            mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" || exit 97
            echo mounted
            exec "$0" set -i b 2 "$1/p.json"
            """
        let run = try inMountNamespace(script, [folder.path])
        #expect(run.exited && run.status == 2, "\(run)")
        #expect(run.stderr.contains("Read-only file system (-i writes the new contents to a temporary file"), "\(run)")
        #expect(run.stderr.contains("\(file.path) is unchanged"), "\(run)")
        #expect(try Data(contentsOf: file) == document)
        #expect(try listing(folder) == ["p.json"])
    }

    /// A link is followed: a failed edit leaves link and target as they
    /// were, and a link to nothing is refused without creating its target.
    @Test func symlinksLeaveLinkAndTarget() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("p.json")
        let link = folder.appendingPathComponent("link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "p.json")
        let missing = try Docq.run(["delete", "-i", "zz", link])
        #expect(missing.status == 1, "\(missing)")
        #expect(missing.stderr.contains("matches nothing"), "\(missing)")
        let dangling = folder.appendingPathComponent("dangling.json").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "nowhere.json")
        let refused = try Docq.run(["set", "-i", "a", "1", dangling])
        #expect(refused.status == 2, "\(refused)")
        #expect(refused.stderr.contains("\(dangling) is a symbolic link to nowhere.json, which does not exist"), "\(refused)")
        #expect(try Data(contentsOf: file) == document)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "p.json")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dangling) == "nowhere.json")
        #expect(try listing(folder) == ["dangling.json", "link.json", "p.json"])
    }

    /// A character device is refused before anything is read or written.
    @Test func deviceIsRefused() throws {
        let run = try Docq.run(["set", "-i", "a", "1", "/dev/null"])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("/dev/null is not a regular file; only regular files are edited in place"), "\(run)")
        var status = stat()
        #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    }
}
