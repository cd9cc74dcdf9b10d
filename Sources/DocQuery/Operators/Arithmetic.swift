import Foundation

/// `@sum` and `@avg` (and the numbers `@count` yields).
///
/// Values must be numbers: JSON numbers or numeric text. JSON `null` and
/// blank XML text (`<price/>`) are skipped, as key-value coding skips nil;
/// anything else is a ``QueryError/Kind-swift.struct/nonNumericValue``
/// located at the operator. Sums stay exact: integers add as `Int`, decimal
/// text as `Decimal`; only numbers `Decimal` cannot hold (huge exponents)
/// fall back to `Double`.
extension Evaluator {
    struct Sum {
        var total: ComputedNumber = .int(0)
        var count = 0
    }

    func sum(_ values: [UInt32], _ step: Step) throws(QueryError) -> Sum {
        var result = Sum()
        for item in values {
            let cls = valueClass(item)
            if cls == .null || (cls == .text && isBlank(item)) { continue }
            guard cls == .number || cls == .text, let parsed = numericValue(item) else {
                throw QueryError(
                    .nonNumericValue, "\(step.operatorName) needs numbers, but found \(describe(item))",
                    path: source, scalarRange: step.range)
            }
            result.count += 1
            result.total = add(result.total, parsed, item)
        }
        return result
    }

    private func add(_ total: ComputedNumber, _ value: NumericValue, _ item: UInt32) -> ComputedNumber {
        switch (total, value) {
        case (.int(let a), .int(let b)):
            let (s, overflow) = a.addingReportingOverflow(b)
            if !overflow { return .int(s) }
            return .decimal(Decimal(a) + Decimal(b))
        case (.double(let a), _):
            return .double(a + value.doubleValue)
        default:
            let decimal: Decimal?
            if case .int(let b) = value {
                decimal = Decimal(b)
            } else {
                decimal = withBytes(item) { bytes in
                    let text = String(decoding: bytes, as: UTF8.self).trimmingXMLWhitespace()
                    return Decimal(string: String(text), locale: Locale(identifier: "en_US_POSIX"))
                }
            }
            let current: Decimal
            switch total {
            case .int(let a): current = Decimal(a)
            case .decimal(let a): current = a
            case .double(let a): return .double(a + value.doubleValue)
            }
            guard let decimal, !decimal.isNaN else {
                return .double(NSDecimalNumberBridge.double(current) + value.doubleValue)
            }
            return .decimal(current + decimal)
        }
    }

    func average(_ values: [UInt32], _ step: Step) throws(QueryError) -> ComputedNumber? {
        let s = try sum(values, step)
        guard s.count > 0 else { return nil }
        switch s.total {
        case .int(let total):
            if total % s.count == 0 { return .int(total / s.count) }
            return exactOrDouble(Decimal(total), s.count)
        case .decimal(let total):
            return exactOrDouble(total, s.count)
        case .double(let total):
            return .double(total / Double(s.count))
        }
    }

    /// The quotient as a `Decimal` when it terminates, else as a `Double`.
    private func exactOrDouble(_ total: Decimal, _ count: Int) -> ComputedNumber {
        let quotient = total / Decimal(count)
        if quotient * Decimal(count) == total { return .decimal(quotient) }
        return .double(NSDecimalNumberBridge.double(total) / Double(count))
    }
}

extension Step {
    /// `@sum` for messages.
    var operatorName: String {
        if case .collectionOperator(let op) = kind { return op.rawValue }
        return "this step"
    }
}
