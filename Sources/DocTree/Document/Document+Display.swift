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

    /// The summary LLDB shows for a Document in the REPL, Xcode's variable view
    /// and `p`, its storage hidden: a record of LLDB's embedded formatters (see
    /// DisplayTree.swift; DisplayTests checks the bytes).
    #if os(Linux)
    @section(".lldbformatters")
    #elseif canImport(Darwin)
    @section("__TEXT,__lldbformatters")
    #endif
    @used
    static let lldbFormatter: (
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8
    ) = (
        1, 69, 17, 68, 111, 99, 84, 114, 101, 101, 46, 68, 111, 99, 117, 109, 101, 110, 116, 0, 9, 0, 48, 34, 46,
        68, 111, 99, 117, 109, 101, 110, 116, 32, 40, 112, 114, 105, 110, 116, 44, 32, 100, 117, 109, 112, 32, 111,
        114, 32, 112, 111, 32, 115, 104, 111, 119, 115, 32, 105, 116, 115, 32, 111, 117, 116, 108, 105, 110, 101, 41
    )
}
