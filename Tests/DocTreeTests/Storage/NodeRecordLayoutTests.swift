import Testing
@testable import DocTree

/// Pins the record accessors to the bit layout `NodeRecord` documents: they
/// are the one decoding of it (DocQuery reads records only through them).
@Suite struct NodeRecordLayoutTests {
    @Test func kindRawValuesAreDeclarationIndexes() {
        // `NodeRecord.kind` converts the 4-bit field without a check.
        for (index, kind) in Node.Kind.allCases.enumerated() {
            #expect(Int(kind.rawValue) == index)
            #expect(unsafeBitCast(kind.rawValue, to: Node.Kind.self) == kind)
        }
        #expect(Node.Kind.allCases.count <= 16)
    }

    @Test(arguments: Node.Kind.allCases)
    func accessorsReadTheDocumentedBits(_ kind: Node.Kind) {
        let name: UInt32 = 0xABCDE
        for flagBits in UInt8(0)...15 {
            let record = NodeRecord(kind: kind, flags: .init(rawValue: flagBits), name: name, a: 7, b: 9)
            #expect(record.header & 0xF == UInt32(kind.rawValue))
            #expect((record.header >> 4) & 0xF == UInt32(flagBits))
            #expect(record.header >> 8 == name)
            #expect(record.kind == kind)
            #expect(record.flags.rawValue == flagBits)
            #expect(record.nameID == name)
            #expect(record.hasDuplicateKeys == (flagBits & 1 != 0))
            #expect(record.hasElementChildren == (flagBits & 2 != 0))
        }
    }

    @Test(arguments: Node.Kind.allCases)
    func containersAreDocumentObjectArrayAndElement(_ kind: Node.Kind) {
        let containers: Set<Node.Kind> = [.document, .object, .array, .element]
        #expect(kind.isContainer == containers.contains(kind))
        let record = NodeRecord(kind: kind, name: 0, a: 40, b: 3)
        #expect(record.isContainer == containers.contains(kind))
        #expect(record.subtreeEnd(at: 10) == (containers.contains(kind) ? 40 : 11))
    }

    @Test func flagBitsMatchTheTable() {
        #expect(NodeRecord.Flags.escaped.rawValue == 1 << 0)
        #expect(NodeRecord.Flags.duplicateKeys.rawValue == 1 << 0)
        #expect(NodeRecord.Flags.fractional.rawValue == 1 << 1)
        #expect(NodeRecord.Flags.hasElementChildren.rawValue == 1 << 1)
        #expect(NodeRecord.Flags.whitespace.rawValue == 1 << 2)
        #expect(NodeRecord.Flags.hasText.rawValue == 1 << 2)
        #expect(NodeRecord.Flags.cdata.rawValue == 1 << 3)
    }
}
