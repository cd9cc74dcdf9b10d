import DocQuery
import DocTree
import Foundation
import Testing

/// DocQuery's inlined record reads (NodeRecord+Inlined.swift) agree with
/// DocTree's accessors, the one definition of the layout, for every kind,
/// every flag value and names at both ends of the id range.
@Suite struct RecordReadingTests {
    @Test func inlinedReadsMatchDocTreeAccessors() {
        for raw in UInt8(0)...12 {
            let kind = unsafeBitCast(raw, to: Node.Kind.self)
            for flags in UInt8(0)...15 {
                for name in [UInt32(0), 1, 4242, NodeRecord.maxNameID] {
                    let record = NodeRecord(kind: kind, flags: NodeRecord.Flags(rawValue: flags), name: name, a: 99, b: 7)
                    #expect(record.kindInline == record.kind)
                    #expect(record.nameIDInline == record.nameID)
                    #expect(record.isContainerInline == record.isContainer, "\(kind)")
                    #expect(record.subtreeEndInline(at: 5) == record.subtreeEnd(at: 5))
                    #expect(record.hasElementChildrenInline == record.hasElementChildren)
                    #expect(record.hasDuplicateKeysInline == record.hasDuplicateKeys)
                }
            }
        }
    }

    @Test func inlinedBufferIsTheRecords() throws {
        for text in [#"{"a": [1, 2, {"b": null}], "c": "d"}"#, #"<r x="1"><a>t</a><a/></r>"#] {
            let table = try Document(data: Data(text.utf8)).table
            let inlined = table.nodes.bufferInline
            #expect(inlined.baseAddress == table.nodes.buffer.baseAddress)
            #expect(inlined.count == table.nodes.count)
            #expect(inlined.map(\.header) == table.nodes.map(\.header))
        }
    }
}
