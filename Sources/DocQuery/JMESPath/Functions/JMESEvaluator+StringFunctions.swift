/// JMESPath Community's string functions (JEP 14). Positions, lengths and
/// widths count Unicode scalars, as `length()` does.
extension JMESEvaluator {
    func callStringFunction(_ call: JMESCall) throws(QueryError) -> JMESValue {
        switch call.function {
        case .lower: return .string(try call.string(0).lowercased())
        case .upper: return .string(try call.string(0).uppercased())
        case .findFirst, .findLast:
            // Both search `subject[start..<end]` as Python's find and rfind
            // do; an empty substring is never found.
            let subject = Array(try call.string(0).unicodeScalars), sub = Array(try call.string(1).unicodeScalars)
            try call.requireNumbers(from: 2)
            let start = Self.position(try call.optionalInteger(2, nonNegative: false) ?? 0, in: subject.count)
            let end = Self.position(try call.optionalInteger(3, nonNegative: false) ?? subject.count, in: subject.count)
            guard !sub.isEmpty, start <= end - sub.count else { return .null }
            let candidates = start...(end - sub.count)
            let found =
                call.function == .findFirst
                ? candidates.first { subject[$0..<$0 + sub.count].elementsEqual(sub) }
                : candidates.reversed().first { subject[$0..<$0 + sub.count].elementsEqual(sub) }
            return found.map { .number(Double($0)) } ?? .null
        case .padLeft, .padRight:
            let subject = try call.string(0)
            let width = try call.integer(1, nonNegative: true)
            guard width <= Self.maxPaddedWidth else {
                throw call.invalidValue(1, "a width above \(Self.maxPaddedWidth) characters is refused")
            }
            let pad = try call.optionalString(2) ?? " "
            guard pad.unicodeScalars.count == 1 else {
                throw call.invalidValue(2, "the padding must be one character, got '\(pad)'")
            }
            let missing = width - subject.unicodeScalars.count
            guard missing > 0 else { return .string(subject) }
            let padding = String(repeating: pad, count: missing)
            return .string(call.function == .padLeft ? padding + subject : subject + padding)
        case .replace:
            let subject = try call.string(0), old = try call.string(1), new = try call.string(2)
            let limit = try call.optionalInteger(3, nonNegative: true) ?? .max
            let parts = Self.split(subject, on: old, limit: limit)
            return .string(parts.joined(separator: new))
        case .split:
            let subject = try call.string(0), separator = try call.string(1)
            let limit = try call.optionalInteger(2, nonNegative: true) ?? .max
            if separator.isEmpty {
                // Every character apart, the rest in one piece after `limit` splits.
                let scalars = Array(subject.unicodeScalars)
                var parts: [JMESValue] = []
                var index = 0
                while index < scalars.count && parts.count < limit && index < scalars.count - 1 {
                    parts.append(.string(String(String.UnicodeScalarView(scalars[index..<index + 1]))))
                    index += 1
                }
                if index < scalars.count { parts.append(.string(String(String.UnicodeScalarView(scalars[index...])))) }
                return .array(parts)
            }
            return .array(Self.split(subject, on: separator, limit: limit).map { .string($0) })
        case .trim, .trimLeft, .trimRight:
            let subject = Array(try call.string(0).unicodeScalars)
            let chars = try call.optionalString(1) ?? ""
            let set = Set(chars.unicodeScalars)
            func removed(_ scalar: Unicode.Scalar) -> Bool {
                set.isEmpty ? scalar.properties.isWhitespace : set.contains(scalar)
            }
            var start = 0, end = subject.count
            if call.function != .trimRight { while start < end && removed(subject[start]) { start += 1 } }
            if call.function != .trimLeft { while end > start && removed(subject[end - 1]) { end -= 1 } }
            return .string(String(String.UnicodeScalarView(subject[start..<end])))
        default:
            preconditionFailure("\(call.function.rawValue)() is not a string function")
        }
    }

    /// The widest string `pad_left`/`pad_right` make: an expression cannot
    /// ask for gigabytes of padding.
    static let maxPaddedWidth = 1 << 24

    /// A position argument as Python reads one: negative counts from the
    /// end; the result is clamped to `0...count`.
    private static func position(_ value: Int, in count: Int) -> Int {
        value < 0 ? Swift.max(0, value + count) : Swift.min(value, count)
    }

    /// `text` cut at the first `limit` occurrences of `separator` (by
    /// scalars). An empty separator occurs before every scalar and at the
    /// end, as Python's `replace` finds it (`replace('ab', '', '-')` is `-a-b-`).
    static func split(_ text: String, on separator: String, limit: Int) -> [String] {
        let scalars = Array(text.unicodeScalars), cut = Array(separator.unicodeScalars)
        func piece(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        if cut.isEmpty {
            let splits = Swift.min(limit, scalars.count + 1)
            guard splits > 0 else { return [text] }
            var parts = [""]
            for index in 0..<splits - 1 { parts.append(piece(index..<index + 1)) }
            parts.append(piece(splits - 1..<scalars.count))
            return parts
        }
        var parts: [String] = []
        var pieceStart = 0
        var index = 0
        while parts.count < limit && index + cut.count <= scalars.count {
            if scalars[index..<index + cut.count].elementsEqual(cut) {
                parts.append(piece(pieceStart..<index))
                index += cut.count
                pieceStart = index
            } else {
                index += 1
            }
        }
        parts.append(piece(pieceStart..<scalars.count))
        return parts
    }
}
