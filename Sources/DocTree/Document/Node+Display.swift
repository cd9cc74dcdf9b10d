extension Node: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible
{
    /// A short, one-line preview: the kind, the name, and a glimpse of the
    /// value or of the first few keys, e.g. `<user id="9876" username="bob" …>`,
    /// `object {_id, 상영관명, 위도}`, `"MMC 만경관 1관"`, `35.8709275`.
    public var description: String {
        Preview.describe(self)
    }

    /// The preview plus where the node sits: `Node #12 (element, depth 3): <user …>`.
    public var debugDescription: String {
        var depth = 0
        var up = parent
        while let node = up, node.kind != .document {
            depth += 1
            up = node.parent
        }
        return "Node #\(index) (\(kind), depth \(depth)): \(description)"
    }

    /// Shows the node's kind, name and value, then the outline below it (its
    /// attributes and children with previews, at most 30 lines), in `dump`,
    /// the debugger's `po` and a playground.
    public var customMirror: Mirror {
        var entries: [Mirror.Child] = [("kind", kind)]
        if let name { entries.append(("name", name)) }
        if !kind.isContainer || JSONWriter.standaloneText(of: self) != nil, let string {
            entries.append(("value", string))
        }
        return Mirror(self, children: entries + DisplayTree.outline(of: self), displayStyle: .struct)
    }

    /// The lines `dump` writes: the node and its outline.
    public var playgroundDescription: Any { DisplayTree.dumped(self) }
}
