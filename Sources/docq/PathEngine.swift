import DocTree

/// What docq needs from the path language, as one seam: the commands, the
/// printers and the explorer talk to this protocol, and `DocQueryEngine`
/// (the only file that touches DocQuery's result types) implements it. The
/// explorer's tests inject their own.
protocol PathEngine: Sendable {
    /// Compiles `path` once, for evaluation on any number of nodes.
    ///
    /// - Throws: ``PathFailure`` for a malformed path.
    func compile(_ path: String) throws(PathFailure) -> any CompiledPath

    /// The canonical path of `node` from its document's root
    /// (`tasks.list[0].taskseries[1].name`); `""` for the root itself.
    func canonicalPath(of node: Node) -> String

    /// `key` written so that a path reaches exactly that key: as it is when
    /// it needs no quoting, else quoted (`"a.b"`, `"_contents"`).
    func pathStep(forKey key: String) -> String

    /// The collection operators, with their `@` (`@count`, `@sum` …).
    var operatorNames: [String] { get }
}

/// A compiled path.
protocol CompiledPath: Sendable {
    /// Evaluates the path with `node` as its starting point.
    ///
    /// - Throws: ``PathFailure`` when evaluation fails (a wrong type, such
    ///   as `@sum` over text).
    func evaluate(from node: Node) throws(PathFailure) -> Evaluation
}

/// The outcome of one evaluation.
struct Evaluation: Sendable {
    /// The matched values, in order.
    var items: [ResultItem]
    /// When nothing matched: lines that say how far the path got, the keys
    /// available there and a "did you mean" suggestion.
    var explanation: [String]

    init(items: [ResultItem], explanation: [String] = []) {
        self.items = items
        self.explanation = explanation
    }
}

/// One matched value and the canonical path that reaches it.
struct ResultItem: Sendable {
    var value: ResultValue
    /// The canonical path from the document's root, or `nil` for a value an
    /// operator computed from several nodes (`lists.list.@count`).
    var path: String?
}

/// A matched value: a node of the document, or a value an operator computed.
indirect enum ResultValue: Sendable {
    case node(Node)
    case string(String)
    /// A number, as the text that represents it.
    case number(String)
    case bool(Bool)
    case null
    case array([ResultValue])
}

/// A malformed path, or one whose evaluation failed: the message and where
/// in the path the problem is.
struct PathFailure: Error, Sendable, Equatable {
    /// One line: `unknown operator '@cuont' (did you mean '@count'?)`.
    var message: String
    /// The path as typed.
    var path: String
    /// The problem's range in `path`, in characters (`start..<end`), when known.
    var range: Range<Int>?
}
