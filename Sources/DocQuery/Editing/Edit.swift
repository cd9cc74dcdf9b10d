/// One change to a document, addressed by a key path; a list of them is
/// applied as one transaction by ``DocumentEditor/apply(_:)-([Edit])``.
///
/// Each edit applies to every node its path matches. The path is compiled
/// like any ``PathQuery`` (filters, wildcards and bound parameters
/// included):
///
/// ```swift
/// try editor.apply([
///     .set("completed", to: true),
///     .set("items[?id == $id].price", to: 9.5, parameters: ["id": 7]),
///     .insert(["name": "new"], into: "items"),
///     .remove("draft"),
///     .rename("userId", to: "owner"),
/// ])
/// ```
public struct Edit: Sendable {
    enum Operation: Sendable {
        case set(EditValue)
        case insert(EditValue, key: String?, place: Place)
        case remove
        case rename(String)
    }

    /// Where an insert goes.
    enum Place: Sendable, Equatable {
        /// Into each matched container: at an index, or at the end (`nil`).
        case into(index: Int?)
        /// Beside each match, in its container.
        case before, after
    }

    /// The key path this edit addresses, as written.
    public let path: String
    let parameters: [String: (any Sendable)?]
    var operation: Operation
    /// The compiled path, once ``compiled()`` compiled it, or when it is not
    /// ``path`` compiled on its own: a streamed edit applies the rest of a
    /// path to each value its prefix reaches (see `JSONStreamedTransaction`).
    var query: PathQuery? = nil
    /// How a computed set finds each match's value; its operation is then
    /// a placeholder that ``resolved(in:)`` replaces, per match, before any
    /// edit plan sees the edit.
    var computation: EditComputation? = nil
    /// The one node this edit applies to: a match of a computed set,
    /// resolved (its value is the operation's).
    var pinned: PinnedTarget? = nil

    /// Replaces each value `path` matches with `value`. When nothing
    /// matches and the path is keys only (`a.b.c`), the missing members are
    /// created on the way, as jq's `setpath` does.
    public static func set(_ path: String, to value: EditValue, parameters: [String: (any Sendable)?] = [:]) -> Edit {
        Edit(path: path, parameters: parameters, operation: .set(value))
    }

    /// Replaces each value `path` matches with what the JMESPath
    /// (Community) `expression` computes from it, as jq's `path |= f` does:
    /// in the expression, `@` is the matched value, `$` the whole document,
    /// and `$name` a value of `parameters` (which the path may use too).
    ///
    /// ```swift
    /// try editor.apply(.set("items[:].price", computedBy: "@ * `1.1`"))
    /// try editor.apply(.set("fullName", computedBy: "$ | join(' ', [first, last])"))
    /// ```
    ///
    /// Every match is computed from the document as it was before the
    /// transaction, then written as a literal set writes its value: a node
    /// of the document as it is written there (numbers keep their
    /// spelling), strings quoted and escaped, objects and arrays laid out
    /// like their neighbours. Arithmetic is decimal and exact, with `@sum`'s
    /// limits (38 significant digits), so `19.99 * 1.1` is `21.989`. When a
    /// keys-only path (`a.b.c`) matches nothing, the expression is computed
    /// on `null` and its value created there, as a literal set creates one.
    ///
    /// The expression is compiled when the edit applies: a malformed one
    /// throws then, with a caret under the problem. A match for which it
    /// yields `null` (nothing), or a value its place cannot hold (an object
    /// for an XML attribute), fails the transaction with an
    /// ``QueryError/Kind-swift.struct/invalidEdit`` that names the match.
    public static func set(_ path: String, computedBy expression: String, parameters: [String: (any Sendable)?] = [:]) -> Edit {
        var edit = Edit(path: path, parameters: parameters, operation: .set(.null))
        edit.computation = .expression(Result { () throws(QueryError) in try JMESPath(expression, parameters: parameters) })
        return edit
    }

    /// Replaces each value `path` matches with what `value` returns for it.
    ///
    /// `value` is called once per match, with the matched node of the
    /// document as it was before the transaction, before anything is
    /// written; what it throws fails the transaction, and nothing changes.
    ///
    /// ```swift
    /// try editor.apply(.set("release.version") { match in
    ///     EditValue(bumpPatch(match.string ?? "0.0.0"))
    /// })
    /// ```
    public static func set(
        _ path: String, parameters: [String: (any Sendable)?] = [:],
        computedBy value: @escaping @Sendable (Node) throws -> EditValue
    ) -> Edit {
        var edit = Edit(path: path, parameters: parameters, operation: .set(.null))
        edit.computation = .closure(value)
        return edit
    }

    /// Inserts `value` into each container `path` matches: into an array
    /// at `index` (the end when `nil`), or into an object as the member
    /// `key` (at member position `index`, the end when `nil`).
    public static func insert(
        _ value: EditValue, into path: String, key: String? = nil, at index: Int? = nil,
        parameters: [String: (any Sendable)?] = [:]
    ) -> Edit {
        Edit(path: path, parameters: parameters, operation: .insert(value, key: key, place: .into(index: index)))
    }

    /// Inserts `value` just before each array element or object member
    /// `path` matches (an object member needs a `key`).
    public static func insert(
        _ value: EditValue, before path: String, key: String? = nil, parameters: [String: (any Sendable)?] = [:]
    ) -> Edit {
        Edit(path: path, parameters: parameters, operation: .insert(value, key: key, place: .before))
    }

    /// Inserts `value` just after each array element or object member
    /// `path` matches (an object member needs a `key`).
    public static func insert(
        _ value: EditValue, after path: String, key: String? = nil, parameters: [String: (any Sendable)?] = [:]
    ) -> Edit {
        Edit(path: path, parameters: parameters, operation: .insert(value, key: key, place: .after))
    }

    /// Removes each member or element `path` matches, with its own line,
    /// indentation and separating comma.
    public static func remove(_ path: String, parameters: [String: (any Sendable)?] = [:]) -> Edit {
        Edit(path: path, parameters: parameters, operation: .remove)
    }

    /// Renames the key of each object member `path` matches.
    public static func rename(_ path: String, to name: String, parameters: [String: (any Sendable)?] = [:]) -> Edit {
        Edit(path: path, parameters: parameters, operation: .rename(name))
    }
}
