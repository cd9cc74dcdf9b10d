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
        .executable(name: "docq", targets: ["docq"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
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
        .systemLibrary(
            name: "CLibEdit",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"]), .brew(["libedit"])]
        ),
        .executableTarget(
            name: "docq",
            dependencies: [
                "DocQuery",
                "CLibEdit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "QuickLook",
            dependencies: ["DocQuery"],
            path: "Examples/QuickLook"
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
        .testTarget(
            name: "docqTests",
            dependencies: ["docq", "TestSupport"],
            exclude: ["Snapshots"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
