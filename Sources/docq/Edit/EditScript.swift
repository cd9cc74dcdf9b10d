import DocQuery
import DocTree
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Edits read from a JSON file (`--edits FILE`), so one run can apply
/// several as one transaction:
///
/// ```json
/// [
///   {"set": "version", "value": "2.1"},
///   {"set": "build", "expr": "@ + `1`"},
///   {"delete": "scripts.test"},
///   {"insert": "keywords", "value": "xml"},
///   {"insert": "config", "key": "port", "value": 8080, "at": 0},
///   {"insert": "items[0]", "value": 7, "before": true},
///   {"rename": "main", "to": "entry"}
/// ]
/// ```
enum EditScript {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func edits(
        fromFile path: String, options: LoadOptions, parameters: [String: (any Sendable)?]
    ) throws -> [Edit] {
        var options = options
        options.format = .json
        options.encoding = nil
        let document = try Document(contentsOf: URL(fileURLWithPath: path), options: options)
        guard document.root.kind == .array else { throw Failure(description: "expected a JSON array of edits") }
        return try document.root.children.enumerated().map { offset, entry throws -> Edit in
            try edit(entry, number: offset + 1, parameters: parameters)
        }
    }

    private static func edit(_ entry: Node, number: Int, parameters: [String: (any Sendable)?]) throws -> Edit {
        func text(_ key: String) -> String? { entry.children(named: key).first?.string }
        func value() throws -> EditValue {
            guard let node = entry.children(named: "value").first else { throw Failure(description: "edit \(number) has no \"value\"") }
            return EditValue(node)
        }
        guard entry.kind == .object else { throw Failure(description: "edit \(number) is not an object") }
        if let path = text("set") {
            if let expression = text("expr") {
                guard entry.children(named: "value").isEmpty else {
                    throw Failure(description: "edit \(number) has both \"value\" and \"expr\"")
                }
                return .set(path, computedBy: expression, parameters: parameters)
            }
            return .set(path, to: try value(), parameters: parameters)
        }
        if let path = text("delete") { return .remove(path, parameters: parameters) }
        if let path = text("rename") {
            guard let name = text("to") else { throw Failure(description: "edit \(number) renames without \"to\"") }
            return .rename(path, to: name, parameters: parameters)
        }
        if let path = text("insert") {
            let index = entry.children(named: "at").first?.int
            // As `docq insert --before` and `--after`: beside each match.
            let before = entry.children(named: "before").first?.bool == true
            let after = entry.children(named: "after").first?.bool == true
            if before && after { throw Failure(description: "edit \(number) has both \"before\" and \"after\"") }
            if (before || after) && index != nil {
                throw Failure(description: "edit \(number) has \"at\" with \"before\" or \"after\"")
            }
            return EditRun.insert(try value(), path: path, key: text("key"), index: index, before: before, after: after, parameters: parameters)
        }
        throw Failure(description: "edit \(number) has none of \"set\", \"delete\", \"insert\", \"rename\"")
    }
}
