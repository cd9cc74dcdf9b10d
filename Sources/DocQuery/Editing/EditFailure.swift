import DocTree

/// The ``QueryError``s an edit throws, worded once.
enum EditFailure {
    /// The path matched nothing, and is not a keys-only `set`.
    static func noMatch(_ edit: Edit, _ explanation: Explanation?) -> QueryError {
        let reason = explanation.map { ": \($0.reason)" } ?? ""
        return QueryError(
            .noMatch, "nothing to \(edit.verb): '\(edit.path)' matches nothing\(reason)", path: edit.path,
            range: explanation?.failedRange ?? 0..<edit.path.count)
    }

    /// The edit cannot apply to what it matched.
    static func invalid(_ edit: Edit, _ reason: String) -> QueryError {
        QueryError(.invalidEdit, "cannot \(edit.verb) '\(edit.path)'\(edit.computedMatch): \(reason)", path: edit.path, range: 0..<edit.path.count)
    }

    /// A keys-only `set` matched nothing, and creates nothing: the value
    /// its first `depth` keys reach (the root for none) is of `kind`, not
    /// an object (both JSON engines).
    static func cannotCreate(_ edit: Edit, _ keys: [String], below depth: Int, in kind: Node.Kind) -> QueryError {
        let prefix = keys[..<depth].joined(separator: ".")
        return invalid(
            edit, "\(prefix.isEmpty ? "the root" : "'\(prefix)'") is \(JSONEditPlan.describe(kind)), so '\(keys[depth])' cannot be created in it")
    }

    /// An insert with a key went into an object that has a member of that key (both JSON engines).
    static func memberTaken(_ edit: Edit, _ key: String) -> QueryError {
        invalid(edit, "the object already has a member named \(JSONWriter.quoted(key)); set it instead")
    }

    /// An insert into what it matched, which is of `kind`: a key was given
    /// for an array, or it is no container (both JSON engines).
    static func cannotInsert(_ edit: Edit, into kind: Node.Kind) -> QueryError {
        kind == .array
            ? invalid(edit, "a key was given, but an array is an array")
            : invalid(edit, "it matches \(JSONEditPlan.describe(kind)); insert goes into an object or an array")
    }

    /// A removal matched the root, which every document needs (both JSON engines).
    static func rootRemoval(_ edit: Edit) -> QueryError {
        invalid(edit, "the root cannot be removed")
    }

    /// Two edits (or two matches of one) touch the same bytes.
    static func conflict(_ edit: Edit, _ reason: String) -> QueryError {
        QueryError(
            .conflictingEdits, "cannot \(edit.verb) '\(edit.path)'\(edit.computedMatch): \(reason); edits whose targets overlap are rejected",
            path: edit.path, range: 0..<edit.path.count)
    }
}

extension Edit {
    /// `error`, a miss of one of `edits` reported by a streamed engine
    /// (which keeps no document to explain it with), as the edit held whole
    /// reports it on `document`, the same input: the reason and the failing
    /// step, with the ``Explanation`` for the hints under it. `nil` when
    /// `error` is no miss of these edits, or the path matches in `document`.
    package static func explainedMiss(
        _ error: QueryError, of edits: [Edit], in document: Document
    ) -> (error: QueryError, explanation: Explanation)? {
        guard error.kind == .noMatch,
            let edit = edits.first(where: { $0.path == error.path && error.message.hasPrefix("nothing to \($0.verb): ") }),
            let (targets, _, miss) = try? edit.targets(in: document), targets.isEmpty,
            let explanation = miss?.explanation, explanation.error == nil
        else { return nil }
        return (EditFailure.noMatch(edit, explanation), explanation)
    }

    /// For one match of a computed set: which, for messages (` for the
    /// match at items[3].price`); empty for any other edit.
    var computedMatch: String {
        guard let pinned else { return "" }
        return " for " + Edit.describe(Node(document: pinned.document, index: pinned.node))
    }

    /// The operation's name, for messages.
    var verb: String {
        switch operation {
        case .set: "set"
        case .insert: "insert"
        case .remove: "remove"
        case .rename: "rename"
        }
    }
}
