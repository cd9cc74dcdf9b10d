/// Writing values as JSON: nodes through DocTree's ``JSONWriter`` (so XML
/// follows the same mapping), built values member by member.
extension JMESEvaluator {
    /// The value as compact JSON.
    func jsonString(_ value: JMESValue) -> String {
        var out: [UInt8] = []
        writeJSON(value, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    func writeJSON(_ value: JMESValue, into out: inout [UInt8]) {
        switch value {
        case .null, .expression:
            out.append(contentsOf: "null".utf8)
        case .bool(let bool):
            out.append(contentsOf: (bool ? "true" : "false").utf8)
        case .number(let number):
            out.append(contentsOf: Self.numberText(number).utf8)
        case .decimal(let exact):
            out.append(contentsOf: exact.description.utf8)
        case .string(let string):
            out.append(contentsOf: JSONWriter.quoted(string).utf8)
        case .node(let index):
            out.append(contentsOf: JSONWriter.write(Node(document: document, index: resolved(index)), pretty: false))
        case .array, .repeated, .nodes:
            out.append(UInt8(ascii: "["))
            var first = true
            _ = try! forEachElement(value) { (element: JMESValue) throws(QueryError) in
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                writeJSON(element, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            for i in 0..<object.count {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                out.append(contentsOf: JSONWriter.quoted(object.keys[i]).utf8)
                out.append(UInt8(ascii: ":"))
                writeJSON(object.values[i], into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A computed number as JSON: integers without a fraction (`3`, not
    /// `3.0`), others in the shortest form that reads back the same.
    static func numberText(_ number: Double) -> String {
        number.isFinite ? EditValue.numberText(number) : "null"
    }
}
