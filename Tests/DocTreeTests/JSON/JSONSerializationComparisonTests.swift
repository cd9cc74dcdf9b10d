import Foundation
import Testing
import TestSupport
@testable import DocTree

/// Every benchmark corpus in `shared/bench-data/json`, read in place, gives
/// the same strings, numbers and structure as Foundation's
/// `JSONSerialization`.
@Suite struct JSONSerializationComparisonTests {
    static let files: [URL] = (try? SharedData.files(in: "bench-data/json", withExtension: "json")) ?? []

    @Test func corporaArePresent() throws {
        // Fails with the path it tried when ../shared is missing.
        let files = try SharedData.files(in: "bench-data/json", withExtension: "json")
        #expect(!files.isEmpty)
    }

    @Test(arguments: files)
    func matchesJSONSerialization(_ file: URL) throws {
        let data = try Data(contentsOf: file)
        let document = try Document(data: data, options: LoadOptions(format: .json))
        let reference = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
        var comparison = Comparison()
        comparison.compare(document.root, reference, path: "$")
        #expect(comparison.mismatches.isEmpty, "\(file.lastPathComponent): \(comparison.mismatches.prefix(5))")
        #expect(comparison.nodes + 1 == document.nodeCount)
    }

    struct Comparison {
        var mismatches: [String] = []
        var nodes = 0

        mutating func compare(_ node: Node, _ reference: Any, path: String) {
            nodes += 1
            func mismatch(_ what: String) { if mismatches.count < 20 { mismatches.append("\(path): \(what)") } }
            switch node.kind {
            case .object:
                guard let dictionary = reference as? [String: Any] else { return mismatch("expected an object") }
                let members = Array(node.children)
                // The corpora have no duplicate keys, so the counts agree.
                if members.count != dictionary.count { mismatch("\(members.count) members, expected \(dictionary.count)") }
                for member in members {
                    guard let key = member.name, let value = dictionary[key] else {
                        mismatch("unexpected key \(member.name ?? "nil")")
                        continue
                    }
                    compare(member, value, path: path + "." + key)
                }
            case .array:
                guard let array = reference as? [Any] else { return mismatch("expected an array") }
                let elements = Array(node.children)
                if elements.count != array.count { mismatch("\(elements.count) elements, expected \(array.count)") }
                for (k, (element, value)) in zip(elements, array).enumerated() {
                    compare(element, value, path: path + "[\(k)]")
                }
            case .string:
                guard let string = reference as? String else { return mismatch("expected a string") }
                // Byte for byte: String's == would accept canonical equivalents.
                if node.string.map({ Array($0.utf8) }) != Array(string.utf8) { mismatch("string \(node.string ?? "nil")") }
            case .number:
                guard let number = reference as? NSNumber else { return mismatch("expected a number") }
                if let int = node.int64, !node.record.flags.contains(.fractional) {
                    if number.int64Value != int { mismatch("integer \(int), expected \(number)") }
                } else if let double = node.double, let text = node.string {
                    // Ours is correctly rounded: exactly what the C library's strtod gives.
                    if double != strtod(text, nil) { mismatch("number \(text) read as \(double), strtod says \(strtod(text, nil))") }
                    // Foundation's parser on Linux is not (it reads canada.json's
                    // -65.561935000000005 as -65.56193500000003), so it is only
                    // near: within a few units in the last place.
                    let expected = number.doubleValue
                    if abs(double - expected) > 1e-14 * abs(expected) {
                        mismatch("number \(text) read as \(double), expected \(expected)")
                    }
                } else {
                    mismatch("number \(node.string ?? "nil") has no Double, expected \(number)")
                }
            case .true, .false:
                guard let bool = reference as? Bool else { return mismatch("expected a boolean") }
                if bool != (node.kind == .true) { mismatch("boolean \(node.kind)") }
            case .null:
                if !(reference is NSNull) { mismatch("expected null") }
            default:
                mismatch("unexpected kind \(node.kind)")
            }
        }
    }
}
