#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `@distinctUnionOfObjects` and `@distinctUnionOfArrays`: every value once,
/// in order of first appearance. (`@unionOfObjects`, `@unionOfArrays`,
/// `@first` and `@last` need no code of their own beyond the dispatch.)
///
/// Values are the same when they are equal scalars: numbers by exact numeric
/// value, text by its UTF-8 bytes (as keys compare: `"cafe\u{301}"` and
/// `"caf\u{E9}"` are two values), booleans, null. An XML element with no
/// attributes and no child elements counts as its text; other elements,
/// objects and arrays are the same only as the same node.
extension Evaluator {
    enum DistinctKey: Hashable {
        case number(ExactNumber)
        case text([UInt8])
        case bool(Bool)
        case null
        case node(UInt32)
    }

    func distinctKey(_ item: UInt32) -> DistinctKey {
        switch valueClass(item) {
        case .number:
            if let number = numericValue(item) { return .number(number) }
            return .text(withBytes(item) { Array($0) })
        case .bool: return .bool(kind(item) == .true)
        case .null: return .null
        case .container: return .node(item)
        case .text:
            if isNode(item) && kind(item) == .element {
                var p = item + 1
                let end = nodes[Int(item)].a
                while p < end {
                    let k = nodes[Int(p)].kind
                    if k == .attribute || k == .element { return .node(item) }
                    p = subtreeEnd(p)
                }
            }
            return .text(withBytes(item) { Array($0) })
        }
    }

    func appendDistinct(_ values: [UInt32], into out: inout [UInt32]) {
        var seen = Set<DistinctKey>()
        for item in values where seen.insert(distinctKey(item)).inserted {
            out.append(item)
        }
    }
}
