#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What every decoder and container of one top-level decode shares: the
/// options, the user info converted once, and the date pattern read on
/// first use. Not Sendable: one decode runs on one thread.
final class DecodingState {
    let options: NodeDecoder
    private(set) lazy var userInfo: [CodingUserInfoKey: Any] = options.userInfo.mapValues { $0 as Any }
    private var pattern: DatePattern?

    /// Read once: containers ask on every creation.
    let usesDefaultKeys: Bool
    let lenientJSON: Bool

    init(options: NodeDecoder) {
        self.options = options
        if case .useDefaultKeys = options.keyDecodingStrategy { usesDefaultKeys = true } else { usesDefaultKeys = false }
        lenientJSON = options.jsonScalarStrategy == .lenient
    }

    // MARK: Values

    /// Decodes `type` from what a key matched; the types that Foundation
    /// encodes specially (`Date`, `Decimal`, `URL`, `Data`) and string-keyed
    /// dictionaries are handled here, everything else by its `init(from:)`.
    func decode<T: Decodable>(_ type: T.Type, from matched: Matched, at path: CodingPathNode) throws -> T {
        if T.self == Date.self { return try decodeDate(from: matched, at: path) as! T }
        if T.self == Decimal.self { return try decodeDecimal(from: matched, at: path) as! T }
        if T.self == URL.self { return try decodeURL(from: matched, at: path) as! T }
        if T.self == Data.self { return try decodeData(from: matched, at: path) as! T }
        if let dictionary = T.self as? any StringKeyedDictionary.Type {
            return try dictionary.decodeMembers(from: matched, at: path, state: self) as! T
        }
        return try T(from: TreeDecoder(matched: matched, path: path, state: self))
    }

    // MARK: Scalars

    /// The text a scalar of `type` is read from, after checking that
    /// `matched` is one value of a kind that can hold it.
    ///
    /// - Parameter kind: which JSON kinds the type accepts as they are.
    /// - Returns: the text, and whether it came from XML or a lenient JSON
    ///   string (and so is trimmed and may spell XML Schema forms).
    func scalarText(
        _ type: Any.Type, from matched: Matched, at path: @autoclosure () -> CodingPathNode, jsonKind: ScalarKind
    ) throws -> (text: String, isMarkup: Bool) {
        let node: Node
        switch matched {
        case .text(let text):
            if text.trimmingXMLWhitespace().isEmpty, jsonKind != .string {
                throw valueNotFound(type, at: path(), "found empty text")
            }
            return (text, true)
        case .attributes:
            throw typeMismatch(type, at: path(), "found \(describe(matched))")
        case .one(let one):
            node = one
        case .list(let nodes):
            guard nodes.count == 1 else { throw countMismatch(type, nodes, at: path()) }
            node = nodes[0]
        }
        switch node.kind {
        case .string:
            if jsonKind == .string { return (node.string ?? "", false) }
            if lenientJSON { return (node.string ?? "", true) }
        case .number:
            if jsonKind == .number { return (node.string ?? "", false) }
            if lenientJSON { return (node.string ?? "", false) }
        case .true, .false:
            if jsonKind == .bool || lenientJSON { return (node.string ?? "", false) }
        case .null:
            throw valueNotFound(type, at: path(), "found null")
        case .element, .attribute, .text:
            let text: String
            if node.kind == .element {
                guard let own = node.leafElementText else { break }
                if node.isMarkedNil {
                    throw valueNotFound(type, at: path(), "found \(node.decodingDescription), which is marked xsi:nil")
                }
                text = own
            } else {
                text = node.string ?? ""
            }
            // Blank text is a value only for String.
            if jsonKind != .string && text.trimmingXMLWhitespace().isEmpty {
                throw valueNotFound(type, at: path(), "found \(node.decodingDescription), which is empty")
            }
            return (text, true)
        case .document, .object, .array, .comment, .processingInstruction:
            break
        }
        let scalar: Set<Node.Kind> = [.string, .number, .true, .false]
        let hint = scalar.contains(node.kind)
            ? " (the decoder's jsonScalarStrategy .lenient reads JSON numbers, booleans and strings as one another)" : ""
        throw typeMismatch(type, at: path(), "found \(node.decodingDescription)\(hint)")
    }

    /// Which JSON scalar kind a Swift type reads without conversion.
    enum ScalarKind { case string, number, bool }

    /// Text for a `String`, or for a `type` read from a string (`Date`, `URL`, `Data`).
    func decodeString(_ type: Any.Type = String.self, from matched: Matched, at path: @autoclosure () -> CodingPathNode) throws -> String {
        try scalarText(type, from: matched, at: path(), jsonKind: .string).text
    }

    func decodeBool(from matched: Matched, at path: @autoclosure () -> CodingPathNode) throws -> Bool {
        let (text, isMarkup) = try scalarText(Bool.self, from: matched, at: path(), jsonKind: .bool)
        if let value = Self.bool(from: isMarkup ? text.trimmingXMLWhitespace() : Substring(text)) {
            return value
        }
        throw typeMismatch(Bool.self, at: path(), "found \(describe(matched)), which is not true, false, 1 or 0")
    }

    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, from matched: Matched, at path: @autoclosure () -> CodingPathNode) throws -> T {
        let (text, isMarkup) = try scalarText(type, from: matched, at: path(), jsonKind: .number)
        switch NumberText.integer(type, from: isMarkup ? text.trimmingXMLWhitespace() : Substring(text)) {
        case .success(let value): return value
        case .failure(let failure): throw numberFailure(failure, type, matched, at: path())
        }
    }

    func decodeFloatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ type: T.Type, from matched: Matched, at path: @autoclosure () -> CodingPathNode
    ) throws -> T {
        let (text, isMarkup) = try scalarText(type, from: matched, at: path(), jsonKind: .number)
        let trimmed = isMarkup ? text.trimmingXMLWhitespace() : Substring(text)
        if isMarkup, let special = Self.specialValue(type, from: trimmed) { return special }
        switch NumberText.floatingPoint(type, from: trimmed) {
        case .success(let value): return value
        case .failure(let failure): throw numberFailure(failure, type, matched, at: path())
        }
    }

    func decodeDecimal(from matched: Matched, at path: @autoclosure () -> CodingPathNode) throws -> Decimal {
        let (text, isMarkup) = try scalarText(Decimal.self, from: matched, at: path(), jsonKind: .number)
        switch NumberText.decimal(from: isMarkup ? text.trimmingXMLWhitespace() : Substring(text)) {
        case .success(let value): return value
        case .failure(let failure): throw numberFailure(failure, Decimal.self, matched, at: path())
        }
    }

    /// `true` for `true` and `1`, `false` for `false` and `0` (XML Schema's boolean).
    private static func bool(from text: Substring) -> Bool? {
        switch text {
        case "true", "1": return true
        case "false", "0": return false
        default: return nil
        }
    }

    /// XML Schema's `INF`, `+INF`, `-INF` and `NaN`, which `Double` and
    /// `Float` read from XML text (and lenient JSON strings) on top of the
    /// number grammar.
    private static func specialValue<T: BinaryFloatingPoint>(_ type: T.Type, from text: Substring) -> T? {
        switch text {
        case "INF", "+INF": return .infinity
        case "-INF": return -.infinity
        case "NaN": return .nan
        default: return nil
        }
    }

    func decodeURL(from matched: Matched, at path: @autoclosure () -> CodingPathNode) throws -> URL {
        let text = try decodeString(URL.self, from: matched, at: path()).trimmingXMLWhitespace()
        guard let url = URL(string: String(text)) else {
            throw dataCorrupted(at: path(), "found \(describe(matched)), which is not a valid URL")
        }
        return url
    }

    func decodeData(from matched: Matched, at path: @autoclosure () -> CodingPathNode) throws -> Data {
        // XML wraps long base64 text over lines: drop all whitespace.
        let text = try decodeString(Data.self, from: matched, at: path()).filter { !$0.isWhitespace }
        guard let data = Data(base64Encoded: text) else {
            throw dataCorrupted(at: path(), "found \(describe(matched)), which is not valid base64")
        }
        return data
    }

    // MARK: Dates

    func decodeDate(from matched: Matched, at path: @autoclosure () -> CodingPathNode) throws -> Date {
        switch options.dateDecodingStrategy {
        case .deferredToDate:
            return try Date(from: TreeDecoder(matched: matched, path: path(), state: self))
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try decodeFloatingPoint(Double.self, from: matched, at: path()))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try decodeFloatingPoint(Double.self, from: matched, at: path()) / 1000)
        case .custom(let read):
            return try read(TreeDecoder(matched: matched, path: path(), state: self))
        case .iso8601:
            let text = try decodeString(Date.self, from: matched, at: path())
            if let date = DateText.iso8601(text, timeZone: .gmt) { return date }
            throw dataCorrupted(at: path(), "found \(describe(matched)), which is not an ISO 8601 date")
        case .formatted(let format, let timeZone):
            let text = String(try decodeString(Date.self, from: matched, at: path()).trimmingXMLWhitespace())
            guard let pattern = self.pattern ?? DatePattern(format) else {
                throw dataCorrupted(at: path(), "the date format \"\(format)\" is not supported: it may use only the numeric fields yyyy, M, MM, d, dd, H, HH, m, mm, s, ss, S…, X…, x…, Z and quoted text")
            }
            self.pattern = pattern
            guard let date = pattern.date(text, timeZone: timeZone) else {
                throw dataCorrupted(at: path(), "found \(describe(matched)), which does not match the date format \"\(format)\"")
            }
            return date
        }
    }

    // MARK: Errors

    func describe(_ matched: Matched) -> String {
        switch matched {
        case .one(let node): return node.decodingDescription
        case .text(let text): return "the text \(Node.preview(text))"
        case .attributes(let element): return "the attributes of <\(element.name ?? "?")>"
        case .list(let nodes):
            return nodes.count == 1 ? nodes[0].decodingDescription : "\(nodes.count) values"
        }
    }

    private func message(_ path: CodingPathNode, _ text: String) -> String {
        let rendered = path.rendered
        return rendered.isEmpty ? text : "\(rendered): \(text)"
    }

    private func context(_ path: CodingPathNode, _ text: String) -> DecodingError.Context {
        DecodingError.Context(codingPath: path.keys, debugDescription: message(path, text))
    }

    func typeMismatch(_ type: Any.Type, at path: CodingPathNode, _ found: String) -> DecodingError {
        .typeMismatch(type, context(path, "expected \(Self.name(of: type)) but \(found)"))
    }

    func valueNotFound(_ type: Any.Type, at path: CodingPathNode, _ found: String) -> DecodingError {
        .valueNotFound(type, context(path, "expected \(Self.name(of: type)) but \(found)"))
    }

    func dataCorrupted(at path: CodingPathNode, _ text: String) -> DecodingError {
        .dataCorrupted(context(path, text))
    }

    func keyNotFound(_ key: any CodingKey, at path: CodingPathNode, _ text: String) -> DecodingError {
        .keyNotFound(key, context(path, text))
    }

    /// Several (or no) nodes where the type needs exactly one.
    func countMismatch(_ type: Any.Type, _ nodes: [Node], at path: CodingPathNode) -> DecodingError {
        if nodes.isEmpty { return valueNotFound(type, at: path, "nothing matched") }
        let what = nodes.first?.name.map { "\(nodes.count) values named \"\($0)\"" } ?? "\(nodes.count) values"
        return typeMismatch(type, at: path, "found \(what); decode into an array to read them all")
    }

    private func numberFailure(_ failure: NumberFailure, _ type: Any.Type, _ matched: Matched, at path: CodingPathNode) -> DecodingError {
        switch failure {
        case .notANumber:
            return typeMismatch(type, at: path, "found \(describe(matched)), which is not a number")
        case .notAnInteger:
            return dataCorrupted(at: path, "found \(describe(matched)), which is not a whole number, so it does not fit in \(Self.name(of: type))")
        case .outOfRange:
            return dataCorrupted(at: path, "found \(describe(matched)), which does not fit in \(Self.name(of: type))")
        }
    }

    /// `Int`, `[Item]`, `Schedule`: the type's name without module prefixes.
    static func name(of type: Any.Type) -> String {
        String(describing: type)
    }
}
