import DocQuery
import DocTree
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
}
