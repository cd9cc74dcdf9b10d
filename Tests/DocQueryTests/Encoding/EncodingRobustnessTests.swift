import DocQuery
import DocTree
import Foundation
import Testing

/// Random values with hostile keys and text, built as documents: JSON always
/// builds and reads back as the same value; XML either throws an
/// `EncodingError` or builds a document that loads. Nothing traps.
@Suite struct EncodingRobustnessTests {
    struct Generator {
        var state: UInt64
        mutating func draw(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }

        static let keys = ["a", "b", "item", "@id", "@x:y", "_string", "_attributes", "unit price", "1st", "", "é", "s:Body",
                           "@xmlns:s", "a:b:c", "xml:lang", "-x", "_"]
        static let texts = ["", " ", "plain", "a & b < c > d", "]]>", "line\r\nend\r", "\t tab", "\"'", "한국어 😀", "\u{1}", "\u{FFFE}",
                            "\u{85}\u{2028}"]

        /// A random value as JSON text (objects have no repeated key).
        mutating func json(depth: Int) -> String {
            switch draw(depth > 3 ? 5 : 8) {
            case 0: return Self.quoted(Self.texts[draw(Self.texts.count)])
            case 1: return String(draw(2000) - 1000)
            case 2: return "\(draw(1000)).\(draw(100))"
            case 3: return draw(2) == 0 ? "true" : "false"
            case 4: return "null"
            case 5, 6:
                var seen: Set<String> = []
                let members = (0..<draw(4)).map { _ in Self.keys[draw(Self.keys.count)] }.filter { seen.insert($0).inserted }
                return "{" + members.map { Self.quoted($0) + ":" + json(depth: depth + 1) }.joined(separator: ",") + "}"
            default:
                return "[" + (0..<draw(3)).map { _ in json(depth: depth + 1) }.joined(separator: ",") + "]"
            }
        }

        static func quoted(_ text: String) -> String {
            "\"" + text.unicodeScalars.map { scalar in
                switch scalar {
                case "\"": "\\\""
                case "\\": "\\\\"
                case _ where scalar.value < 0x20: "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
                default: String(scalar)
                }
            }.joined() + "\""
        }
    }

    @Test func randomValues() throws {
        var generator = Generator(state: 0x5EED)
        var built = 0
        var refused = 0
        for round in 0..<2000 {
            let value = try EditValue(json: generator.json(depth: 0))
            let encoder = DocumentEncoder(formatting: round % 2 == 0 ? .compact : .indented(by: " "))
            let json = try encoder.encode(value, as: .json)
            let document = try Document(data: Data(json))
            #expect(EditValue(document.root) == value, "\(String(decoding: json, as: UTF8.self))")
            do {
                let xml = try encoder.encode(value, as: .xml)
                _ = try Document(data: Data(xml))
                built += 1
            } catch is EncodingError {
                refused += 1
            }
        }
        #expect(built > 200 && refused > 200, "built \(built), refused \(refused)")
    }
}
