import Testing
@testable import DocTree

/// How a streamed path's key selects an XML name: the qualified name or
/// the local name, byte for byte.
@Suite struct XMLChildNamesTests {
    static func matches(_ wanted: String, local: String, prefix: String? = nil) -> Bool {
        let local = Array(local.utf8)
        let prefix = prefix.map { Array($0.utf8) }
        return local.withUnsafeBufferPointer { local in
            guard let prefix else { return XMLChildNames.matches(Array(wanted.utf8), local: local, prefix: nil) }
            return prefix.withUnsafeBufferPointer { XMLChildNames.matches(Array(wanted.utf8), local: local, prefix: $0) }
        }
    }

    @Test func aKeyIsTheQualifiedOrTheLocalName() {
        #expect(Self.matches("b", local: "b"))
        #expect(Self.matches("b", local: "b", prefix: "a"))
        #expect(Self.matches("a:b", local: "b", prefix: "a"))
        #expect(!Self.matches("a:b", local: "b"))
        #expect(!Self.matches("x:b", local: "b", prefix: "a"))
        #expect(!Self.matches("a", local: "b", prefix: "a"))
        #expect(!Self.matches("b", local: "bb"))
        #expect(!Self.matches("a-b", local: "b", prefix: "a"))
        #expect(!Self.matches("é", local: "e"))
    }
}
