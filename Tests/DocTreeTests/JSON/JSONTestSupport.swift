import Foundation
import Testing
@testable import DocTree
import TestSupport

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

    /// A compact canonical rendering of a subtree: keys and strings quoted
    /// as ``TestText/quoted(_:)`` does, numbers as written. Duplicate keys
    /// and order are kept, so two trees render alike exactly when they are
    /// alike.
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
                out += TestText.quoted(child.name ?? "<no name>") + ":"
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
        case .string: out += TestText.quoted(node.string ?? "<nil>")
        case .number, .true, .false: out += node.string ?? "<nil>"
        case .null: out += "null"
        default: out += "<\(node.kind)>"
        }
    }
}
