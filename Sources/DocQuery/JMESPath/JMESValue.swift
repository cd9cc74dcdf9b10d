#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A value during JMESPath evaluation: a reference to a node of the
/// document being queried, or a value the expression built.
///
/// Nodes are never copied into built values: a projection over a JSON array
/// of objects yields an array of node references, and only what the
/// expression itself makes (multi-select lists and hashes, function
/// results, literals) is materialised.
enum JMESValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    /// A number computed exactly, in decimal: what arithmetic gives when
    /// the evaluation computes an edit's value (``JMESEvaluator/exactArithmetic``).
    case decimal(Decimal)
    case string(String)
    /// A node, seen through the JSON view (``JMESTreeView``).
    case node(UInt32)
    /// The XML child elements of `parent` that share a name (and the
    /// attribute of that name, first, if any): the JSON view's array for a
    /// repeated name. `byLocalName` when the name was matched without its prefix.
    case repeated(parent: UInt32, name: UInt32, byLocalName: Bool)
    case array([JMESValue])
    /// An array whose elements are all nodes, kept compact: what a
    /// projection of found values builds.
    case nodes([UInt32])
    case object(JMESObject)
    /// An expression reference (`&expr`), an argument of `sort_by` and kin.
    case expression(JMESExpression)

    /// A JSON document's node copied into a built value (for literals,
    /// which are parsed by the JSON scanner into a small document of their own).
    static func built(from node: Node) -> JMESValue {
        switch node.kind {
        case .object:
            var object = JMESObject()
            for member in node.children { object[member.name ?? ""] = built(from: member) }
            return .object(object)
        case .array:
            return .array(node.children.map(built(from:)))
        case .string: return .string(node.string ?? "")
        case .number: return .number(node.double ?? .nan)
        case .true: return .bool(true)
        case .false: return .bool(false)
        default: return .null
        }
    }
}

/// A JSON object the expression built: keys in insertion order.
struct JMESObject: Sendable {
    private(set) var keys: [String] = []
    private(set) var values: [JMESValue] = []

    var count: Int { keys.count }

    /// The value for `key` (compared by bytes), or `nil`.
    subscript(key: String) -> JMESValue? {
        get {
            let bytes = key.utf8
            return keys.firstIndex { $0.utf8.elementsEqual(bytes) }.map { values[$0] }
        }
        set {
            let bytes = key.utf8
            if let index = keys.firstIndex(where: { $0.utf8.elementsEqual(bytes) }) {
                if let newValue { values[index] = newValue } else {
                    keys.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    /// Appends a member whose key is known not to be present yet.
    mutating func append(_ key: String, _ value: JMESValue) {
        keys.append(key)
        values.append(value)
    }
}
