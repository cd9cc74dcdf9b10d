/// The rules of XML 1.0 for text that libxml2 leaves to its user: line
/// ends in CDATA read by the push parser (section 2.11), a carriage return
/// that an entity's replacement text got from a character reference
/// (section 4.5), and attribute-value normalisation through entity
/// references (section 3.3.3). Pure functions over bytes; ``LibXML2``
/// applies them in its callbacks, before any sink sees the text.
package enum XMLTextRules {
    private static let cr = UInt8(0x0D)
    private static let lf = UInt8(0x0A)
    private static let tab = UInt8(0x09)
    private static let space = UInt8(0x20)
    private static let ampersand = UInt8(ascii: "&")
    private static let semicolon = UInt8(ascii: ";")

    // MARK: Line ends (2.11)

    /// `bytes` with every CR LF pair and every lone CR turned into one LF,
    /// or `nil` when it holds no CR (the usual case: nothing is copied).
    ///
    /// - Parameter afterCR: whether the text before `bytes` (an earlier
    ///   piece of the same CDATA section) ended with a CR, so a leading LF
    ///   finishes that pair and is dropped.
    static func normalizingLineEnds(_ bytes: UnsafeBufferPointer<UInt8>, afterCR: Bool) -> [UInt8]? {
        guard afterCR || bytes.contains(cr) else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var previousWasCR = afterCR
        for byte in bytes {
            if byte == lf && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = byte == cr
            result.append(previousWasCR ? lf : byte)
        }
        return result
    }

    // MARK: Entity replacement text (4.5)

    /// An internal entity's replacement text as libxml2 stores it, with
    /// each CR in character data written `&#13;`; `nil` when it needs no
    /// change.
    ///
    /// libxml2 decodes character references when it stores an entity
    /// (`<!ENTITY e "a&#13;b">` becomes `a`, CR, `b`), then parses that
    /// text again at each reference as if it were input, which turns the
    /// CR into an LF. Any CR in stored replacement text came from a
    /// character reference (literal line ends were normalised when the
    /// declaration was read) and must stay a CR in the content. Written as
    /// a reference it does. CRs inside markup of the replacement text (a
    /// tag, CDATA section, comment or processing instruction) are left as
    /// they are: there a reference would not mean a character.
    static func protectingCarriageReturns(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard text.contains(cr) else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(text.count + 8)
        var i = 0
        while i < text.count {
            let byte = text[i]
            if byte == UInt8(ascii: "<") {
                let end = endOfMarkup(text, from: i)
                result.append(contentsOf: text[i..<end])
                i = end
                continue
            }
            if byte == cr {
                result.append(contentsOf: Array("&#13;".utf8))
            } else {
                result.append(byte)
            }
            i += 1
        }
        return result
    }

    /// Where the markup starting at `start` (a `<`) ends, one past its
    /// last byte, or the end of `text` when it is unterminated.
    private static func endOfMarkup(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        func hasPrefix(_ prefix: String, at index: Int) -> Bool {
            let bytes = Array(prefix.utf8)
            guard index + bytes.count <= text.count else { return false }
            return bytes.indices.allSatisfy { text[index + $0] == bytes[$0] }
        }
        func after(_ terminator: String, from index: Int) -> Int {
            var k = index
            while k < text.count {
                if hasPrefix(terminator, at: k) { return k + terminator.utf8.count }
                k += 1
            }
            return text.count
        }
        if hasPrefix("<![CDATA[", at: start) { return after("]]>", from: start + 9) }
        if hasPrefix("<!--", at: start) { return after("-->", from: start + 4) }
        if hasPrefix("<?", at: start) { return after("?>", from: start + 2) }
        // A tag: up to its `>`, stepping over quoted attribute values.
        var k = start + 1
        var quote: UInt8 = 0
        while k < text.count {
            let byte = text[k]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return k + 1
            }
            k += 1
        }
        return text.count
    }

    // MARK: Attribute values (3.3.3)

    /// What an entity reference in an attribute value stands for.
    enum EntityText {
        /// A predefined entity (`&lt;` …): its character, appended as it is.
        case character([UInt8])
        /// An internal entity's replacement text, normalised in turn.
        case replacement([UInt8])
    }

    /// The deepest nesting of entity references in one attribute value.
    /// libxml2 refuses loops and deeper nesting before a value gets here;
    /// this only keeps the recursion bounded should one slip through.
    static let maxEntityNesting = 40

    /// Appends an attribute value to `output`, normalised as section 3.3.3
    /// says, given the value as libxml2 hands it over.
    ///
    /// libxml2 (without entity substitution) has already applied the rule
    /// to the literal: each whitespace character became a space, and each
    /// character reference its character, except `&` which it writes
    /// `&#38;`; references to other entities it leaves as `&name;`. Here
    /// character references are decoded, and each entity reference is
    /// replaced by its replacement text, normalised by the same rule: in
    /// that text a tab, LF or CR (from a character reference in the
    /// entity's declaration) becomes a space, while a character reference
    /// still written there gives its character.
    ///
    /// - Parameters:
    ///   - value: the value, or an entity's replacement text.
    ///   - isReplacementText: whether `value` is replacement text (whose
    ///     whitespace characters are normalised here).
    ///   - depth: how many entity references enclose `value`.
    ///   - entity: looks up an entity by name; `nil` stops the decoding
    ///     (it has recorded why). It may throw.
    /// - Returns: `false` when `entity` returned `nil`.
    static func appendAttributeValue(
        _ value: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], isReplacementText: Bool, depth: Int = 0,
        entity: (_ name: [UInt8]) throws(LoadError) -> EntityText?
    ) throws(LoadError) -> Bool {
        var i = 0
        while i < value.count {
            let byte = value[i]
            if byte != ampersand {
                if isReplacementText && byte == UInt8(ascii: "<") {
                    // Well-formedness constraint "No < in Attribute Values".
                    throw LoadError(.invalidSyntax, "an entity in an attribute value brings a '<'")
                }
                let isWhitespace = byte == tab || byte == lf || byte == cr
                output.append(isReplacementText && isWhitespace ? space : byte)
                i += 1
                continue
            }
            guard let end = value[(i + 1)...].firstIndex(of: semicolon) else {
                throw LoadError(.invalidSyntax, "an attribute value has a '&' that starts no reference")
            }
            let reference = Array(value[(i + 1)..<end])
            i = end + 1
            if reference.first == UInt8(ascii: "#") {
                guard let scalar = characterReference(reference.dropFirst()), isXMLCharacter(scalar) else {
                    throw LoadError(.invalidSyntax, "an attribute value has an invalid character reference")
                }
                output.append(contentsOf: Array(String(Character(scalar)).utf8))
                continue
            }
            switch try entity(reference) {
            case nil:
                return false
            case .character(let bytes):
                output.append(contentsOf: bytes)
            case .replacement(let text):
                guard depth < maxEntityNesting else {
                    throw LoadError(.entityNotAllowed, "entities in an attribute value nest deeper than \(maxEntityNesting) levels")
                }
                let complete = try text.withUnsafeBufferPointer { (text) throws(LoadError) -> Bool in
                    try appendAttributeValue(text, to: &output, isReplacementText: true, depth: depth + 1, entity: entity)
                }
                if !complete { return false }
            }
        }
        return true
    }

    /// The value an attribute written `raw` (the bytes between its quotes)
    /// has, as a load reads it: line ends and then white space normalised,
    /// character references and the five predefined entities decoded;
    /// `nil` when it refers to another entity (whose text the document's
    /// DTD gives) or is malformed.
    package static func attributeValue(written raw: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let lines = normalizingLineEnds(raw, afterCR: false)
        var value: [UInt8] = []
        value.reserveCapacity(raw.count)
        func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            // Written text is normalised as replacement text is: each tab, LF or CR a space.
            (try? appendAttributeValue(bytes, to: &value, isReplacementText: true) { name in
                switch String(decoding: name, as: UTF8.self) {
                case "lt": .character([UInt8(ascii: "<")])
                case "gt": .character([UInt8(ascii: ">")])
                case "amp": .character([ampersand])
                case "apos": .character([UInt8(ascii: "'")])
                case "quot": .character([UInt8(ascii: "\"")])
                default: nil
                }
            }) == true
        }
        let complete = lines.map { $0.withUnsafeBufferPointer(decode) } ?? decode(raw)
        return complete ? value : nil
    }

    /// Whether an attribute written `raw` has the value `value` (see
    /// ``attributeValue(written:)``). Written without references, tabs or
    /// line ends, as most are, its bytes are its value: compared in place.
    package static func attributeValue(written raw: UnsafeBufferPointer<UInt8>, is value: [UInt8]) -> Bool {
        if !raw.contains(where: { $0 == ampersand || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            return raw.elementsEqual(value)
        }
        return attributeValue(written: raw) == value
    }

    /// Whether XML 1.0 allows the character (production [2] Char).
    private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// The character of a reference's digits (`13`, `x0D`), or `nil`.
    private static func characterReference(_ digits: ArraySlice<UInt8>) -> Unicode.Scalar? {
        var rest = digits
        var radix: UInt32 = 10
        if rest.first == UInt8(ascii: "x") {
            radix = 16
            rest = rest.dropFirst()
        }
        guard !rest.isEmpty, rest.count <= 8 else { return nil }
        var value: UInt32 = 0
        for byte in rest {
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value * radix + digit
        }
        return Unicode.Scalar(value)
    }
}
