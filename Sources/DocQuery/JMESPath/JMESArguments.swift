/// The argument values of one function call, without an allocation for
/// the common case: the first two are stored inline (every function of
/// fixed arity takes one or two), only a third and later ones (`merge`,
/// `not_null`) go to an array.
struct JMESArguments {
    private var first: JMESValue = .null
    private var second: JMESValue = .null
    private var rest: [JMESValue] = []
    /// How many arguments were appended.
    private(set) var count = 0

    mutating func append(_ value: JMESValue) {
        switch count {
        case 0: first = value
        case 1: second = value
        default: rest.append(value)
        }
        count += 1
    }

    /// Argument `position` (from 0; below `count`).
    subscript(position: Int) -> JMESValue {
        switch position {
        case 0: first
        case 1: second
        default: rest[position - 2]
        }
    }

    var indices: Range<Int> { 0..<count }
}
