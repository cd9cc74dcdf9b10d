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
    /// (`tasks.list[0].taskseries[1].name`); `""` for the root itself and
    /// for nodes no path selects (text runs, comments).
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
    var values: [ResultValue]
    /// The canonical path of each value, in order, computed only when asked
    /// (for a large result it is a pass over the matches): a node's path
    /// from the document's root (`.` for the root), or for a value an
    /// operator computed from several nodes the path that computed it.
    var paths: @Sendable () -> [String]
    /// When nothing matched: why.
    var miss: Miss?

    init(values: [ResultValue], paths: @escaping @Sendable () -> [String], miss: Miss? = nil) {
        self.values = values
        self.paths = paths
        self.miss = miss
    }

    /// Whether nothing matched.
    var isEmpty: Bool { values.isEmpty }
}

/// Why a path matched nothing.
struct Miss: Sendable, Equatable {
    /// The path as typed.
    var path: String
    /// The step that matched nothing, in characters of ``path``.
    var range: Range<Int>?
    /// One sentence: `'auth' matched an element, but it has no key 'usr'`.
    var reason: String
    /// A near-miss key, for "did you mean".
    var suggestion: String?
    /// The canonical path of the missing key elsewhere in the document.
    var elsewhere: String?
    /// The keys available where the path stopped, `key` or `key (count)`.
    var availableKeys: [String]
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
