#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Numbers read from a node's text, exactly or not at all.
///
/// ## Which nodes are numbers
///
/// A JSON number is kept as the text that was written (`1e400`, `-0`,
/// `12345678901234567890`), so reading it never loses anything; these
/// accessors parse that text on request. Text can be a number too: a JSON
/// string, an XML attribute or text run, and an XML element's own text
/// (``string``), with surrounding XML whitespace trimmed. The grammar is
/// JSON's, loosened for XML Schema's lexical forms: a leading `+`, leading
/// zeros, `.5` and `5.` are accepted; hex, `INF`, `NaN`, inner spaces and
/// thousands separators are not. Objects, arrays, `true`, `false` and `null`
/// are not numbers.
///
/// ## Exact, or nothing
///
/// | text                   | `int`   | `double`   | `decimal`              |
/// |------------------------|---------|------------|------------------------|
/// | `42`                   | 42      | 42.0       | 42                     |
/// | `1.0`, `1e2`           | 1, 100  | 1.0, 100.0 | 1, 100                 |
/// | `1.5`                  | `nil`   | 1.5        | 1.5                    |
/// | `12345678901234567890` | `nil`   | 1.2345678901234567e19 | 12345678901234567890 |
/// | `1e400`                | `nil`   | `nil`      | `nil`                  |
/// | `0.1`                  | `nil`   | 0.1 (nearest) | 0.1                 |
///
/// Integer accessors accept any spelling of an integer value (`1.0`, `1e2`,
/// `-0`) and give `nil` for a fraction or a value out of range. ``double`` is
/// the nearest `Double`, as binary floating point must be for most decimal
/// fractions; it is `nil` only when the number overflows `Double` (an
/// underflow gives zero). ``decimal`` holds up to 38 significant digits
/// scaled by 10^-128 … 10^127 and is `nil` beyond that.
///
/// To learn *why* there is no value, use the throwing twin,
/// `number(as: Int.self)` (or `Int64`, `UInt64`, `Double`, `Decimal`), whose
/// ``LoadError/Kind-swift.struct/invalidNumber`` error says, for example,
/// `12345678901234567890 does not fit in Int`.
extension Node {
    /// The number as an `Int`, when it is an integer that fits; see the
    /// table above.
    public var int: Int? {
        guard case .success(let value) = int64Result() else { return nil }
        return Int(exactly: value)
    }

    /// The number as an `Int64`, when it is an integer that fits.
    public var int64: Int64? { try? int64Result().get() }

    /// The number as a `UInt64`, when it is a non-negative integer that fits.
    public var uint64: UInt64? { try? uint64Result().get() }

    /// The nearest `Double` to the number, or `nil` when the node is not a
    /// number or the number overflows `Double`.
    public var double: Double? { try? doubleResult().get() }

    /// The number as a `Decimal`, when it has at most 38 significant digits
    /// and a power of ten from -128 to 127.
    public var decimal: Decimal? { try? decimalResult().get() }

    /// The number as an `Int`, or an error saying why it is not one.
    ///
    /// ```swift
    /// let count = try node.number(as: Int.self)
    /// // LoadError: 1:9: 12345678901234567890 does not fit in Int
    /// ```
    ///
    /// - Throws: ``LoadError`` of kind ``LoadError/Kind-swift.struct/invalidNumber``,
    ///   located at the value in a JSON document.
    public func number(as type: Int.Type) throws(LoadError) -> Int {
        switch int64Result() {
        case .success(let value):
            guard let int = Int(exactly: value) else { throw numberError(.outOfRange, "Int") }
            return int
        case .failure(let failure): throw numberError(failure, "Int")
        }
    }

    /// The number as an `Int64`, or an error saying why it is not one.
    ///
    /// - Throws: ``LoadError`` of kind ``LoadError/Kind-swift.struct/invalidNumber``.
    public func number(as type: Int64.Type) throws(LoadError) -> Int64 {
        switch int64Result() {
        case .success(let value): return value
        case .failure(let failure): throw numberError(failure, "Int64")
        }
    }

    /// The number as a `UInt64`, or an error saying why it is not one.
    ///
    /// - Throws: ``LoadError`` of kind ``LoadError/Kind-swift.struct/invalidNumber``.
    public func number(as type: UInt64.Type) throws(LoadError) -> UInt64 {
        switch uint64Result() {
        case .success(let value): return value
        case .failure(let failure): throw numberError(failure, "UInt64")
        }
    }

    /// The nearest `Double` to the number, or an error when the node is not
    /// a number or the number overflows `Double`.
    ///
    /// - Throws: ``LoadError`` of kind ``LoadError/Kind-swift.struct/invalidNumber``.
    public func number(as type: Double.Type) throws(LoadError) -> Double {
        switch doubleResult() {
        case .success(let value): return value
        case .failure(let failure): throw numberError(failure, "Double")
        }
    }

    /// The number as a `Decimal`, or an error saying why `Decimal` cannot
    /// hold it exactly.
    ///
    /// - Throws: ``LoadError`` of kind ``LoadError/Kind-swift.struct/invalidNumber``.
    public func number(as type: Decimal.Type) throws(LoadError) -> Decimal {
        switch decimalResult() {
        case .success(let value): return value
        case .failure(let failure): throw numberError(failure, "Decimal")
        }
    }

    // MARK: Parsing

    private func int64Result() -> Result<Int64, NumberFailure> {
        withNumberText { NumberText.integer(Int64.self, from: $0) } ?? .failure(.notANumber)
    }

    private func uint64Result() -> Result<UInt64, NumberFailure> {
        withNumberText { NumberText.integer(UInt64.self, from: $0) } ?? .failure(.notANumber)
    }

    private func doubleResult() -> Result<Double, NumberFailure> {
        // JSON number tokens were checked when loading.
        let isJSONNumber = record.kind == .number
        return withNumberText { NumberText.floatingPoint(Double.self, from: $0, isNumberToken: isJSONNumber) }
            ?? .failure(.notANumber)
    }

    private func decimalResult() -> Result<Decimal, NumberFailure> {
        withNumberText { NumberText.decimal(from: $0) } ?? .failure(.notANumber)
    }

    /// Calls `body` with the text a number is read from, trimmed of XML
    /// whitespace, or returns `nil` for a node that has no such text.
    private func withNumberText<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        let record = self.record
        switch record.kind {
        case .number, .attribute, .text:
            return withSpan(of: record, body)
        case .string where !record.flags.contains(.escaped):
            return withSpan(of: record, body)
        case .string, .element:
            guard var string = self.string else { return nil }
            return string.withUTF8 { body(XMLWhitespace.trimmed($0)) }
        default:
            return nil
        }
    }

    private func withSpan<R>(of record: NodeRecord, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        document.table.withSpan(of: record) { body(XMLWhitespace.trimmed($0)) }
    }

    // MARK: Errors

    /// The error for a failed conversion to `typeName`, located at the value
    /// when the document is JSON (whose text buffer is the input).
    private func numberError(_ failure: NumberFailure, _ typeName: String) -> LoadError {
        let shown = numberDescription()
        let message: String
        switch failure {
        case .notANumber: message = "\(shown) is not a number"
        case .notAnInteger: message = "\(shown) has a fractional part, so it is not an \(typeName)"
        case .outOfRange:
            message = typeName == "Decimal"
                ? "\(shown) does not fit in Decimal (at most 38 significant digits, exponents -128 to 127)"
                : "\(shown) does not fit in \(typeName)"
        }
        let record = self.record
        guard document.format == .json, record.kind == .number || record.kind == .string else {
            return LoadError(.invalidNumber, message)
        }
        // A string's span starts after its opening quote; point at the quote.
        let offset = Int(record.a) - (record.kind == .string ? 1 : 0)
        return document.table.text.withUnsafeBufferPointer { LoadError(.invalidNumber, message, at: offset, in: $0) }
    }

    /// The value as a message shows it: a number's text, quoted text, or the kind.
    private func numberDescription() -> String {
        switch record.kind {
        case .number:
            return string ?? ""
        case .string, .attribute, .text, .element:
            var text = string ?? ""
            if text.count > 40 { text = String(text.prefix(40)) + "…" }
            return "\"\(text)\""
        case .object: return "an object"
        case .array: return "an array"
        case .document: return "the document node"
        default: return record.kind.description
        }
    }
}
