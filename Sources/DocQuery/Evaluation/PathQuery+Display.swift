import DocTree

extension PathQuery: CustomDebugStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    /// `PathQuery("lists.list[0].name")`: the path as written, quoted.
    public var debugDescription: String { "PathQuery(\(JSONWriter.quoted(description)))" }

    /// Shows the path as written, never the compiled steps.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// The path as written.
    public var playgroundDescription: Any { description }

    /// The summary LLDB shows for a PathQuery in the REPL, Xcode's variable view
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
        UInt8, UInt8
    ) = (
        1, 42, 19, 68, 111, 99, 81, 117, 101, 114, 121, 46, 80, 97, 116, 104, 81, 117, 101, 114, 121, 0, 9, 0, 19,
        34, 11, 100, 101, 115, 99, 114, 105, 112, 116, 105, 111, 110, 35, 18, 96, 35, 0, 96
    )
}
