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

    /// The summary LLDB shows for a Node in the REPL, Xcode's variable view
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
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
    ) = (
        1, 68, 13, 68, 111, 99, 84, 114, 101, 101, 46, 78, 111, 100, 101, 0, 9, 0, 51, 34, 49, 78, 111, 100, 101,
        32, 40, 112, 114, 105, 110, 116, 44, 32, 100, 117, 109, 112, 32, 111, 114, 32, 112, 111, 32, 115, 104, 111,
        119, 115, 32, 105, 116, 32, 97, 110, 100, 32, 105, 116, 115, 32, 111, 117, 116, 108, 105, 110, 101, 41
    )
}
