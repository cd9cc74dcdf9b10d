import Foundation

/// Who a subject is in the comparison.
public enum SubjectRole: String, Sendable {
    /// This package.
    case ours
    /// A library a Swift developer could use instead.
    case peer
    /// What the hardware and the underlying parser allow: the bar to measure against.
    case ceiling
}

/// What one run of a subject produced: a count to cross-check subjects
/// against each other (queries), and the value itself, kept alive until the
/// caller drops it (so memory can be measured while it lives).
public struct Output {
    public let count: Int?
    public let value: Any

    public init(count: Int? = nil, value: Any) {
        self.count = count
        self.value = value
    }
}

/// A subject ready to run on one input: the bytes are in memory, and
/// anything not timed (a padded copy, a document to query) is prepared.
/// Used by one thread at a time, so it may hold non-Sendable state.
public struct Workload {
    public let run: () throws -> Output

    public init(run: @escaping () throws -> Output) {
        self.run = run
    }
}

/// One thing measured: a library doing one operation ("load" or "query") on
/// inputs of one format. Benchmarks are named "<subject> <operation> <input>".
public struct Subject: Sendable {
    public let name: String
    public let operation: String
    public let format: InputFormat
    public let role: SubjectRole
    /// What is measured, in one line, for the README and the table.
    public let summary: String
    /// Inputs above this size are skipped unless `DOCQ_BENCH_UNCAPPED=1`:
    /// peers that need 10–30× the input in memory, or minutes per run.
    public let maxInputBytes: Int?
    /// For queries: the one input the subject runs on.
    public let onlyInput: String?
    let prepare: @Sendable (BenchInput, Data) throws -> Workload

    public init(
        name: String, operation: String, format: InputFormat, role: SubjectRole, summary: String,
        maxInputBytes: Int? = nil, onlyInput: String? = nil,
        prepare: @escaping @Sendable (BenchInput, Data) throws -> Workload
    ) {
        self.name = name
        self.operation = operation
        self.format = format
        self.role = role
        self.summary = summary
        self.maxInputBytes = maxInputBytes
        self.onlyInput = onlyInput
        self.prepare = prepare
    }

    /// The benchmark's name: "<subject> <operation> <input>".
    public func benchmarkName(_ input: BenchInput) -> String { "\(name) \(operation) \(input.name)" }

    /// Prepares a run on these bytes (untimed work only).
    public func workload(_ input: BenchInput, _ data: Data) throws -> Workload {
        try prepare(input, data)
    }

    /// Whether the subject runs on this input (format, query input, size cap).
    public func accepts(_ input: BenchInput) -> Bool {
        guard input.format == format else { return false }
        if let onlyInput { return input.name == onlyInput }
        return true
    }

    /// Why the subject skips an input of this size, or `nil` when it runs.
    public func skipReason(inputBytes: Int) -> String? {
        guard let maxInputBytes, inputBytes > maxInputBytes,
            ProcessInfo.processInfo.environment["DOCQ_BENCH_UNCAPPED"] != "1"
        else { return nil }
        return "skipped above \(maxInputBytes / 1_000_000) MB (DOCQ_BENCH_UNCAPPED=1 runs it)"
    }

    /// The size of a generated input in bytes, before it is written, so caps
    /// can be applied without generating anything.
    public static func nominalBytes(_ input: BenchInput) -> Int {
        switch input.source {
        case .generated(let megabytes): return megabytes * 1_000_000
        case .file(let url):
            return ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
        }
    }
}

/// A subject that could not run: a C parser's error code, a peer's refusal.
public struct SubjectFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Every subject, in table order: ours first, then peers, then ceilings.
public enum Subjects {
    public static var all: [Subject] { jsonLoad + xmlLoad + jsonQuery + xmlQuery }

    /// The subject with this name and operation for inputs of this format
    /// ("DocTree load" exists for JSON and for XML).
    public static func named(_ name: String, operation: String, format: InputFormat) -> Subject? {
        all.first { $0.name == name && $0.operation == operation && $0.format == format }
    }

    /// 50 MB: the cap for peers that need many times the input in memory.
    static let heavyCap = 50_000_000
}
