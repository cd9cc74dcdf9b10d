// swift-tools-version:6.0
//
// DocQuery's libFuzzer targets: a package of its own, so that library users
// never build them. `scripts/fuzz` builds and runs them (see README.md here):
// every harness is a library target exporting `LLVMFuzzerTestOneInput`,
// compiled with `-sanitize=fuzzer,address` and linked by the script with
// swiftc over the built objects (SwiftPM would link an executable with a
// `main` of its own, which libFuzzer provides).
//
// - FuzzSupport: the checks the harnesses share (round trips, the fixed
//   documents paths are evaluated on).
// - FuzzJSON, FuzzXML, FuzzEncodings, FuzzPathCompile, FuzzPathEvaluate,
//   FuzzJMESPath, FuzzStream, FuzzEdit, FuzzExpressionGrowth: one harness
//   each; `scripts/fuzz` calls them json, xml, encodings, path-compile,
//   path-evaluate, jmespath, stream, edit, expression-growth.

import PackageDescription

import struct Foundation.URL

/// A path dependency is known by its folder's name, which is whatever the
/// checkout is called (`DocQuery`, a worktree, CI's clone).
let docQueryPackage = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let harnesses = [
    "FuzzJSON", "FuzzXML", "FuzzEncodings", "FuzzPathCompile", "FuzzPathEvaluate", "FuzzJMESPath", "FuzzStream",
    "FuzzEdit", "FuzzExpressionGrowth",
]

let package = Package(
    name: "DocQueryFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
    ],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "DocTree", package: docQueryPackage),
                .product(name: "DocQuery", package: docQueryPackage),
            ]
        ),
    ] + harnesses.map { name in
        .target(name: name, dependencies: ["FuzzSupport"])
    },
    swiftLanguageModes: [.v6]
)
