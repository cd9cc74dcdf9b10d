import DocTree

extension EditValue: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    /// The value as compact JSON: `{"name":"new","tags":["a","b"]}`.
    public var description: String { Self.json(content) }

    /// Shows the value as JSON and, for an array or object, its elements or
    /// members one per line (at most 30, each cut at 80 characters).
    public var customMirror: Mirror {
        let items: [(label: String, content: Content)]
        switch content {
        case .array(let elements): items = elements.enumerated().map { ("[\($0.offset)]", $0.element) }
        case .object(let members): items = members.map { ($0.key, $0.value) }
        default: items = []
        }
        var parts: [Mirror.Child] = items.prefix(DisplayTree.outlineLines).map { item in
            let text = Self.json(item.content)
            return (label: item.label, value: DisplayTree(text.count > 80 ? text.prefix(80) + "…" : text))
        }
        if items.count > parts.count {
            parts.append((label: nil, value: DisplayTree("… \(items.count - parts.count) more")))
        }
        return Mirror(self, children: parts, displayStyle: .struct)
    }

    /// The value as compact JSON.
    public var playgroundDescription: Any { description }

    private static func json(_ content: Content) -> String {
        JSONLayout(unit: nil, colon: ":").render(content, indent: "", pretty: false)
    }

    /// The summary LLDB shows for an EditValue in the REPL, Xcode's variable view
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
        1, 71, 19, 68, 111, 99, 81, 117, 101, 114, 121, 46, 69, 100, 105, 116, 86, 97, 108, 117, 101, 0, 9, 0, 48,
        34, 46, 69, 100, 105, 116, 86, 97, 108, 117, 101, 32, 40, 112, 114, 105, 110, 116, 44, 32, 100, 117, 109,
        112, 32, 111, 114, 32, 112, 111, 32, 115, 104, 111, 119, 115, 32, 105, 116, 32, 97, 115, 32, 74, 83, 79, 78,
        41
    )
}
