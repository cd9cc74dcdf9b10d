import DocTree
import Testing

@testable import DocQuery

/// The key-id cache: it remembers the last tables' resolutions, replaces
/// the oldest once full, and every answer is the table's own ids.
@Suite struct KeyIDCacheTests {
    static let keys = ["b", "a", "missing"]

    /// Documents whose name tables number `a` and `b` differently.
    static func documents(_ count: Int) throws -> [Document] {
        try (0..<count).map { k in
            try Document(string: "{" + (0..<k).map { "\"p\($0)\": 0, " }.joined() + #""a": 1, "b": 2}"#)
        }
    }

    static func expectedIDs(in names: NameTable) -> [UInt32] {
        [names.id(of: "b")!, names.id(of: "a")!, 0]
    }

    @Test func remembersTheLastTablesAndReplacesTheOldest() throws {
        let cache = KeyIDCache()
        let documents = try Self.documents(KeyIDCache.capacity + 3)
        for (k, document) in documents.enumerated() {
            let names = document.table.names
            #expect(!cache.remembers(names), "table \(k)")
            let resolution = cache.resolution(of: Self.keys, in: names)
            #expect(resolution.ids == Self.expectedIDs(in: names))
            // Resolved once, then answered from the cache: the same resolution every time.
            #expect(resolution === cache.resolution(of: Self.keys, in: names), "table \(k)")
            #expect(cache.ids(of: Self.keys, in: names) == Self.expectedIDs(in: names))
        }
        // The first three tables gave way to the last three; the others are still there.
        for (k, document) in documents.enumerated() {
            #expect(cache.remembers(document.table.names) == (k >= 3), "table \(k)")
        }
    }

    @Test func tasksRacingAgreeOnOneResolutionPerTable() async throws {
        let documents = try Self.documents(KeyIDCache.capacity)
        for _ in 0..<20 {
            let cache = KeyIDCache()
            let resolutions = await withTaskGroup(of: (Int, ObjectIdentifier, [UInt32]).self) { group in
                for round in 0..<32 {
                    group.addTask {
                        let k = round % documents.count
                        let resolution = cache.resolution(of: Self.keys, in: documents[k].table.names)
                        return (k, ObjectIdentifier(resolution), resolution.ids)
                    }
                }
                var all: [(Int, ObjectIdentifier, [UInt32])] = []
                for await result in group { all.append(result) }
                return all
            }
            for (k, _, ids) in resolutions { #expect(ids == Self.expectedIDs(in: documents[k].table.names)) }
            // Every task that met a table got the same resolution of it.
            for k in documents.indices {
                #expect(Set(resolutions.filter { $0.0 == k }.map(\.1)).count == 1, "table \(k)")
            }
        }
    }
}
