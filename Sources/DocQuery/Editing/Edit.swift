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
    let operation: Operation
    /// The compiled path, when it is not ``path`` compiled on its own: a
    /// streamed edit applies the rest of a path to each value its prefix
    /// reaches (see `JSONStreamedTransaction`).
    var query: PathQuery? = nil

    /// Replaces each value `path` matches with `value`. When nothing
    /// matches and the path is keys only (`a.b.c`), the missing members are
    /// created on the way, as jq's `setpath` does.
    public static func set(_ path: String, to value: EditValue, parameters: [String: (any Sendable)?] = [:]) -> Edit {
        Edit(path: path, parameters: parameters, operation: .set(value))
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
