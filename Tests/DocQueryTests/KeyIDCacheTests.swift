import DocTree
import Testing

@testable import DocQuery

/// The key-id cache: the first tables' resolutions are published to the
/// lock-free slots, later tables' go to the locked cache, and every answer
/// is the table's own ids.
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

    @Test func firstTablesArePublishedLaterOnesCachedUnderTheLock() throws {
        let cache = KeyIDCache()
        let documents = try Self.documents(KeyIDCache.publishedCapacity + 3)
        for document in documents {
            #expect(cache.ids(of: Self.keys, in: document.table.names) == Self.expectedIDs(in: document.table.names))
        }
        for (k, document) in documents.enumerated() {
            let names = document.table.names
            let published = cache.publishedResolution(for: ObjectIdentifier(names))
            #expect((published != nil) == (k < KeyIDCache.publishedCapacity), "table \(k)")
            if let published {
                #expect(published.takeUnretainedValue() === cache.resolution(of: Self.keys, in: names))
            }
            // Resolved once, then answered from the cache: the same resolution every time.
            let resolution = cache.resolution(of: Self.keys, in: names)
            #expect(resolution === cache.resolution(of: Self.keys, in: names), "table \(k)")
            #expect(resolution.ids == Self.expectedIDs(in: names))
            #expect(Array(resolution.buffer) == resolution.ids)
            // A second pass reads the same ids.
            #expect(cache.ids(of: Self.keys, in: names) == Self.expectedIDs(in: names))
        }
    }

    @Test func tasksRacingToPublishAgreeOnOneResolution() async throws {
        let documents = try Self.documents(KeyIDCache.publishedCapacity)
        for _ in 0..<20 {
            let cache = KeyIDCache()
            let resolutions = await withTaskGroup(of: (Int, ObjectIdentifier, [UInt32]).self) { group in
                for round in 0..<16 {
                    group.addTask {
                        let k = round % documents.count
                        let resolution = cache.resolution(of: Self.keys, in: documents[k].table.names)
                        return (k, ObjectIdentifier(resolution), Array(resolution.buffer))
                    }
                }
                var all: [(Int, ObjectIdentifier, [UInt32])] = []
                for await result in group { all.append(result) }
                return all
            }
            for (k, _, ids) in resolutions { #expect(ids == Self.expectedIDs(in: documents[k].table.names)) }
            // Every table ends with one published resolution, whichever task stored it.
            for (k, document) in documents.enumerated() {
                let published = try #require(cache.publishedResolution(for: ObjectIdentifier(document.table.names)))
                #expect(published.takeUnretainedValue().ids == Self.expectedIDs(in: document.table.names), "table \(k)")
            }
        }
    }
}
