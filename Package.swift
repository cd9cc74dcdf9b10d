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

/// Apple platforms, whose SDK has libxml2, and the others, where it comes
/// from the system's package (pkg-config `libxml-2.0`).
let applePlatforms: [Platform] = [.macOS, .iOS, .tvOS, .watchOS, .visionOS, .macCatalyst]
let nonAppleXMLPlatforms: [Platform] = [.linux, .android, .openbsd, .windows, .wasi]

/// The runnable examples under Examples/ (`swift run NAME`), each with a
/// README and, for MovieCharts, the recorded explorer session beside it
/// (ConfigFiles: the sample files it edits).
let examples: [(name: String, otherFiles: [String])] = [
    ("TaskLists", ["README.md"]),
    ("ElectionSchedule", ["README.md"]),
    ("TheaterPages", ["README.md"]),
    ("RESTPosts", ["README.md"]),
    ("MovieCharts", ["README.md", "explore.cast"]),
    ("ConfigFiles", ["README.md", "samples"]),
]

let package = Package(
    name: "DocQuery",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "DocTree", targets: ["DocTree"]),
        .library(name: "DocQuery", targets: ["DocQuery"]),
        // Document.load(from:) and DocumentStream.load(from:) for http(s)
        // URLs: the one product that links FoundationNetworking (libcurl).
        .library(name: "DocQueryNetworking", targets: ["DocQueryNetworking"]),
        .executable(name: "docq", targets: ["docq"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Only for `swift package generate-documentation`; nothing links it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
    ],
    targets: [
        // libxml2 through pkg-config, on the platforms without an SDK that
        // ships it. Apple platforms use the SDK's own `libxml2` module instead
        // (a second module map over the SDK's headers breaks Xcode builds),
        // and DocTree links xml2 there. `.when(platforms:)` is decided for
        // the platform being built for, unlike `#if os()` in a manifest,
        // which is decided on the host and breaks cross-compiling.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .yum(["libxml2-devel"])]
        ),
        .target(
            name: "DocTree",
            dependencies: [
                .target(name: "CLibXML2", condition: .when(platforms: nonAppleXMLPlatforms)),
            ],
            swiftSettings: internalChecks,
            linkerSettings: [.linkedLibrary("xml2", .when(platforms: applePlatforms))]
        ),
        .target(
            name: "DocQuery",
            dependencies: ["DocTree"],
            swiftSettings: internalChecks
        ),
        .target(
            name: "DocQueryNetworking",
            dependencies: ["DocTree"]
        ),
        // libedit, loaded when the explorer starts (Sources/CLibEdit); its
        // header comes from libedit-dev (Debian) or the macOS SDK.
        .target(name: "CLibEdit"),
        // libcurl, loaded when docq fetches its first URL (Sources/CLibCurl):
        // docq fetches through libcurl's own API, not URLSession, so it links
        // no FoundationNetworking. Building needs no libcurl headers.
        .target(name: "CLibCurl"),
        .executableTarget(
            name: "docq",
            dependencies: [
                "DocQuery",
                "CLibEdit",
                "CLibCurl",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "QuickLook",
            dependencies: ["DocQuery"],
            path: "Examples/QuickLook"
        ),

        // The runnable examples (Examples/README.md): `swift run NAME`. Each
        // serves its sample responses from a local server on 127.0.0.1 and
        // loads them with Document.load(from:), as an app would.
        .target(
            name: "ExampleSupport",
            path: "Examples/ExampleSupport",
            exclude: ["Responses"]
        ),
        .target(
            name: "TestSupport",
            dependencies: ["ExampleSupport"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "DocTreeTests",
            dependencies: ["DocTree", "DocQueryNetworking", "TestSupport"]
        ),
        .testTarget(
            name: "DocQueryTests",
            dependencies: ["DocQuery", "TestSupport"]
        ),
        .testTarget(
            name: "ExamplesTests",
            dependencies: ["DocQuery", "DocQueryNetworking", "TestSupport", "QuickLook"]
                + examples.map { .target(name: $0.name) }
        ),
        .testTarget(
            name: "docqTests",
            dependencies: ["docq", "TestSupport"],
            exclude: ["Snapshots"]
        ),
    ] + examples.map { example in
        .executableTarget(
            name: example.name,
            dependencies: ["DocQuery", "DocQueryNetworking", "ExampleSupport"],
            path: "Examples/\(example.name)",
            exclude: example.otherFiles
        )
    },
    swiftLanguageModes: [.v6]
)
