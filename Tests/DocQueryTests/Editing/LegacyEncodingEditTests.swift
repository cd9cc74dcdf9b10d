import DocQuery
import Foundation
import Testing
import TestSupport

/// A document read in a legacy encoding (or UTF-16) is edited in place in
/// that encoding: untouched bytes identical, new text encoded, and what the
/// encoding cannot hold written as a `\u` escape.
@Suite struct LegacyEncodingEditTests {
    static let euckr = SharedData.packageRoot.appendingPathComponent("Examples/documents/theaters-euckr.json")

    func options(_ encoding: String) -> LoadOptions {
        var options = LoadOptions()
        options.encoding = encoding
        return options
    }

    /// `text` in CP949, by the system's iconv (not the library's).
    func cp949(_ text: String) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/iconv")
        process.arguments = ["-f", "UTF-8", "-t", "CP949"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let bytes = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        return bytes
    }

    func replacingFirst(_ old: [UInt8], with new: [UInt8], in bytes: [UInt8]) throws -> [UInt8] {
        let range = try #require(bytes.firstRange(of: old))
        return Array(bytes[..<range.lowerBound]) + new + Array(bytes[range.upperBound...])
    }

    @Test func eucKRStaysEUCKR() throws {
        let original = [UInt8](try Data(contentsOf: Self.euckr))
        var editor = try DocumentEditor(bytes: original, options: options("EUC-KR"))
        #expect(try editor.applying([]).bytes == original)
        try editor.apply([.set("[0].상영관명", to: "대구 극장 😀"), .remove("[1].좌석수")])
        var expected = try replacingFirst(
            try cp949(#""MMC 만경관 1관""#), with: try cp949(#""대구 극장 \uD83D\uDE00""#), in: original)
        expected = try replacingFirst(try cp949(#""좌석수": 156, "#), with: [], in: expected)
        #expect(editor.bytes == expected)
        #expect(editor.document.root[0]["상영관명"].string == "대구 극장 😀")
        let reread = try Document(data: Data(editor.bytes), options: options("EUC-KR"))
        #expect(reread.root[1]["좌석수"].count == 0)
    }

    @Test func utf16WithByteOrderMark() throws {
        let text = "{\"a\": \"é\", \"b\": 1}"
        let original: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        var editor = try DocumentEditor(bytes: original)
        try editor.apply(.set("b", to: "한"))
        let expected = "{\"a\": \"é\", \"b\": \"한\"}"
        #expect(editor.bytes == [0xFF, 0xFE] + expected.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    }
}
