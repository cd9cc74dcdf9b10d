/// `@keys`: the distinct keys of the values, in order of first appearance:
/// member keys of JSON objects (of the objects in a JSON array, as a key
/// applies to an array's elements), and attribute names then child element
/// names of XML elements, as written (`soap:Body`).
extension Evaluator {
    mutating func appendKeys(of values: [UInt32], _ step: Step, into out: inout [UInt32]) throws(QueryError) {
        var seen = Set<UInt32>()
        var names = takeBuffer()
        defer { giveBack(names) }
        for item in values where isNode(item) {
            names.removeAll(keepingCapacity: true)
            collectKeyNames(of: item, into: &names)
            for name in names where seen.insert(name).inserted {
                out.append(try self.item(for: .keyName(name), at: step))
            }
        }
    }

    /// The name ids of a node's keyed children, in document order.
    func collectKeyNames(of node: UInt32, into out: inout [UInt32]) {
        let record = nodes[Int(node)]
        switch record.kind {
        case .object, .element, .document:
            var p = node + 1
            while p < record.a {
                let child = nodes[Int(p)]
                if child.nameID != 0 && child.kind != .processingInstruction { out.append(child.nameID) }
                p = subtreeEnd(p)
            }
        case .array:
            var p = node + 1
            while p < record.a {
                let child = nodes[Int(p)]
                if child.kind == .array {
                    p += 1
                    continue
                }
                if child.kind == .object { collectKeyNames(of: p, into: &out) }
                p = subtreeEnd(p)
            }
        default:
            break
        }
    }
}
