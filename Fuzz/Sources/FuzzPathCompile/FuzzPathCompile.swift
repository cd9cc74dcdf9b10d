import DocQuery
import DocTree
import Foundation
import FuzzSupport

/// Path compilation of any UTF-8: a path compiles or throws a `QueryError`
/// with a position inside it. Independently, the input taken as a key must
/// quote into a path that compiles and finds that key.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPathCompile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let text = String(validating: input(data, size), as: UTF8.self) else { return 0 }
    do {
        let query = try PathQuery(text)
        require(query.description == text, "a compiled path forgot how it was written")
    } catch {
        _ = error.description
    }

    let quoted = PathQuery.quotedKey(text)
    let keyQuery: PathQuery
    do {
        keyQuery = try PathQuery(quoted)
    } catch {
        fatalError("quotedKey(\(text.debugDescription)) = \(quoted.debugDescription) does not compile: \(error)")
    }
    let document: Document
    do {
        // Foundation writes the one-key object, so the key's JSON text is not ours.
        let json = try JSONSerialization.data(withJSONObject: [text: 1])
        document = try Document(data: json, options: LoadOptions(format: .json))
    } catch {
        fatalError("a one-key JSON object does not load: \(error)")
    }
    let found = (try? keyQuery.evaluate(on: document))?.strings ?? []
    require(found == ["1"], "\(quoted.debugDescription) finds \(found) instead of the key \(text.debugDescription)")
    return 0
}
