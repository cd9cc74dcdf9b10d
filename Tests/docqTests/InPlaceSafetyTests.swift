import Foundation
import Testing

/// What `-i` keeps safe besides the original's bytes (InPlaceFailureTests):
/// no temporary file outlives a signal, several files are replaced only
/// once all are ready (and a rename that still fails says which were),
/// owner, group, setuid and setgid survive, and an edit that changes
/// nothing leaves the file alone. Each case is made real: a signal sent
/// while docq holds its temporary files, a rename refused by a bind mount,
/// a file owned by another user.
extension InPlaceFailureTests {
    /// The temporary files docq leaves in `folder` (`.NAME.docq-XXXXXX`).
    func temporaries(_ folder: URL) throws -> [String] {
        try listing(folder).filter { $0.contains(".docq-") }
    }

    /// SIGINT, SIGTERM and SIGHUP while docq edits two files in place: the
    /// first file's temporary file is written and waiting for the second,
    /// whose own temporary file is being written when the signal comes (it
    /// is large enough to take a while: sent once only the first's was
    /// there, the signal came after the end once streamed edits got faster).
    /// docq dies of the signal, and no temporary file is left.
    @Test("a signal during -i removes the temporary files", arguments: ["INT", "TERM", "HUP"])
    func signalRemovesTemporaryFiles(_ signal: String) throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("big.json")
        let items = (0..<500_000).map { #"{"id": \#($0), "name": "item \#($0)"}"# }.joined(separator: ",")
        // `b` comes last: the stream reads the whole file to reach it.
        let bigDocument = Data(#"{"a": 1, "items": [\#(items)], "b": 1}"#.utf8)
        try bigDocument.write(to: big)
        // docq runs in the foreground (a background job would ignore
        // SIGINT), with the three signals' default actions (docq keeps a
        // signal ignored that it was started with, as under nohup, and a
        // test runner may start its children so); a watcher sends the
        // signal once the second file's temporary file appears.
        let script = #"""
            pid=$$
            (
                tries=0
                until ls -A "$1" | grep -q '^\.big\.json\.docq-'; do
                    tries=$((tries + 1))
                    if [ $tries -gt 3000 ]; then echo "no temporary file appeared"; break; fi
                    sleep 0.01
                done
                kill -s "$2" $pid
            ) &
            exec env --default-signal=INT,TERM,HUP "$0" set -i --stream --json b 2 "$1/p.json" "$1/big.json"
            """#
        let run = try shell(script, [folder.path, signal])
        if run.stderr.contains("env: unrecognized option") {
            try Test.cancel("env has no --default-signal (GNU coreutils 8.31 or later): \(run.stderr)")
        }
        let number: Int32 = ["INT": SIGINT, "TERM": SIGTERM, "HUP": SIGHUP][signal]!
        #expect(!run.exited && run.status == number, "\(run)")
        #expect(run.stdout == "", "\(run)")
        #expect(try temporaries(folder) == [], "\(run)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("p.json")) == document)
        #expect(try Data(contentsOf: big) == bigDocument)
    }

    /// Three files; the second is a bind mount, which rename cannot
    /// replace (EBUSY). The first is replaced already, and the message says
    /// so; the second and third are unchanged, with no temporary file left.
    @Test func failedRenameSaysWhichFilesWereReplaced() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["a.json", "b.json", "c.json"] {
            try document.write(to: folder.appendingPathComponent(name))
        }
        let script = """
            mount --bind "$1/b.json" "$1/b.json" || exit 97
            echo mounted
            "$0" set -i --json b 2 "$1/a.json" "$1/b.json" "$1/c.json"
            echo "status $?"
            """
        let run = try inMountNamespace(script, [folder.path])
        let a = folder.appendingPathComponent("a.json").path
        let b = folder.appendingPathComponent("b.json").path
        let c = folder.appendingPathComponent("c.json").path
        #expect(run.stdout == "mounted\nstatus 2\n", "\(run)")
        #expect(run.stderr == """
            error: cannot rename the new file over \(b): Device or resource busy; \(a) is replaced; \(b) and \(c) are unchanged

            """, "\(run)")
        let edited = try String(contentsOfFile: a, encoding: .utf8)
        #expect(edited.hasSuffix("\"b\": 2\n}\n"), "\(edited)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: b)) == document)
        #expect(try Data(contentsOf: URL(fileURLWithPath: c)) == document)
        #expect(try listing(folder) == ["a.json", "b.json", "c.json", "p.json"])
    }

    /// A failure before any rename (the second file cannot be written)
    /// leaves every file as it was: the first is not replaced before the
    /// second is ready.
    @Test func failureBeforeRenamingLeavesEveryFile() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("p.json")
        let second = folder.appendingPathComponent("q.json")
        try document.write(to: second)
        // The new contents of both are over the limit: the first write fails.
        let run = try shell(#"ulimit -f 8 && exec "$0" set -i a "$1" "$2" "$3""#,
                            [String(repeating: "y", count: 9000), first.path, second.path])
        #expect(run.exited && run.status == 2, "\(run)")
        #expect(run.stderr.contains("File too large"), "\(run)")
        #expect(run.stderr.hasSuffix("; \(first.path) and \(second.path) are unchanged\n"), "\(run)")
        #expect(try Data(contentsOf: first) == document)
        #expect(try Data(contentsOf: second) == document)
        #expect(try temporaries(folder) == [])
    }

    /// As root, a file owned by another user with setuid and setgid keeps
    /// all four: the owner is given first, then the mode (a change of
    /// owner clears the two bits).
    @Test func ownerGroupSetuidAndSetgidAreKept() throws {
        guard geteuid() == 0 else { try Test.cancel("needs root, to edit a file another user owns") }
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("p.json")
        #expect(chown(file.path, 65534, 65534) == 0)
        #expect(chmod(file.path, 0o6755) == 0)
        for streamed in [false, true] {
            let run = try Docq.run(["set", "-i", "--json", "b", streamed ? "3" : "2", file.path] + (streamed ? ["--stream"] : []))
            #expect(run.status == 0, "\(run)")
            var status = stat()
            #expect(stat(file.path, &status) == 0)
            #expect(status.st_uid == 65534 && status.st_gid == 65534, "owner \(status.st_uid):\(status.st_gid)")
            #expect(status.st_mode & 0o7777 == 0o6755, "mode \(String(status.st_mode & 0o7777, radix: 8))")
            #expect(try String(contentsOf: file, encoding: .utf8).hasSuffix("\"b\": \(streamed ? 3 : 2)\n}\n"))
        }
    }

    /// A set to the value already there writes nothing: same inode, same
    /// modification time, and a hard link still shares the file. An edit
    /// that changes it makes a new file, which the link does not follow.
    @Test func editThatChangesNothingLeavesTheFile() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("p.json")
        let link = folder.appendingPathComponent("link.json")
        #expect(Foundation.link(file.path, link.path) == 0)
        // An old time, which a rewrite would change.
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
        var before = stat()
        #expect(stat(file.path, &before) == 0)
        for arguments in [["set", "-i", "--json", "b", "1"], ["set", "-i", "--stream", "--json", "b", "1"]] {
            let run = try Docq.run(arguments + [file.path])
            #expect(run.status == 0, "\(run)")
            var after = stat()
            #expect(stat(file.path, &after) == 0)
            #expect(after.st_ino == before.st_ino && after.st_nlink == 2, "\(arguments): \(run)")
            #expect(after.st_mtim.tv_sec == 1_000_000_000, "\(arguments): \(run)")
        }
        let changed = try Docq.run(["set", "-i", "--json", "b", "2", file.path])
        #expect(changed.status == 0, "\(changed)")
        var after = stat()
        #expect(stat(file.path, &after) == 0)
        #expect(after.st_ino != before.st_ino && after.st_nlink == 1)
        #expect(try Data(contentsOf: link) == document)
        #expect(try temporaries(folder) == [])
    }
}
