/// An immutable array that holds a single element inline.
///
/// A ``QueryResult`` with one match (most JMESPath evaluations, many key
/// paths) keeps its item, and its one computed value, without allocating:
/// for a one-key expression that allocation and its release were about a
/// fifth of the evaluation (perf). Several elements are an ordinary array,
/// shared as given.
struct OneOrMany<Element: Sendable>: RandomAccessCollection, Sendable {
    private enum Storage: Sendable {
        /// No element (an empty array would still be released).
        case none
        case one(Element)
        case many([Element])
    }

    private let storage: Storage

    /// The elements of `array`, kept as that array.
    init(_ array: [Element]) { storage = .many(array) }

    /// One element, held inline.
    init(one element: Element) { storage = .one(element) }

    /// No element.
    static var empty: OneOrMany { OneOrMany(storage: .none) }

    private init(storage: Storage) { self.storage = storage }

    var startIndex: Int { 0 }

    var endIndex: Int {
        switch storage {
        case .none: 0
        case .one: 1
        case .many(let elements): elements.count
        }
    }

    subscript(position: Int) -> Element {
        switch storage {
        case .none:
            preconditionFailure("OneOrMany: index out of range")
        case .one(let element):
            precondition(position == 0, "OneOrMany: index out of range")
            return element
        case .many(let elements):
            return elements[position]
        }
    }

    /// The elements as an array (allocates only for an inline element).
    var array: [Element] {
        switch storage {
        case .none: []
        case .one(let element): [element]
        case .many(let elements): elements
        }
    }
}
