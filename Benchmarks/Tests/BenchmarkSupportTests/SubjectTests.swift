import BenchmarkSupport
import Foundation
import Testing

@Suite struct SubjectTests {
    @Test func namesAreUniquePerFormatAndOperation() {
        var seen = Set<String>()
        for subject in Subjects.all {
            #expect(seen.insert("\(subject.format) \(subject.operation) \(subject.name)").inserted, "\(subject.name)")
        }
    }

    @Test func everyFormatAndOperationHasOneCeilingAndOurs() {
        for format in InputFormat.allCases {
            for operation in ["load", "query"] {
                let subjects = Subjects.all.filter { $0.format == format && $0.operation == operation }
                #expect(subjects.filter { $0.role == .ceiling }.count == 1, "\(format) \(operation)")
                #expect(subjects.contains { $0.role == .ours }, "\(format) \(operation)")
            }
        }
    }

    /// Every query subject finds the same values as its ceiling, so the
    /// timings compare the same work.
    @Test(arguments: ["twitter.json", "map.osm"])
    func querySubjectsAgreeWithTheirCeiling(inputName: String) throws {
        let input = try BenchInputs.named(inputName)
        let data = try input.data()
        let subjects = Subjects.all.filter { $0.operation == "query" && $0.accepts(input) }
        let ceiling = try #require(subjects.first { $0.role == .ceiling })
        let expected = try #require(try ceiling.workload(input, data).run().count)
        #expect(expected > 0)
        for subject in subjects {
            #expect(try subject.workload(input, data).run().count == expected, "\(subject.name)")
        }
    }

    /// Every load subject loads a small bench-data file of its format.
    @Test(arguments: ["github_events.json", "libreoffice_document.fodt"])
    func loadSubjectsLoad(inputName: String) throws {
        let input = try BenchInputs.named(inputName)
        let data = try input.data()
        for subject in Subjects.all where subject.operation == "load" && subject.accepts(input) {
            _ = try subject.workload(input, data).run()
        }
    }

    @Test func heavyPeersSkipLargeInputsOnly() throws {
        let heavy = try #require(Subjects.named("SWXMLHash", operation: "load", format: .xml))
        #expect(heavy.skipReason(inputBytes: 5_000_000) == nil)
        if ProcessInfo.processInfo.environment["DOCQ_BENCH_UNCAPPED"] != "1" {
            #expect(heavy.skipReason(inputBytes: 500_000_000) != nil)
        }
        let ours = try #require(Subjects.named("DocTree", operation: "load", format: .xml))
        #expect(ours.skipReason(inputBytes: 500_000_000) == nil)
    }

    @Test func jsonValueDecodesEveryKind() throws {
        let value = try JSONDecoder().decode(
            JSONValue.self, from: Data(#"{"a":[1,"x",true,null,{"b":2.5}]}"#.utf8))
        #expect(value["a"] == .array([.number(1), .string("x"), .bool(true), .null, .object(["b": .number(2.5)])]))
    }
}
