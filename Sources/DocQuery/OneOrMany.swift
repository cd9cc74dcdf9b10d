/// An immutable array that holds a single element inline.
///
/// A ``QueryResult`` with one match (most JMESPath evaluations, many key
/// paths) keeps its item, and its one computed value, without allocating:
/// for a small expression that allocation and its release were a third of
/// the evaluation. Several elements are an ordinary array, shared as given.
struct OneOrMany<Element: Sendable>: RandomAccessCollection, Sendable {
    private enum Storage: Sendable {
        case one(Element)
        case many([Element])
    }

    private let storage: Storage

    /// The elements of `array`, kept as that array.
    init(_ array: [Element]) { storage = .many(array) }

    /// One element, held inline.
    init(one element: Element) { storage = .one(element) }

    /// No element.
    static var empty: OneOrMany { OneOrMany([]) }

    var startIndex: Int { 0 }

    var endIndex: Int {
        switch storage {
        case .one: 1
        case .many(let elements): elements.count
        }
    }

    subscript(position: Int) -> Element {
        switch storage {
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
        case .one(let element): [element]
        case .many(let elements): elements
        }
    }
}
