import Foundation

/// The format of a benchmark input.
public enum InputFormat: String, Sendable, CaseIterable {
    case json
    case xml
}

/// One document the benchmarks load: a file of `shared/bench-data`, or a
/// document of a given size made by ``APIResponseGenerator``.
public struct BenchInput: Sendable, Hashable {
    /// Where the bytes come from.
    public enum Source: Sendable, Hashable {
        /// A file read in place.
        case file(URL)
        /// A generated document of about this many bytes (MB = 10^6 bytes).
        case generated(megabytes: Int)
    }

    /// The name used in benchmark names and in the table: the file name, or
    /// `generated-50MB.json`.
    public let name: String
    public let format: InputFormat
    public let source: Source

    public init(name: String, format: InputFormat, source: Source) {
        self.name = name
        self.format = format
        self.source = source
    }

    /// Whether the input was generated (not one of the bench-data files).
    public var isGenerated: Bool {
        if case .generated = source { return true }
        return false
    }

    /// The file holding the input; a generated input is written (once, then
    /// cached) when first asked for.
    public func url() throws -> URL {
        switch source {
        case .file(let url):
            return url
        case .generated(let megabytes):
            return try APIResponseGenerator.cachedFile(format: format, megabytes: megabytes)
        }
    }

    /// The input's bytes.
    public func data() throws -> Data {
        try Data(contentsOf: url(), options: .alwaysMapped).copiedIntoMemory()
    }
}

extension Data {
    /// A heap copy, so timings never include page faults of a mapped file.
    fileprivate func copiedIntoMemory() -> Data { Data(self) }
}

/// Finds the inputs: every file of `shared/bench-data/{json,xml}` and the
/// generated documents.
///
/// ## Environment
/// - `DOCQ_BENCH_DATA`: the bench-data folder (default: `../../shared/bench-data`
///   from the Benchmarks package, found from this file's path).
/// - `DOCQ_BENCH_SIZES`: the generated sizes in MB, comma-separated (default `5,50`).
/// - `DOCQ_BENCH_LARGE=1`: add the 500 MB documents.
/// - `DOCQ_BENCH_CACHE`: where generated documents are kept (see ``APIResponseGenerator``).
public enum BenchInputs {
    /// The Benchmarks package folder: three levels above `Sources/BenchmarkSupport/`.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The bench-data folder.
    public static var benchDataFolder: URL {
        if let path = ProcessInfo.processInfo.environment["DOCQ_BENCH_DATA"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return packageRoot.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared").appendingPathComponent("bench-data")
    }

    /// The sizes, in MB, of the generated documents for this run.
    public static var generatedSizes: [Int] {
        let environment = ProcessInfo.processInfo.environment
        var sizes = environment["DOCQ_BENCH_SIZES"].map { list in
            list.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        } ?? [5, 50]
        if environment["DOCQ_BENCH_LARGE"] == "1", !sizes.contains(500) { sizes.append(500) }
        return sizes
    }

    /// Every bench-data file of a format, sorted by name. Fails with the path
    /// it tried when the folder is missing.
    public static func files(_ format: InputFormat) throws -> [BenchInput] {
        let folder = benchDataFolder.appendingPathComponent(format.rawValue)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            throw MissingBenchData(path: folder.path)
        }
        return names.sorted().filter { !$0.hasPrefix(".") }.map { name in
            BenchInput(name: name, format: format, source: .file(folder.appendingPathComponent(name)))
        }
    }

    /// The generated documents of a format for this run.
    public static func generated(_ format: InputFormat) -> [BenchInput] {
        generatedSizes.map { size in
            BenchInput(
                name: APIResponseGenerator.fileName(format: format, megabytes: size),
                format: format,
                source: .generated(megabytes: size)
            )
        }
    }

    /// Bench-data files, then generated documents, of one format.
    public static func all(_ format: InputFormat) throws -> [BenchInput] {
        try files(format) + generated(format)
    }

    /// The input with this name (a bench-data file or a generated document).
    public static func named(_ name: String) throws -> BenchInput {
        for format in InputFormat.allCases {
            if let input = try all(format).first(where: { $0.name == name }) { return input }
            for size in [5, 50, 500] where APIResponseGenerator.fileName(format: format, megabytes: size) == name {
                return BenchInput(name: name, format: format, source: .generated(megabytes: size))
            }
        }
        throw UnknownInput(name: name)
    }

    /// The error thrown when bench-data is missing.
    public struct MissingBenchData: Error, CustomStringConvertible {
        public let path: String
        public var description: String {
            "bench-data not found at \(path) (expected ../../shared/bench-data beside the Benchmarks package, or set DOCQ_BENCH_DATA)"
        }
    }

    /// The error thrown for an input name that names nothing.
    public struct UnknownInput: Error, CustomStringConvertible {
        public let name: String
        public var description: String { "no benchmark input named \(name)" }
    }
}
