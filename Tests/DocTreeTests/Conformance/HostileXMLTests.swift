import Foundation
import Testing
import TestSupport
@testable import DocTree

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs every case of `shared/conformance/xml-hostile` (README.md there)
/// against `expected.json`.
///
/// The cases are generated at test time by the folder's `make.py` into a
/// temporary directory (two of them exist only that way); the folder itself
/// is read in place. While they load, a listener on 127.0.0.1:48080 (the
/// only address the cases point at) waits for a connection that must never
/// come.
@Suite struct HostileXMLTests {
    struct Expectations: Decodable {
        let http_port: Int
        let cases: [Case]
    }

    struct Case: Decodable {
        struct Check: Decodable {
            let xpath: String
            let equals: String
        }
        let file: String
        let expect: String
        let line: Int?
        let column: Int?
        let checks: [Check]?
        let forbid: [String]?
        let max_text_chars: Int?
    }

    /// What the load gave, with everything the checks need.
    enum Outcome {
        case loaded(Document)
        case failed(LoadError)
    }

    @Test(.timeLimit(.minutes(TestTiming.minutes(2))))
    func everyCaseBehavesAsItsREADMESays() throws {
        let folder = try SharedData.url("conformance/xml-hostile")
        let generated = FileManager.default.temporaryDirectory
            .appendingPathComponent("docquery-xml-hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: generated) }
        let caseFolder: URL
        if try generate(into: generated, from: folder) {
            caseFolder = generated
        } else {
            print("hostile XML: python3 not found; running the stored cases only (generated-only cases skipped)")
            caseFolder = folder
        }
        let expectations = try JSONDecoder().decode(
            Expectations.self, from: Data(contentsOf: caseFolder.appendingPathComponent("expected.json")))
        #expect(expectations.cases.count >= 35, "expected.json lists \(expectations.cases.count) cases")

        let listener = LoopbackListener(port: UInt16(expectations.http_port))
        if listener == nil {
            print("hostile XML: port \(expectations.http_port) is busy; the no-connection check is skipped")
        }

        var run = 0
        var passed = 0
        for testCase in expectations.cases {
            let url = caseFolder.appendingPathComponent(testCase.file)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            run += 1
            let problems = try check(testCase, bytes: Data(contentsOf: url))
            if problems.isEmpty {
                passed += 1
            } else {
                Issue.record("\(testCase.file): \(problems.joined(separator: "; "))")
            }
        }
        if let listener {
            let connections = listener.acceptPending()
            #expect(connections == 0, "\(connections) connection(s) to 127.0.0.1:\(expectations.http_port)")
        }
        print("hostile XML: \(run) cases, \(passed) passed")
        #expect(passed == run)
    }

    /// Loads one case twice (keeping comments and PIs, then with the
    /// defaults) and lists what does not match its expectation.
    private func check(_ testCase: Case, bytes: Data) throws -> [String] {
        var problems: [String] = []
        let keeping = LoadOptions(format: .xml, keepsComments: true, keepsProcessingInstructions: true)
        let outcomes = [load(bytes, keeping), load(bytes, LoadOptions(format: .xml))]
        for (run, outcome) in outcomes.enumerated() {
            let label = run == 0 ? "" : " (default options)"
            switch (testCase.expect, outcome) {
            case ("error", .loaded):
                problems.append("accepted, expected an error\(label)")
            case ("ok", .failed(let error)):
                problems.append("rejected\(label): \(error)")
            case (_, .failed(let error)):
                if error.location == nil { problems.append("error without a location\(label): \(error)") }
                if testCase.expect == "error", let line = testCase.line,
                    error.location?.line != line || error.location?.column != testCase.column
                {
                    problems.append("error at \(error.location.map(String.init(describing:)) ?? "?"), expected \(line):\(testCase.column ?? 0)\(label): \(error.message)")
                }
            case (_, .loaded(let document)):
                problems += try checkLoaded(document, testCase, keepsEverything: run == 0).map { $0 + label }
            }
        }
        return problems
    }

    private func checkLoaded(_ document: Document, _ testCase: Case, keepsEverything: Bool) throws -> [String] {
        var problems: [String] = []
        let xpath = XPathSubset(document: document)
        for check in testCase.checks ?? [] {
            if !keepsEverything && (check.xpath.contains("comment()") || check.xpath.contains("processing-instruction")) {
                continue
            }
            let value = try xpath.evaluate(check.xpath)
            if value != check.equals { problems.append("\(check.xpath) = \(value.debugDescription), expected \(check.equals.debugDescription)") }
        }
        // No text of any kind may leak a local file or a fetched resource.
        let allText = String(decoding: document.table.text, as: UTF8.self)
        for forbidden in (testCase.forbid ?? []) + ["root:"] where allText.contains(forbidden) {
            problems.append("text contains \(forbidden.debugDescription)")
        }
        if let cap = testCase.max_text_chars, document.table.text.count > cap {
            problems.append("text is \(document.table.text.count) bytes, cap \(cap)")
        }
        return problems
    }

    private func load(_ bytes: Data, _ options: LoadOptions) -> Outcome {
        do {
            return .loaded(try Document(data: bytes, options: options))
        } catch {
            return .failed(error)
        }
    }

    /// Runs `python3 make.py OUTDIR`; `false` when python3 is not installed.
    private func generate(into outdir: URL, from folder: URL) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", folder.appendingPathComponent("make.py").path, outdir.path]
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus == 127 { return false }  // env: python3 not found
        guard process.terminationStatus == 0 else {
            throw GenerationFailed(status: process.terminationStatus, stderr: String(decoding: message, as: UTF8.self))
        }
        return true
    }

    struct GenerationFailed: Error, CustomStringConvertible {
        let status: Int32
        let stderr: String
        var description: String { "make.py exited with \(status): \(stderr)" }
    }
}

/// A non-blocking TCP listener on 127.0.0.1 that only counts connections.
/// Connections complete into the backlog even before `accept`, so counting
/// them after the loads shows whether anything tried to connect.
final class LoopbackListener {
    private let socketFD: Int32

    /// Listens on `port`; `nil` when the port stays busy for a few seconds.
    init?(port: UInt16) {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return nil }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var bound = false
        for _ in 0..<50 {
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            if bound { break }
            usleep(100_000)
        }
        guard bound, listen(fd, 64) == 0 else {
            close(fd)
            return nil
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        socketFD = fd
    }

    /// Accepts (and closes) every pending connection; returns how many there were.
    func acceptPending() -> Int {
        var count = 0
        while true {
            let client = accept(socketFD, nil, nil)
            guard client >= 0 else { return count }
            close(client)
            count += 1
        }
    }

    deinit { close(socketFD) }
}
