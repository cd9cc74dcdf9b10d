#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DocTree

/// What every encoder and container of one top-level encode shares: the
/// options, the target format, and the user info converted once. Not
/// Sendable: one encode runs on one thread.
final class EncodingState {
    let options: DocumentEncoder
    /// Whether keys the attribute strategy picks are marked as attributes.
    let marksAttributes: Bool
    /// Whether infinity and NaN may be written (as XML Schema's `INF`, `-INF`, `NaN`).
    let allowsNonFinite: Bool
    private(set) lazy var userInfo: [CodingUserInfoKey: Any] = options.userInfo.mapValues { $0 as Any }
    /// The `.formatted` strategy's pattern, read on first use.
    private var pattern: DatePattern?

    init(options: DocumentEncoder, marksAttributes: Bool, allowsNonFinite: Bool) {
        self.options = options
        self.marksAttributes = marksAttributes
        self.allowsNonFinite = allowsNonFinite
    }

    /// For a whole document in `format`.
    convenience init(options: DocumentEncoder, format: DocumentFormat) {
        self.init(options: options, marksAttributes: format == .xml, allowsNonFinite: format == .xml)
    }

    // MARK: Values

    /// A new box holding `value`.
    func encode(_ value: some Encodable, at path: [any CodingKey]) throws -> EncodingBox {
        let box = EncodingBox()
        try encode(value, into: box, at: path)
        return box
    }

    /// Writes `value` into `box`: scalars and the types Foundation encodes
    /// specially (`Date`, `Decimal`, `URL`, `Data`) and string-keyed
    /// dictionaries here, everything else by its `encode(to:)`.
    func encode<T: Encodable>(_ value: T, into box: EncodingBox, at path: [any CodingKey]) throws {
        switch value {
        case let string as String: box.value = .scalar(.string(string))
        case let bool as Bool: box.value = .scalar(.bool(bool))
        case let double as Double: box.value = .scalar(try number(double, at: path))
        case let float as Float: box.value = .scalar(try number(float, at: path))
        case let integer as any FixedWidthInteger where Self.standardIntegers.contains(ObjectIdentifier(T.self)):
            box.value = .scalar(.number(String(describing: integer)))
        case let decimal as Decimal:
            guard !decimal.isNaN else { throw invalid(value, at: path, "NaN cannot be written as a number") }
            box.value = .scalar(.number(decimal.description))
        case let date as Date: try encode(date, into: box, at: path)
        case let url as URL: box.value = .scalar(.string(url.absoluteString))
        case let data as Data: box.value = .scalar(.string(data.base64EncodedString()))
        case let dictionary as any EncodableStringKeyedDictionary: try dictionary.encodeMembers(into: box, at: path, state: self)
        default: try value.encode(to: TreeEncoder(box: box, path: path, state: self))
        }
    }

    /// A `Double` or `Float` as number text (`EditValue.numberText(_:)`,
    /// the one rule); XML may write infinity and NaN.
    func number<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F, at path: [any CodingKey]) throws -> EditValue.Content {
        guard value.isFinite else {
            guard allowsNonFinite else {
                throw invalid(value, at: path, "JSON has no infinity or NaN (XML writes them as INF, -INF and NaN)")
            }
            return .number(value.isNaN ? "NaN" : value < 0 ? "-INF" : "INF")
        }
        return .number(EditValue.numberText(value))
    }

    private func encode(_ date: Date, into box: EncodingBox, at path: [any CodingKey]) throws {
        switch options.dateEncodingStrategy {
        case .iso8601:
            guard let text = DateWriting.iso8601(date) else {
                throw invalid(
                    date, at: path,
                    "the date \(date.timeIntervalSince1970) seconds after 1970 has no four-digit year, which ISO 8601 text needs (write it with .secondsSince1970)")
            }
            box.value = .scalar(.string(text))
        case .formatted(let format, let timeZone):
            guard let pattern = self.pattern ?? DatePattern(format) else {
                throw invalid(
                    date, at: path,
                    "the date format \"\(format)\" is not supported: it may use only the numeric fields yyyy, M, MM, d, dd, H, HH, m, mm, s, ss, S…, X…, x…, Z and quoted text")
            }
            self.pattern = pattern
            guard let text = pattern.text(of: date, timeZone: timeZone) else {
                throw invalid(date, at: path, "the date \(date.timeIntervalSince1970) seconds after 1970 has no four-digit year in the format \"\(format)\"")
            }
            box.value = .scalar(.string(text))
        case .secondsSince1970: box.value = .scalar(try number(date.timeIntervalSince1970, at: path))
        case .millisecondsSince1970: box.value = .scalar(try number(date.timeIntervalSince1970 * 1000, at: path))
        case .deferredToDate: try date.encode(to: TreeEncoder(box: box, path: path, state: self))
        case .custom(let write): try write(date, TreeEncoder(box: box, path: path, state: self))
        }
    }

    /// The standard library's integer types, written as numbers directly
    /// (another `BinaryInteger` writes itself by its own `encode(to:)`).
    static let standardIntegers: Set<ObjectIdentifier> = {
        var types: [Any.Type] = [
            Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self,
        ]
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            types += [Int128.self, UInt128.self]
        }
        return Set(types.map { ObjectIdentifier($0) })
    }()

    // MARK: Keys

    /// The name `key` is written with, and whether it is an attribute.
    func name(of key: some CodingKey, at path: [any CodingKey]) -> (name: String, isAttribute: Bool) {
        let name: String
        switch options.keyEncodingStrategy {
        case .useDefaultKeys: name = key.stringValue
        case .convertToSnakeCase: name = KeyConversion.snakeCase(fromCamelCase: key.stringValue)
        case .custom(let transform): name = transform(path + [key]).stringValue
        }
        guard marksAttributes else { return (name, false) }
        switch options.attributeStrategy {
        case .none: return (name, false)
        case .keys(let keys): return (name, keys.contains(key.stringValue))
        case .custom(let decide): return (name, decide(path + [key]))
        }
    }

    // MARK: Errors

    func invalid(_ value: Any, at path: [any CodingKey], _ text: String) -> EncodingError {
        let rendered = NodeDecoder.path(of: path)
        return .invalidValue(
            value, EncodingError.Context(codingPath: path, debugDescription: rendered.isEmpty ? text : "\(rendered): \(text)"))
    }
}

/// `[String: V]` encodes straight into members named by its keys (never
/// converted by the key strategy), sorted so the output is stable.
protocol EncodableStringKeyedDictionary {
    func encodeMembers(into box: EncodingBox, at path: [any CodingKey], state: EncodingState) throws
}

extension Dictionary: EncodableStringKeyedDictionary where Key == String, Value: Encodable {
    func encodeMembers(into box: EncodingBox, at path: [any CodingKey], state: EncodingState) throws {
        box.makeKeyed()
        for key in keys.sorted() {
            try state.encode(self[key]!, into: box.member(key, isAttribute: false), at: path + [NameKey(key)])
        }
    }
}
