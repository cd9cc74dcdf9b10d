import DocQuery
import DocTree
import FuzzSupport

/// Path evaluation: every path that compiles runs on each fixed document
/// (JSON and XML). Results are read in full; an empty one explains itself;
/// the canonical path of each of the first matched nodes compiles and
/// finds that node again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPathEvaluate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let text = String(validating: input(data, size), as: UTF8.self),
        let query = try? PathQuery(text)
    else { return 0 }
    for document in FixedDocuments.all {
        guard let result = try? query.evaluate(on: document) else { continue }
        _ = result.strings
        _ = result.paths
        _ = result.description
        if result.isEmpty {
            _ = result.explanation.map { String(describing: $0) }
            continue
        }
        for node in result.nodes.prefix(8) {
            guard let path = PathQuery.canonicalPath(of: node) else { continue }
            let again: PathQuery
            do {
                again = try PathQuery(path)
            } catch {
                fatalError("canonical path \(path.debugDescription) does not compile: \(error)")
            }
            // A path that matches one JSON array presents its elements; the
            // array itself is the result's arrayNode.
            let result = try? again.evaluate(on: document)
            let found = (result?.nodes ?? []) + [result?.arrayNode].compactMap { $0 }
            require(found.contains(node), "canonical path \(path.debugDescription) misses its node (path \(text.debugDescription))")
        }
    }
    return 0
}
