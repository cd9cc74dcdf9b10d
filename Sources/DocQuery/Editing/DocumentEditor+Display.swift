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
}
