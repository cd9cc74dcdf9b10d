import DocQuery
import DocTree
import FuzzSupport
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Edits: the input is a JSON document; edits drawn from its own bytes
/// (set, insert, remove, rename on nodes picked by their canonical paths)
/// are applied one transaction at a time. No edit may crash; every result
/// loads (the editor reads it back) and is read back the same by a plain
/// load; an empty transaction and setting a leaf to itself (where the
/// editor keeps its spelling) give the input byte for byte. A member
/// created or inserted at an object's end while streaming (a keys-only
/// `set` that matches nothing, an insert with a key) gives the bytes held
/// whole gives, or an error where it fails, or a refusal to stream.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEdit(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(input(data, size))
    guard var editor = try? DocumentEditor(bytes: bytes) else { return 0 }
    require((try? editor.applying([]).bytes) == bytes, "an empty transaction changed the bytes")
    var state = bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    func draw(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(max(bound, 1)))
    }
    let values: [EditValue] = [1, "x\"\n", nil, true, [1, [2]], ["k": "v"], EditValue(-0.5)]
    for _ in 0..<4 {
        var nodes: [Node] = []
        var pending = [editor.document.root]
        while let next = pending.popLast() {
            nodes.append(next)
            pending += next.children
        }
        let node = nodes[draw(nodes.count)]
        guard let path = PathQuery.canonicalPath(of: node) else { continue }
        let value = values[draw(values.count)]
        if node.kind == .object {
            let keyed: Edit = draw(2) == 0
                ? .set(path.isEmpty ? "zz" : path + ".zz", to: value)
                : .insert(value, into: path.isEmpty ? "." : path, key: "k\(draw(3))")
            let held = try? editor.applying([keyed]).bytes
            do {
                var streamed: [UInt8] = []
                try StreamedEdit([keyed]).run(contentsOf: try scratchFile(editor.bytes)) { streamed += $0 }
                require(held == streamed, "\(keyed) streamed gave other bytes than held whole")
            } catch let error as QueryError where error.kind == .notStreamable {
            } catch {
                require(held == nil, "\(keyed) failed streamed (\(error)) but applies held whole")
            }
        }
        let edit: Edit
        switch draw(5) {
        case 0: edit = .set(path, to: value)
        case 1: edit = .remove(path)
        case 2: edit = .insert(value, into: path, key: node.kind == Node.Kind.object ? "k\(draw(1000))" : nil, at: draw(3) - 1)
        case 3: edit = .rename(path, to: "r\(draw(1000))")
        default:
            // A leaf set to itself keeps its spelling when it has no escapes.
            let before = editor.bytes
            guard [Node.Kind.number, .true, .false, .null].contains(node.kind),
                (try? editor.apply(.set(path, to: EditValue(node)))) != nil
            else { continue }
            require(editor.bytes == before, "setting \(path) to itself changed the bytes")
            continue
        }
        guard (try? editor.apply(edit)) != nil else { continue }
        let reread = try? Document(data: .init(editor.bytes))
        require(reread != nil, "the result of \(edit) does not load")
        require(reread!.root.jsonString() == editor.document.root.jsonString(), "the result of \(edit) reads back differently")
    }
    return 0
}

/// `bytes` in a file of this process's own, for the streamed editor, which reads files.
private func scratchFile(_ bytes: [UInt8]) throws -> URL {
    let url = URL(fileURLWithPath: "/tmp/fuzz-edit-\(ProcessInfo.processInfo.processIdentifier).json")
    try Data(bytes).write(to: url)
    return url
}
