import DocTree

extension Match: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    /// `path: value`, the value as the document holds it: text quoted, an
    /// element with only text as that text, containers as a short preview.
    public var description: String {
        "\(path): \(valueDescription)"
    }

    /// The value part of ``description``.
    var valueDescription: String {
        switch value {
        case .node(let node): Preview.value(of: node)
        case .string(let text): Syntax.quoted(text)
        case .number(let text): text
        }
    }

    /// Shows the path and the value (a container with its outline below
    /// it), never the document's internals; `dump` writes the value once
    /// (text quoted once).
    public var customMirror: Mirror {
        let outline = node.map { DisplayTree.outline(of: $0) } ?? []
        return Mirror(self, children: ["path": path, "value": DisplayTree(valueDescription, parts: outline)], displayStyle: .struct)
    }

    /// The lines `dump` writes: the path, the value and its outline.
    public var playgroundDescription: Any { DisplayTree.dumped(self) }

    /// The summary LLDB shows for a Match in the REPL, Xcode's variable view
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
        UInt8, UInt8, UInt8
    ) = (
        1, 71, 15, 68, 111, 99, 81, 117, 101, 114, 121, 46, 77, 97, 116, 99, 104, 0, 9, 0, 52, 34, 50, 77, 97, 116,
        99, 104, 32, 40, 112, 114, 105, 110, 116, 44, 32, 100, 117, 109, 112, 32, 111, 114, 32, 112, 111, 32, 115,
        104, 111, 119, 115, 32, 105, 116, 115, 32, 112, 97, 116, 104, 32, 97, 110, 100, 32, 118, 97, 108, 117, 101,
        41
    )
}
