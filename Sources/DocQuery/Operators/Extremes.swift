/// `@min` and `@max`: the smallest or largest value, returned as the value
/// itself (a node keeps its canonical path).
///
/// The rule, as docs/PathLanguage.md writes it: when every value is a
/// number or numeric text they compare numerically and exactly (big
/// integers and decimals included); else, when every value is text (XML
/// text or JSON strings, numeric or not), by Unicode scalar order (so ISO
/// dates order correctly, and `<a>9</a><a>Z</a>` gives `Z`). JSON `null`
/// and blank XML text are skipped. Objects, arrays, booleans, or a JSON
/// number beside non-numeric text are a
/// ``QueryError/Kind-swift.struct/incomparableValues``. Ties keep the first.
extension Evaluator {
    func extreme(_ values: [UInt32], largest: Bool, _ step: Step) throws(QueryError) -> UInt32? {
        var candidates: [(item: UInt32, number: ExactNumber?)] = []
        var allNumeric = true
        var sawNumberKind: UInt32? = nil
        var sawPlainText: UInt32? = nil
        for item in values {
            let cls = valueClass(item)
            if cls == .null || (cls == .text && isBlank(item)) { continue }
            guard cls == .number || cls == .text else {
                throw QueryError(
                    .incomparableValues, "\(step.operatorName) cannot order \(describe(item))",
                    path: source, scalarRange: step.range)
            }
            let number = numericValue(item)
            if number == nil { allNumeric = false; sawPlainText = sawPlainText ?? item }
            if cls == .number { sawNumberKind = sawNumberKind ?? item }
            candidates.append((item, number))
        }
        if !allNumeric, let number = sawNumberKind, let text = sawPlainText {
            throw QueryError(
                .incomparableValues,
                "\(step.operatorName) cannot order \(describe(number)) and \(describe(text)) together",
                path: source, scalarRange: step.range)
        }
        guard var best = candidates.first else { return nil }
        for candidate in candidates.dropFirst() {
            let order: Int
            if allNumeric {
                order = ExactNumber.compare(candidate.number!, best.number!)
            } else {
                order = withBytes(candidate.item) { x in
                    withBytes(best.item) { y in
                        TextOrder.compare(x, y)
                    }
                }
            }
            if largest ? order > 0 : order < 0 { best = candidate }
        }
        return best.item
    }
}
