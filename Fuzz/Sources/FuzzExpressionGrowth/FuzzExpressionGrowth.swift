import DocQuery
import DocTree
import FuzzSupport

/// Expressions that grow by repetition: the input is a count (its first two
/// bytes) and up to three lines of UTF-8, a prefix, a unit and a suffix;
/// the expression is the prefix, the unit repeated up to 20,000 times, and
/// the suffix (`a|` repeated, then `a`, is a pipe chain 20,000 links long).
/// It goes through both languages: as JMESPath and as a key path it
/// compiles or fails with a range inside it, and what compiles runs on the
/// fixed documents. No input may overflow the parser's or the evaluator's
/// stack, which the byte-sized inputs of `jmespath` and `path-evaluate`
/// cannot reach.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpressionGrowth(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = input(data, size)
    guard bytes.count >= 3, let text = String(validating: bytes[2...], as: UTF8.self) else { return 0 }
    let count = (Int(bytes[0]) | Int(bytes[1]) << 8) % 20_001
    let parts = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
    let (prefix, unit, suffix) =
        parts.count == 3 ? (parts[0], parts[1], parts[2]) : ("", parts[0], parts.count == 2 ? parts[1] : "")
    guard unit.unicodeScalars.count * count <= 200_000 else { return 0 }
    let expression = prefix + String(repeating: unit, count: count) + suffix

    check(expression, language: "JMESPath", compile: { (text) throws(QueryError) in try JMESPath(text) },
          evaluate: { (compiled, document) throws(QueryError) in try compiled.evaluate(on: document) })
    check(expression, language: "key path", compile: { (text) throws(QueryError) in try PathQuery(text) },
          evaluate: { (compiled, document) throws(QueryError) in try compiled.evaluate(on: document) })
    return 0
}

/// Compiles `expression` in one language: it compiles, or fails with a
/// range inside it; what compiles runs on each fixed document.
private func check<Compiled>(
    _ expression: String, language: String, compile: (String) throws(QueryError) -> Compiled,
    evaluate: (Compiled, Document) throws(QueryError) -> QueryResult
) {
    let length = expression.unicodeScalars.count
    do {
        let compiled = try compile(expression)
        for document in FixedDocuments.all {
            guard let result = try? evaluate(compiled, document) else { continue }
            _ = result.description
        }
    } catch {
        require(error.range.lowerBound >= 0 && error.range.upperBound <= length + 1,
                "\(language) error range \(error.range) outside an expression of \(length) characters")
        _ = error.description
    }
}
