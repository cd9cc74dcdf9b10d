import Testing
import DocTree
@testable import DocQuery

/// The path-length limit: a path over it fails before it is read, with an
/// error that points at the part past the limit.
@Suite struct PathLengthLimitTests {
    /// `a.a.a…` of exactly `bytes` UTF-8 bytes (odd).
    private static func path(bytes: Int) -> String {
        Array(repeating: "a", count: (bytes + 1) / 2).joined(separator: ".")
    }

    @Test func defaultLimitAcceptsUpToIt() throws {
        #expect(PathQuery.defaultMaxLength == 65_536)
        let atLimit = Self.path(bytes: 65_535) + "b"
        #expect(atLimit.utf8.count == 65_536)
        #expect(throws: Never.self) { try PathQuery(atLimit) }
        let error = try #require(throws: QueryError.self) { try PathQuery(atLimit + "c") }
        #expect(error.kind == .pathTooLong)
        #expect(error.message == "the path is 65537 bytes long, more than the limit of 65536")
        #expect(error.range == 65_536..<65_537)
    }

    @Test func aGivenLimitCountsUTF8Bytes() throws {
        // "é" is two bytes: three characters, five bytes.
        #expect(try PathQuery("aéé", maxLength: 5).description == "aéé")
        let error = try #require(throws: QueryError.self) { try PathQuery("aéé", maxLength: 4) }
        #expect(error.kind == .pathTooLong)
        // The error covers the characters past the limit: the second "é".
        #expect(error.range == 2..<3)
        #expect(error.description.hasSuffix("  aéé\n    ^"))
    }

    @Test func theLimitComesBeforeSyntax() throws {
        // A malformed path over the limit reports its length, not its syntax.
        let error = try #require(throws: QueryError.self) { try PathQuery("[[[[", maxLength: 3) }
        #expect(error.kind == .pathTooLong)
    }
}
