extension Document: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible
{
    /// `Document(json, 1 234 nodes): object {statuses, search_metadata}`.
    public var description: String {
        "Document(\(format), \(nodeCount) nodes): \(root.description)"
    }

    /// The description plus the size of the text buffer and the name table.
    public var debugDescription: String {
        "Document(\(format), \(nodeCount) nodes, \(table.text.count) text bytes, \(table.names.strings.count - 1) names): \(root.description)"
    }

    /// The document's outline: the root's attributes and children with
    /// previews, level by level, at most 30 lines (a longer one ends with a
    /// note saying how much it left out). `dump`, the debugger's `po` and a
    /// playground show it below ``debugDescription``.
    public var customMirror: Mirror {
        Mirror(self, children: DisplayTree.outline(of: root), displayStyle: .class)
    }

    /// The lines `dump` writes: the document and its outline.
    public var playgroundDescription: Any { DisplayTree.dumped(self) }
}
