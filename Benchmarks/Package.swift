// swift-tools-version:6.1
//
// DocQuery's benchmarks: a package of its own, so that library users never
// build package-benchmark, the peers or the C ceilings. See README.md.
//
// - JSONLoad, XMLLoad, Query (Benchmarks/<name>/): package-benchmark targets,
//   run with `swift package benchmark`.
// - BenchHarness: runs one subject on one input per process for the table
//   scripts/bench prints.
// - BenchmarkSupport: inputs, the generator, and every subject (ours, the
//   peers, the ceilings), shared by both.
// - CLibXML2SAXCeiling (C, libxml2) and CSimdjsonCeiling (C++, Debian's
//   libsimdjson-dev): the ceilings, behind plain C functions.
// - CProcessMemory (C): the heap's count of live bytes (glibc mallinfo2).
// - HugeInputGenerator, SAXStreamCeiling (C executables): scripts/bench
//   --huge's 1 GB / 5 GB inputs, and libxml2 SAX2 over a file in chunks.

import PackageDescription

import struct Foundation.URL

/// A path dependency is known by its folder's name, which is whatever the
/// checkout is called (`DocQuery`, a worktree, CI's clone).
let docQueryPackage = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let benchmarkTargets = ["JSONLoad", "XMLLoad", "Query"]

let package = Package(
    name: "DocQueryBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        // Peers, pinned: the table compares against these exact versions.
        .package(url: "https://github.com/drmohundro/SWXMLHash", exact: "8.1.1"),
        .package(url: "https://github.com/CoreOffice/XMLCoder", exact: "0.18.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2Bench",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(
            name: "CLibXML2SAXCeiling",
            dependencies: ["CLibXML2Bench"]
        ),
        .target(
            name: "CSimdjsonCeiling",
            linkerSettings: [.linkedLibrary("simdjson")]
        ),
        .target(name: "CProcessMemory"),
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                "CProcessMemory",
                .product(name: "DocTree", package: docQueryPackage),
                .product(name: "DocQuery", package: docQueryPackage),
                .product(name: "SWXMLHash", package: "SWXMLHash"),
                .product(name: "XMLCoder", package: "XMLCoder"),
                "CLibXML2SAXCeiling",
                "CSimdjsonCeiling",
            ]
        ),
        .target(
            name: "BenchmarkRuns",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
            ]
        ),
        .executableTarget(
            name: "BenchHarness",
            dependencies: ["BenchmarkSupport", .product(name: "DocQuery", package: docQueryPackage)]
        ),
        // scripts/bench --huge: the big inputs' generator and the streaming XML ceiling (C).
        .executableTarget(name: "HugeInputGenerator"),
        .executableTarget(
            name: "SAXStreamCeiling",
            dependencies: ["CLibXML2SAXCeiling"]
        ),
        .testTarget(
            name: "BenchmarkSupportTests",
            dependencies: ["BenchmarkSupport"]
        ),
    ] + benchmarkTargets.map { name in
        .executableTarget(
            name: name,
            dependencies: [
                "BenchmarkRuns",
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/\(name)",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    },
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
