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
/// 127). A value or a sum it cannot hold exactly (`1e400`, or `1e20 + 1e-20`,
/// which needs 41 digits) is a ``QueryError/Kind-swift.struct/nonNumericValue``
/// too, never an infinite or rounded result. A mean is exact when it has at
/// most 38 significant digits, else rounded once to 38 (``ExactMean``).
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
                    "\(step.operatorName) cannot add \(describe(item)) exactly: the sum would need more than "
                        + "38 significant digits, or a power of ten outside -128 to 127",
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
        // A sum that Decimal had to round (1e20 + 1e-20 needs 41 digits) or
        // could not hold is no answer: the caller reports it. A rounded sum
        // gives back neither addend when the other is taken away.
        guard !sum.isNaN, sum - current == addend, sum - addend == current, ExactNumber(sum) != nil else {
            return nil
        }
        return .decimal(sum)
    }

    func average(_ values: [UInt32], _ step: Step) throws(QueryError) -> ComputedNumber? {
        try Self.average(of: try sum(values, step), step, source: source)
    }

    /// The mean of a sum's values, `nil` for none: exact when it has at
    /// most 38 significant digits, else rounded once, half to even, to 38
    /// (``ExactMean``). A mean below `Decimal`'s smallest power of ten is
    /// an error, as a sum outside its range is.
    static func average(of s: Sum, _ step: Step, source: String) throws(QueryError) -> ComputedNumber? {
        guard s.count > 0 else { return nil }
        let total: Decimal
        switch s.total {
        case .int(let whole):
            if whole % s.count == 0 { return .int(whole / s.count) }
            total = Decimal(whole)
        case .decimal(let exact):
            total = exact
        case .double(let total):
            return .double(total / Double(s.count))
        }
        guard let mean = ExactMean.quotient(total, s.count) else {
            throw QueryError(
                .nonNumericValue,
                "\(step.operatorName): the mean is too small for a decimal of 38 digits and powers of ten from -128 to 127",
                path: source, scalarRange: step.range)
        }
        return .decimal(mean)
    }
}

extension Step {
    /// `@sum` for messages.
    var operatorName: String {
        if case .collectionOperator(let op) = kind { return op.rawValue }
        return "this step"
    }
}
