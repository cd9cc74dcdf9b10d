import DocTree

extension DocumentEditor: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible
{
    /// The document's text as it stands, with every edit applied so far:
    /// what ``bytes`` would write.
    public var description: String { String(decoding: bytes, as: UTF8.self) }

    /// `DocumentEditor(json, 58 bytes)`.
    public var debugDescription: String { "DocumentEditor(\(document.format), \(bytes.count) bytes)" }

    /// Shows the text as it stands, one numbered line per part (at most 30,
    /// then how many more), never the editor's storage.
    public var customMirror: Mirror {
        var lines: [Mirror.Child] = []
        var count = 0
        for line in description.split(separator: "\n", omittingEmptySubsequences: false) {
            count += 1
            if lines.count < DisplayTree.outlineLines { lines.append((label: "\(count)", value: DisplayTree(String(line)))) }
        }
        if count > lines.count { lines.append((label: nil, value: DisplayTree("… \(count - lines.count) more lines"))) }
        return Mirror(self, children: lines, displayStyle: .struct)
    }

    /// The document's text as it stands.
    public var playgroundDescription: Any { description }

    /// The summary LLDB shows for a DocumentEditor in the REPL, Xcode's variable view
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
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
    ) = (
        1, 89, 24, 68, 111, 99, 81, 117, 101, 114, 121, 46, 68, 111, 99, 117, 109, 101, 110, 116, 69, 100, 105, 116,
        111, 114, 0, 9, 0, 61, 34, 59, 68, 111, 99, 117, 109, 101, 110, 116, 69, 100, 105, 116, 111, 114, 32, 40,
        112, 114, 105, 110, 116, 32, 115, 104, 111, 119, 115, 32, 105, 116, 115, 32, 116, 101, 120, 116, 44, 32,
        100, 117, 109, 112, 32, 111, 114, 32, 112, 111, 32, 105, 116, 115, 32, 108, 105, 110, 101, 115, 41
    )
}
