import TestSupport
import Testing
@testable import DocTree

/// The word-at-a-time byte tests against plain byte loops, for every run
/// length up to past the `memchr` cut-off and every position of a byte that
/// matters (or nearly matters: one bit away, or equal in the low seven bits).
@Suite struct ByteWordTests {
    static let probes: [UInt8] = [
        0x26, 0x20, 0x09, 0x0A, 0x0D, 0x00, 0x01, 0x06, 0x08, 0x0B, 0x0C, 0x1F, 0x21, 0x25, 0x27, 0x2A, 0x29,
        0x2D, 0x30, 0x61, 0x7F, 0x80, 0x89, 0x8A, 0x8D, 0xA0, 0xA6, 0xFF,
    ]

    static func naiveBlank(_ bytes: [UInt8]) -> Bool { bytes.allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) } }

    /// Runs `body` with a buffer that holds exactly `bytes`, so a load past
    /// either end would read outside its allocation.
    static func withExact(_ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        defer { buffer.deallocate() }
        _ = buffer.initialize(from: bytes)
        body(UnsafeBufferPointer(start: buffer.baseAddress, count: bytes.count))
    }

    @Test func ampersandAtEveryPosition() {
        for count in 0...40 {
            for background: UInt8 in [0x61, 0x20, 0xA6, 0x27] {
                for position in 0..<max(count, 1) {
                    for probe in Self.probes {
                        var bytes = [UInt8](repeating: background, count: count)
                        if count > 0 { bytes[position] = probe }
                        Self.withExact(bytes) { run in
                            let found = run.isEmpty ? false : XMLAttributes.containsAmpersand(run.baseAddress!, count: run.count)
                            #expect(found == bytes.contains(0x26), "\(bytes)")
                        }
                    }
                }
            }
        }
    }

    @Test func blankAtEveryPosition() {
        for count in 0...40 {
            for background: [UInt8] in [[0x20], [0x0A, 0x20, 0x20], [0x09, 0x0D, 0x0A]] {
                for position in 0..<max(count, 1) {
                    for probe in Self.probes {
                        var bytes = (0..<count).map { background[$0 % background.count] }
                        if count > 0 { bytes[position] = probe }
                        Self.withExact(bytes) { run in
                            #expect(XMLWhitespace.isBlank(run) == Self.naiveBlank(bytes), "\(bytes)")
                        }
                    }
                }
            }
        }
    }

    @Test func randomRuns() {
        var generator = SplitMix64(seed: 0x5EED_B17E)
        let alphabet: [UInt8] = [0x20, 0x09, 0x0A, 0x0D, 0x26, 0x61, 0x00, 0xA0]
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...48, using: &generator)
            let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
            Self.withExact(bytes) { run in
                #expect(XMLWhitespace.isBlank(run) == Self.naiveBlank(bytes), "\(bytes)")
                let found = run.isEmpty ? false : XMLAttributes.containsAmpersand(run.baseAddress!, count: run.count)
                #expect(found == bytes.contains(0x26), "\(bytes)")
            }
        }
    }
}
