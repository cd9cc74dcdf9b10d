// swift-tools-version:6.0
//
// DocQuery: load any XML or JSON document into one compact node tree and answer
// dotted key-path queries over it.
//
// Build flags
// -----------
// `DOCTREE_INTERNAL_CHECKS`: when defined (it is, for debug builds), every load
// ends with `NodeTable.checkInvariants()`, which verifies that subtree ends nest,
// every text span lies inside the text buffer and every parent precedes its
// children. In release builds the check compiles to nothing.

import PackageDescription

let internalChecks: [SwiftSetting] = [
    .define("DOCTREE_INTERNAL_CHECKS", .when(configuration: .debug))
]

let package = Package(
    name: "DocQuery",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "DocTree", targets: ["DocTree"]),
        .library(name: "DocQuery", targets: ["DocQuery"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(
            name: "DocTree",
            dependencies: ["CLibXML2"],
            swiftSettings: internalChecks
        ),
        .target(
            name: "DocQuery",
            dependencies: ["DocTree"],
            swiftSettings: internalChecks
        ),
        .target(
            name: "TestSupport",
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "DocTreeTests",
            dependencies: ["DocTree", "TestSupport"]
        ),
        .testTarget(
            name: "DocQueryTests",
            dependencies: ["DocQuery", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
