import DocQuery
import DocTree
import Foundation
import Testing
import TestSupport

/// Byte-for-byte fidelity on real documents: an edit that changes nothing
/// writes the input back identical, and a real edit changes only the bytes
/// of the edited node.
@Suite struct EditFidelityTests {
    static let documents: [URL] = {
        let bench = (try? SharedData.files(in: "bench-data/json", withExtension: "json")) ?? []
        let suite = ((try? SharedData.files(in: "conformance/json-parsing", withExtension: "json")) ?? [])
            .filter { $0.lastPathComponent.hasPrefix("y_") }
        let examples = ((try? FileManager.default.contentsOfDirectory(atPath: SharedData.packageRoot.path + "/Examples/documents")) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.contains("euckr") }.sorted()
            .map { SharedData.packageRoot.appendingPathComponent("Examples/documents/\($0)") }
        return bench + suite + examples
    }()

    @Test func theCorporaAreThere() {
        #expect(Self.documents.count >= 95 + 5 + 2)
    }

    /// Setting leaves to themselves (their spelling kept: numbers as written,
    /// strings without escapes, literals) changes no byte.
    @Test(arguments: documents)
    func unchangingSetIsByteIdentical(_ url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        let editor = try DocumentEditor(bytes: bytes)
        #expect(try editor.applying([]).bytes == bytes)
        var generator = SplitMix64(seed: 18)
        let document = editor.document
        var edits: [Edit] = []
        var used = Set<String>()
        for _ in 0..<64 where edits.count < 8 {
            let node = document.node(at: UInt32.random(in: 1..<UInt32(document.nodeCount), using: &generator))
            guard Self.keepsSpelling(node), let path = PathQuery.canonicalPath(of: node), used.insert(path).inserted,
                try PathQuery(path).evaluate(on: document).selectedMatches.count == 1
            else { continue }
            edits.append(.set(path, to: EditValue(node)))
        }
        if url.path.contains("bench-data") { #expect(edits.count >= 4, "\(url.lastPathComponent)") }
        let edited = try editor.applying(edits)
        #expect(edited.bytes == bytes, "\(url.lastPathComponent): \(edits.count) edits")
    }

    /// A leaf whose value written back by the editor is its own text.
    static func keepsSpelling(_ node: Node) -> Bool {
        switch node.kind {
        case .number, .true, .false, .null: return true
        case .string: return !node.record.flags.contains(.escaped) && !(node.string ?? "").unicodeScalars.contains { $0.value < 0x20 }
        default: return false
        }
    }
}
