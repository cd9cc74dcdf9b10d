import DocQuery
import DocTree
import FuzzSupport

/// JMESPath compilation and evaluation of any UTF-8: an expression
/// compiles or throws a `QueryError` whose range lies inside it; one that
/// compiles runs on each fixed document (JSON and XML), and whatever it
/// builds is read in full and written as JSON that loads again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJMESPath(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let text = String(validating: input(data, size), as: UTF8.self) else { return 0 }
    let expression: JMESPath
    do {
        expression = try JMESPath(text)
    } catch {
        let range = error.range
        require(range.lowerBound >= 0 && range.upperBound <= text.count + 1,
                "error range \(range) outside \(text.debugDescription)")
        _ = error.description
        return 0
    }
    for document in FixedDocuments.all {
        guard let result = try? expression.evaluate(on: document) else { continue }
        _ = result.strings
        _ = result.description
        for match in result.prefix(8) {
            guard let node = match.node else { continue }
            let json = node.jsonString()
            do {
                _ = try Document(string: json, options: LoadOptions(format: .json))
            } catch {
                fatalError("a JMESPath result writes JSON that does not load: \(json.debugDescription) (\(error))")
            }
        }
    }
    return 0
}
