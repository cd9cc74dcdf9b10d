/// `left.@op.right`: the shared part of every collection operator.
///
/// The collection is what `left` yields, with a lone JSON array standing for
/// its elements (`@unionOfArrays` and `@distinctUnionOfArrays` also open
/// every JSON array in it). `right`, the steps up to the next operator, runs
/// on that collection, so it applies to each member. The operator then
/// reduces or reshapes those values, and its result is where the next
/// operator (if any) starts.
extension Evaluator {
    mutating func applyOperator(
        _ op: CollectionOperator, at index: Int, in steps: ArraySlice<Step>, right: ArraySlice<Step>,
        _ items: inout [UInt32], tracing: Bool
    ) throws(QueryError) {
        let step = steps[index]
        var values = takeBuffer()
        defer { giveBack(values) }
        appendCollection(items, into: &values)
        if op == .unionOfArrays || op == .distinctUnionOfArrays { openArrays(&values) }
        if tracing && values.isEmpty && !items.isEmpty && failure == nil {
            failure = (index, items)
        }
        let input = tracing ? items : []
        try run(right, &values, tracing: tracing)

        items.removeAll(keepingCapacity: true)
        switch op {
        case .count:
            items.append(try item(for: .number(.int(values.count)), at: step))
            fannedOut = false
        case .sum:
            items.append(try item(for: .number(try sum(values, step).total), at: step))
            fannedOut = false
        case .avg:
            if let mean = try average(values, step) { items.append(try item(for: .number(mean), at: step)) }
            fannedOut = false
        case .min, .max:
            if let winner = try extreme(values, largest: op == .max, step) { items.append(winner) }
            fannedOut = false
        case .unionOfObjects, .unionOfArrays:
            items.append(contentsOf: values)
            fannedOut = true
        case .distinctUnionOfObjects, .distinctUnionOfArrays:
            appendDistinct(values, into: &items)
            fannedOut = true
        case .first:
            if let first = values.first { items.append(first) }
            fannedOut = false
        case .last:
            if let last = values.last { items.append(last) }
            fannedOut = false
        case .keys:
            try appendKeys(of: values, step, into: &items)
            fannedOut = true
        }
        if tracing && items.isEmpty && failure == nil {
            failure = (index, input)
        }
    }
}
