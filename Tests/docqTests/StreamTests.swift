import Foundation
import Testing
import TestSupport

/// Streams of JSON values (JSON Lines and the like): docq evaluates the
/// path on each record, prints in input order, reports malformed records
/// on stderr with line:column and goes on, then exits 4.
@Suite("Streams")
struct StreamTests {
    @Test("JSON Lines on standard input: one result per record, in order")
    func jsonLines() throws {
        let run = try Docq.run(["user.name"], stdin: Array("{\"user\":{\"name\":\"ann\"}}\n{\"user\":{\"name\":\"bob\"}}\n".utf8))
        #expect(run.status == 0, "\(run)")
        #expect(run.lines == ["ann", "bob"], "\(run)")
    }

    @Test("a malformed record in the middle is reported with line:column; the rest is printed; exit 4")
    func malformedInTheMiddle() throws {
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("events.jsonl")
        try Data("{\"a\":1}\n{\"a\": [1,}\n{\"a\":3}\n".utf8).write(to: file)
        let run = try Docq.run(["a", file.path])
        #expect(run.status == 4, "\(run)")
        #expect(run.lines == ["1", "3"], "\(run)")
        #expect(run.stderr.contains("\(file.path):2:10: expected a value, found '}'"), "\(run)")
    }

    @Test("a stream cut off mid-record: the records before it are printed; exit 4")
    func cutOff() throws {
        let run = try Docq.run(["a"], stdin: Array("{\"a\":1}\n{\"a\":2}\n{\"a\": \"tru".utf8))
        #expect(run.status == 4, "\(run)")
        #expect(run.lines == ["1", "2"], "\(run)")
        #expect(run.stderr.contains("3:7: unterminated string"), "\(run)")
    }

    @Test("blank lines and CR LF line ends between records")
    func blankLinesAndCRLF() throws {
        let run = try Docq.run(["-j", "a"], stdin: Array("{\"a\":1}\r\n\r\n\n{\"a\":2}\r\n\r\n".utf8))
        #expect(run.status == 0, "\(run)")
        #expect(run.lines == ["[1]", "[2]"], "\(run)")
    }

    @Test("pretty-printed values one after another are a stream too")
    func prettyPrinted() throws {
        let run = try Docq.run(["a"], stdin: Array("{\n  \"a\": 1\n}\n{\n  \"a\": 2\n}\n".utf8))
        #expect(run.status == 0, "\(run)")
        #expect(run.lines == ["1", "2"], "\(run)")
    }

    @Test("a very long record between short ones")
    func veryLongRecord() throws {
        let long = String(repeating: "y", count: 3_000_000)
        let run = try Docq.run(["a"], stdin: Array("{\"a\":\"x\"}\n{\"a\":\"\(long)\"}\n{\"a\":\"z\"}\n".utf8))
        #expect(run.status == 0)
        #expect(run.lines.map(\.count) == [1, 3_000_000, 1])
    }

    @Test("records that match nothing: exit 1 and one explanation")
    func noMatch() throws {
        let run = try Docq.run(["b"], stdin: Array("{\"a\":1}\n{\"a\":2}\n".utf8))
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.components(separatedBy: "no match").count == 2, "\(run)")
    }
}

/// `-P/--jobs`: several files, or the records of a JSON Lines stream, on
/// several cores; the output must be what one core prints.
@Suite("Jobs")
struct JobsTests {
    /// JSON Lines of about 3 MB (several batches), with two malformed records.
    static let stream: [UInt8] = {
        var text = ""
        for k in 0..<60_000 {
            text += "{\"id\":\(k),\"user\":{\"name\":\"u\(k % 97)\"},\"pad\":\"\(String(repeating: "x", count: k % 23))\"}\n"
            if k == 10_000 || k == 45_000 { text += "{\"broken\": }\n" }
        }
        return Array(text.utf8)
    }()

    @Test("-P 2 over a JSON Lines stream prints what -P 1 prints, errors included")
    func streamOnTwoJobs() throws {
        let one = try Docq.run(["-P", "1", "user.name"], stdin: Self.stream)
        let two = try Docq.run(["-P", "2", "user.name"], stdin: Self.stream)
        #expect(one.status == 4)
        #expect(one.lines.count == 60_000)
        #expect(two.status == one.status)
        #expect(two.stdout == one.stdout)
        #expect(two.stderr == one.stderr)
        #expect(one.stderr.contains("10002:12: expected a value"), "\(one.stderr)")
    }

    /// JSON Lines of about 3 MB whose records around each MiB (where
    /// batches are cut) span a thousand lines each, ending with a record
    /// the input cuts off.
    static let streamWithMultiLineRecords: [UInt8] = {
        var text = ""
        var nextMiB = 1 << 20
        var k = 0
        while text.utf8.count < 3 << 20 {
            if text.utf8.count >= nextMiB - 4000 {
                let members = (0..<1000).map { "  \"m\($0)\": \($0)" }.joined(separator: ",\n")
                text += "{\"user\": {\"name\": \"long\(k)\"},\n\(members)\n}\n"
                nextMiB += 1 << 20
            } else {
                text += "{\"id\":\(k),\"user\":{\"name\":\"u\(k)\"}}\n"
            }
            k += 1
        }
        text += "{\"user\": {\"name\": \"cut\"},\n  \"rest\": [1,\n"
        return Array(text.utf8)
    }()

    @Test("-P 2: a record spanning lines across a batch boundary is read whole")
    func multiLineRecordsOnTwoJobs() throws {
        let one = try Docq.run(["-P", "1", "user.name"], stdin: Self.streamWithMultiLineRecords)
        let two = try Docq.run(["-P", "2", "user.name"], stdin: Self.streamWithMultiLineRecords)
        #expect(one.status == 4, "\(one.stderr)")
        #expect(one.lines.filter { $0.hasPrefix("long") }.count == 3)
        #expect(one.stderr.split(separator: "\n").filter { !$0.isEmpty }.count == 1, "\(one.stderr)")
        #expect(one.stderr.contains("unexpected end") || one.stderr.contains("end of the input"), "\(one.stderr)")
        #expect(two.status == one.status)
        #expect(two.stdout == one.stdout)
        #expect(two.stderr == one.stderr)
    }

    /// JSON Lines of about 2 MB where every thousandth line holds two
    /// records parted by a lone CR (a line break of its own, as SourceLocation
    /// counts), with a malformed record in the last batch.
    static let streamWithLoneCRs: [UInt8] = {
        var text = ""
        for k in 0..<60_000 {
            if k % 1000 == 7 {
                text += "{\"user\":{\"name\":\"cr\(k)\"}}\r{\"user\":{\"name\":\"after\"}}\n"
            } else {
                text += "{\"id\":\(k),\"user\":{\"name\":\"u\(k % 97)\"}}\n"
            }
            if k == 50_000 { text += "{\"user\": ]}\n" }
        }
        return Array(text.utf8)
    }()

    @Test("-P 2: an error in a later batch is on the line -P 1 names, lone CRs in earlier batches counted")
    func lineOfAnErrorInALaterBatch() throws {
        let one = try Docq.run(["-P", "1", "user.name"], stdin: Self.streamWithLoneCRs)
        let two = try Docq.run(["-P", "2", "user.name"], stdin: Self.streamWithLoneCRs)
        // 50,001 lines before it, and 50 lone CRs (k = 7, 1007, …, 49007).
        #expect(one.stderr.contains("50052:10: expected a value, found ']'"), "\(one.stderr)")
        #expect(one.status == 4)
        #expect(two.status == one.status)
        #expect(two.stdout == one.stdout)
        #expect(two.stderr == one.stderr)
    }

    @Test("-P 2 and -P 3 over a JSON Lines file (each batch read by its own task) print what -P 1 prints")
    func fileOnSeveralJobs() throws {
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let long = String(repeating: "y", count: 3_000_000)
        let streams = [
            Self.stream, Self.streamWithMultiLineRecords, Self.streamWithLoneCRs,
            Array("{\"user\":{\"name\":\"x\"}}\n{\"user\":{\"name\":\"\(long)\"}}\n{\"user\": ]}\n".utf8),
        ]
        for (k, stream) in streams.enumerated() {
            let file = folder.appendingPathComponent("s\(k).jsonl")
            try Data(stream).write(to: file)
            // Skimmed, and (with -j) a document per record.
            let path = k == 0 ? ["-j", "user"] : ["user.name"]
            let one = try Docq.run(["-P", "1"] + path + [file.path])
            #expect(one.status == 4)
            #expect(!one.stdout.isEmpty)
            for jobs in ["2", "3"] {
                let several = try Docq.run(["-P", jobs] + path + [file.path])
                #expect(several.status == one.status, "stream \(k), -P \(jobs)")
                #expect(several.stdout == one.stdout, "stream \(k), -P \(jobs)")
                #expect(several.stderr == one.stderr, "stream \(k), -P \(jobs)")
            }
        }
    }

    /// JSON Lines with two records of about 4.4 MB over many lines, each
    /// spanning several 1 MiB batches; the second has a mistake near its end.
    static let streamWithRecordsOverManyBatches: [UInt8] = {
        let members = (0..<220_000).map { "  \"m\($0)\": \($0)" }
        var text = "{\"user\":{\"name\":\"first\"}}\n"
        text += "{\"user\": {\"name\": \"big1\"},\n" + members.joined(separator: ",\n") + "\n}\n"
        text += "{\"user\":{\"name\":\"between\"}}\n"
        var broken = members
        broken[219_000] = "  \"m\": ]"
        text += "{\"user\": {\"name\": \"big2\"},\n" + broken.joined(separator: ",\n") + "\n}\n"
        text += "{\"user\":{\"name\":\"last\"}}\n"
        return Array(text.utf8)
    }()

    @Test("-P 2 and -P 3: records spanning many batches (read again only as they double) print what -P 1 prints")
    func recordsOverManyBatches() throws {
        let stream = Self.streamWithRecordsOverManyBatches
        #expect(stream.count > 8 << 20)
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.jsonl")
        try Data(stream).write(to: file)
        let one = try Docq.run(["-P", "1", "user.name"], stdin: stream)
        #expect(one.lines.prefix(3) == ["first", "big1", "between"], "\(one.stdout)")
        #expect(one.lines.last == "last")
        #expect(one.stderr.contains(": expected a value, found ']'"), "\(one.stderr.prefix(500))")
        #expect(one.status == 4)
        for jobs in ["2", "3"] {
            let read = try Docq.run(["-P", jobs, "user.name", file.path])
            let piped = jobs == "2" ? try Docq.run(["-P", jobs, "user.name"], stdin: stream) : read
            for run in [read, piped] {
                #expect(run.status == one.status, "-P \(jobs)")
                #expect(run.stdout == one.stdout, "-P \(jobs)")
                #expect(run.stderr.replacingOccurrences(of: file.path, with: "(standard input)") == one.stderr, "-P \(jobs)")
            }
        }
    }

    @Test("-P 3 over several files keeps them in order")
    func filesOnThreeJobs() throws {
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var arguments = ["name"]
        for k in 0..<7 {
            let file = folder.appendingPathComponent("f\(k).json")
            try Data((k == 4 ? "{\"name\": " : "{\"name\":\"n\(k)\"}").utf8).write(to: file)
            arguments.append(file.path)
        }
        arguments.append(Docq.example("rsp.xml"))
        let one = try Docq.run(["-P", "1"] + arguments)
        let three = try Docq.run(["-P", "3"] + arguments)
        #expect(one.status == 4)
        #expect(one.lines.count == 6)
        #expect(three.status == one.status)
        #expect(three.stdout == one.stdout)
        #expect(three.stderr == one.stderr)
    }
}

/// docq as a record mapper: records on stdin, values on stdout, so an
/// engine may split the input among processes (Hadoop Streaming, Spark's
/// `RDD.pipe`, GNU parallel `--pipe`). Splitting must not change the
/// multiset of output lines.
@Suite("Record mapper")
struct RecordMapperTests {
    /// Runs scripts/gnu-parallel, the check .ci/run makes too, with `path`
    /// as PATH when given: the GNU parallel it finds, or `nil`.
    static func gnuParallel(path: String? = nil) throws -> String? {
        let script = Docq.packageRoot.appendingPathComponent("scripts/gnu-parallel").path
        let run = try Docq.shell(#"[ -n "$1" ] && export PATH="$1"; exec /bin/bash "$2""#, [path ?? "", script])
        return run.exited && run.status == 0 ? run.stdout.trimmingCharacters(in: .newlines) : nil
    }

    static let parallel = try? gnuParallel()

    /// moreutils' `parallel` first on PATH is passed over; a program whose
    /// `--version` says GNU parallel is taken.
    @Test("scripts/gnu-parallel tells GNU parallel by its --version")
    func gnuParallelCheck() throws {
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let fake = folder.appendingPathComponent("parallel")
        func install(_ script: String) throws {
            try Data(("#!/bin/sh\n" + script + "\n").utf8).write(to: fake)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        }
        // What moreutils' parallel answers to --version.
        try install("echo \"$0: invalid option -- '-'\" >&2; echo 'parallel [OPTIONS] command -- arguments' >&2; exit 1")
        let passedOver = try Self.gnuParallel(path: folder.path + ":" + path)
        #expect(passedOver != fake.path)
        #expect(passedOver == Self.parallel)
        try install("echo 'GNU parallel 20221122'")
        #expect(try Self.gnuParallel(path: folder.path + ":" + path) == fake.path)
    }

    @Test("GNU parallel --pipe: same multiset of lines as one process",
          .enabled(if: parallel != nil, "no GNU parallel (scripts/gnu-parallel found none; apt-get install parallel)"))
    func gnuParallelPipe() throws {
        let parallel = try #require(Self.parallel)
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("events.jsonl")
        try Data(JobsTests.stream).write(to: input)

        let one = try Docq.run(["-P", "1", "user.name", input.path])
        let script = "\(parallel) --will-cite --pipe --block 200k -j 2 '\(Docq.binary.path) -P 1 user.name' < '\(input.path)'"
        let split = Process()
        split.executableURL = URL(fileURLWithPath: "/bin/sh")
        split.arguments = ["-c", script]
        let output = Pipe()
        split.standardOutput = output
        split.standardError = FileHandle.nullDevice
        try split.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        split.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.count == one.lines.count)
        #expect(lines.sorted() == one.lines.sorted())
    }
}
