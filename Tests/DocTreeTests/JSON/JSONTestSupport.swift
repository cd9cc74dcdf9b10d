import Foundation
import Testing
@testable import DocTree

/// Helpers shared by the JSON tests.
enum JSONTesting {
    /// Scans UTF-8 `bytes` with the JSON scanner itself, so the tests do not
    /// depend on the encoding layer in front of it.
    static func scan(_ bytes: [UInt8], maxDepth: Int = 10_000) throws(LoadError) -> Document {
        try JSONScanner.parse(bytes, options: LoadOptions(format: .json, maxDepth: maxDepth))
    }

    static func scan(_ text: String, maxDepth: Int = 10_000) throws(LoadError) -> Document {
        try scan(Array(text.utf8), maxDepth: maxDepth)
    }

    /// The first value inside the root container (`[x]` → `x`).
    static func element(_ text: String) throws -> Node {
        try #require(try scan(text).root.children.first)
    }

    /// A compact canonical rendering of a subtree: keys and strings in
    /// double quotes with `"` and `\` escaped and control characters as
    /// `\u00XX`, numbers as written. Duplicate keys and order are kept, so
    /// two trees render alike exactly when they are alike.
    static func render(_ node: Node) -> String {
        var out = ""
        render(node, into: &out)
        return out
    }

    private static func render(_ node: Node, into out: inout String) {
        switch node.kind {
        case .object:
            out += "{"
            for (k, child) in node.children.enumerated() {
                if k > 0 { out += "," }
                out += quoted(child.name ?? "<no name>") + ":"
                render(child, into: &out)
            }
            out += "}"
        case .array:
            out += "["
            for (k, child) in node.children.enumerated() {
                if k > 0 { out += "," }
                render(child, into: &out)
            }
            out += "]"
        case .string: out += quoted(node.string ?? "<nil>")
        case .number, .true, .false: out += node.string ?? "<nil>"
        case .null: out += "null"
        default: out += "<\(node.kind)>"
        }
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Bytes as hex, for failure messages about binary inputs.
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16, uppercase: true).count == 1 ? "0" + String($0, radix: 16, uppercase: true) : String($0, radix: 16, uppercase: true) }
            .joined(separator: " ")
    }
}
