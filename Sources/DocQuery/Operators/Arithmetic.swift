#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `@sum` and `@avg` (and the numbers `@count` yields).
///
/// Values must be numbers: JSON numbers or numeric text. JSON `null` and
/// blank XML text (`<price/>`) are skipped, as key-value coding skips nil;
/// anything else is a ``QueryError/Kind-swift.struct/nonNumericValue``
/// located at the operator. Sums are exact: integers add as `Int`, anything
/// else as `Decimal` (38 significant digits, powers of ten from -128 to
/// 127). A value or a sum outside that range (`1e400`) is a
/// ``QueryError/Kind-swift.struct/nonNumericValue`` too, never an infinite
/// or rounded result.
extension Evaluator {
    struct Sum {
        var total: ComputedNumber = .int(0)
        var count = 0
    }

    func sum(_ values: [UInt32], _ step: Step) throws(QueryError) -> Sum {
        var result = Sum()
        try sum(values, step, into: &result)
        return result
    }

    /// Adds `values` to a running sum, one by one (a stream's fold adds
    /// each candidate's values as the in-memory sum adds them all).
    func sum(_ values: [UInt32], _ step: Step, into result: inout Sum) throws(QueryError) {
        for item in values {
            let cls = valueClass(item)
            if cls == .null || (cls == .text && isBlank(item)) { continue }
            guard cls == .number || cls == .text, let parsed = numericValue(item) else {
                throw QueryError(
                    .nonNumericValue, "\(step.operatorName) needs numbers, but found \(describe(item))",
                    path: source, scalarRange: step.range)
            }
            result.count += 1
            guard let total = Self.add(result.total, parsed) else {
                throw QueryError(
                    .nonNumericValue,
                    "\(step.operatorName) cannot add \(describe(item)) exactly: the numbers it adds must fit "
                        + "38 significant digits and powers of ten from -128 to 127",
                    path: source, scalarRange: step.range)
            }
            result.total = total
        }
    }

    /// `total + value`, exactly; `nil` outside `Decimal`'s range.
    static func add(_ total: ComputedNumber, _ value: ExactNumber) -> ComputedNumber? {
        if case .int(let a) = total, case .integer(let b) = value {
            let (s, overflow) = a.addingReportingOverflow(Int(b))
            if !overflow { return .int(s) }
        }
        let current: Decimal
        switch total {
        case .int(let a): current = Decimal(a)
        case .decimal(let a): current = a
        case .double: return nil  // sums never hold a Double
        }
        guard let addend = value.decimalValue else { return nil }
        let sum = current + addend
        // Decimal reports overflow as NaN; its exponent tops out at 127.
        guard !sum.isNaN, ExactNumber(sum) != nil else { return nil }
        return .decimal(sum)
    }

    func average(_ values: [UInt32], _ step: Step) throws(QueryError) -> ComputedNumber? {
        Self.average(of: try sum(values, step))
    }

    /// The mean of a sum's values, `nil` for none.
    static func average(of s: Sum) -> ComputedNumber? {
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

    /// The quotient as a `Decimal` when it terminates, else as the nearest
    /// `Double` (finite: a `Decimal` is below 10^166).
    private static func exactOrDouble(_ total: Decimal, _ count: Int) -> ComputedNumber {
        let quotient = total / Decimal(count)
        if quotient * Decimal(count) == total { return .decimal(quotient) }
        // A Decimal's description is its exact value; Double(_:) rounds it once.
        return .double((Double(total.description) ?? .nan) / Double(count))
    }
}

extension Step {
    /// `@sum` for messages.
    var operatorName: String {
        if case .collectionOperator(let op) = kind { return op.rawValue }
        return "this step"
    }
}
