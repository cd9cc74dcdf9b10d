/// The XML 1.0 rules for names and text that everything writing new XML
/// follows: the encoder and the XML editor alike.
enum XMLText {
    /// Whether `name` is an element or attribute name: an XML `Name` with at
    /// most one colon, neither first nor last (a qualified name of
    /// Namespaces in XML).
    static func isName(_ name: String) -> Bool {
        let scalars = name.unicodeScalars
        guard let first = scalars.first, isNameStart(first), first != ":", scalars.last != ":" else { return false }
        var colons = 0
        for scalar in scalars {
            guard isNameStart(scalar) || isNameContinuation(scalar) else { return false }
            if scalar == ":" { colons += 1 }
        }
        return colons <= 1
    }

    /// Why `name` is not an element or attribute name, for messages.
    static func nameProblem(_ name: String) -> String {
        if name.isEmpty { return "an empty name is not an XML name" }
        return "'\(name)' is not an XML name (names start with a letter or '_' and hold letters, digits, '-', '.', '_' and at most one ':')"
    }

    /// The prefix of a qualified name (`soap` of `soap:Body`), if it has one.
    static func prefix(of name: String) -> Substring? {
        name.firstIndex(of: ":").map { name[..<$0] }
    }

    /// The first character of `text` that XML 1.0 cannot hold, even as a
    /// character reference: controls other than tab, line feed and carriage
    /// return, and U+FFFE, U+FFFF.
    static func firstForbiddenCharacter(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { scalar in
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: false
            default: true
            }
        }
    }

    /// A scalar as XML text, not escaped yet: a string as it is, a number
    /// as written, a Boolean as `true` or `false`, `null` as empty. The one
    /// rule by which the encoder and the XML editor write a value as text.
    static func text(of content: EditValue.Content) throws(TextProblem) -> String {
        switch content {
        case .string(let text):
            if let forbidden = firstForbiddenCharacter(in: text) { throw .forbidden(forbidden) }
            return text
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return ""
        case .array, .object: throw .notScalar
        }
    }

    /// Why a value cannot be written as XML text.
    enum TextProblem: Error {
        /// It holds a character XML 1.0 cannot hold (``firstForbiddenCharacter(in:)``).
        case forbidden(Unicode.Scalar)
        /// It is an array or an object.
        case notScalar

        /// The problem for messages; `notScalar` says what the place holds instead.
        func message(notScalar: String) -> String {
            switch self {
            case .forbidden(let scalar): "U+\(String(scalar.value, radix: 16, uppercase: true)) is not a character XML 1.0 can hold"
            case .notScalar: notScalar
            }
        }
    }

    /// `text` escaped minimally for element content, or for an attribute
    /// value delimited by `quote`: `&` and `<` always, in content the `>`
    /// that would close `]]>` (which may not stand there), a carriage return (which line-end normalisation would
    /// drop) as `&#13;`; in an attribute value also its own quote, and
    /// tabs and line feeds as character references, which attribute-value
    /// normalisation would turn into spaces.
    static func escaped(_ text: String, quote: UInt8?) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">" where quote == nil && out.hasSuffix("]]"): out += "&gt;"
            case "\"" where quote == UInt8(ascii: "\""): out += "&quot;"
            case "'" where quote == UInt8(ascii: "'"): out += "&apos;"
            case "\n" where quote != nil: out += "&#10;"
            case "\r": out += "&#13;"
            case "\t" where quote != nil: out += "&#9;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D,
            0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF,
            0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            true
        default: false
        }
    }

    private static func isNameContinuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: true
        default: false
        }
    }
}
