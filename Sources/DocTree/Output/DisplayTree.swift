/// A value as `dump`, the debugger's `po` and a playground show it: one
/// line of text and, below it, labelled parts shown the same way.
///
/// The mirrors of the public types are made of these, so a display shows a
/// document's outline or a result's values, never the storage behind them,
/// and stays short: an outline stops at ``outlineLines`` lines with a note
/// saying how much it left out.
///
/// ## In LLDB
///
/// The REPL's result display, `p` and Xcode's variable view run no Swift
/// code: LLDB shows a value's stored properties, which for these types is
/// storage (a `Document`'s node table took some 185 lines). So each public
/// type also has one record of LLDB's embedded formatters in its module's
/// `lldbFormatters` (LLDBFormatters.swift), placed in the `.lldbformatters`
/// section (`__TEXT,__lldbformatters` on Apple platforms), which LLDB reads
/// when it loads the library. A record is ULEB128 version 1, the record's size, the type's name
/// (length, then the name and a NUL), flags 9 (cascade, hide children), then
/// one summary function (signature 0, length, formatter bytecode). The
/// bytecode either returns a constant that names `print`, `dump` and `po`,
/// or the summary of one stored `String` (`PathQuery`'s and `Edit`'s path).
/// `DisplayTests` rebuilds every record from its parts and compares bytes.
/// A record cannot show an outline or a result's values: those are worked
/// out from the node table, and formatter bytecode has no loops (nor, in
/// Swift 6.3's LLDB, memory reads); a summary that asks for the object
/// description (`${var%@}`) aborts the REPL with 6.3 on Linux. The Python
/// summaries in Tools/lldb/docquery_formatters.py, which a user imports,
/// can: they read the node table's memory and decode it themselves.
package struct DisplayTree: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The line shown for the value itself.
    package var text: String
    /// The labelled values shown below it (``DisplayTree``s, or any value
    /// whose own display is short).
    package var parts: [Mirror.Child]

    package init(_ text: String, parts: [Mirror.Child] = []) {
        self.text = text
        self.parts = parts
    }

    /// The most lines a display of one value takes.
    package static let lineLimit = 40
    /// The most lines an outline takes, leaving room for the lines around it.
    package static let outlineLines = 30

    package var description: String { text }
    /// The text as it is: `dump` and `po` write it without quoting it again.
    package var debugDescription: String { text }

    package var customMirror: Mirror {
        Mirror(self, children: parts, displayStyle: nil)
    }

    /// `value`'s `dump`, for a playground's display: the same lines a
    /// debugger shows.
    package static func dumped(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    /// The parts of `node` as an outline: its attributes and children, each
    /// with a preview, expanded breadth first (every key of a level before
    /// any key below it) until `lines` lines are used. Where the outline
    /// stops, a last part says how many it left out; an element holding only
    /// text, and a scalar, have no parts.
    package static func outline(of node: Node, lines: Int = outlineLines) -> [Mirror.Child] {
        let top = OutlineEntry(label: nil, node: node, text: "")
        var queue = [top]
        var next = 0
        var used = 0
        expanding: while next < queue.count {
            let entry = queue[next]
            next += 1
            guard let node = entry.node, expands(node) else { continue }
            var shown = 0
            for (label, child) in labelledParts(of: node) {
                guard used < lines else {
                    let left = node.attributes.count + node.children.count - shown
                    entry.children.append(OutlineEntry(label: nil, node: nil, text: "… \(left) more (the display stops at \(lines) lines)"))
                    break expanding
                }
                let part = OutlineEntry(label: label, node: child, text: Preview.value(of: child))
                entry.children.append(part)
                queue.append(part)
                used += 1
                shown += 1
            }
        }
        return top.tree.parts
    }

    /// Whether an outline shows what is inside `node`.
    private static func expands(_ node: Node) -> Bool {
        switch node.kind {
        case .document, .object, .array: true
        case .element: JSONWriter.standaloneText(of: node) == nil
        default: false
        }
    }

    /// A node's attributes (`@name`), then its children, labelled by name
    /// (an array's elements and unnamed XML content by position: `[2]`).
    private static func labelledParts(of node: Node) -> some Sequence<(String, Node)> {
        let attributes = node.attributes.lazy.map { ("@" + ($0.name ?? ""), $0) }
        let children = node.children.lazy.enumerated().map { offset, child in (child.name ?? "[\(offset)]", child) }
        return [AnySequence(attributes), AnySequence(children)].joined()
    }
}

/// One line of an outline while it is built breadth first.
private final class OutlineEntry {
    let label: String?
    let node: Node?
    let text: String
    var children: [OutlineEntry] = []

    init(label: String?, node: Node?, text: String) {
        self.label = label
        self.node = node
        self.text = text
    }

    var tree: DisplayTree {
        DisplayTree(text, parts: children.map { (label: $0.label, value: $0.tree as Any) })
    }
}
