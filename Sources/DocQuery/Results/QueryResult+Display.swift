import DocTree

extension QueryResult: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible
{
    /// How many matches ``description`` and `dump` show before `… N more`.
    package static let printedMatchLimit = 10

    /// The matches, one `path: value` per line (at most
    /// `printedMatchLimit`), or the explanation when nothing matched. A
    /// key path's containers show as a preview (`object {id, name}`); a
    /// JMESPath result's values show whole, as JSON (`{"t":"Inbox","n":1}`).
    public var description: String {
        if matchedItems.isEmpty { return explanation?.description ?? "no match" }
        if let array = arrayNode, isEmpty { return "\(selectedPaths[0]): \(Preview.value(of: array))" }
        let shown = prefix(Self.printedMatchLimit).map { "\($0.path): \(printedValue(of: $0))" }
        let more = count - shown.count
        return (shown + (more > 0 ? ["… \(more) more"] : [])).joined(separator: "\n")
    }

    /// How many values matched: `QueryResult: 3 matches`, `QueryResult: no
    /// match`; the first line of `dump` and `po`, above the matches.
    public var debugDescription: String {
        if matchedItems.isEmpty { return "QueryResult: no match" }
        return "QueryResult: " + (count == 1 ? "1 match" : "\(count) matches")
    }

    /// Shows the first matches as `path: value` (then `… N more`), or why
    /// nothing matched, never the document's internals; `dump` writes each
    /// value once (text quoted once).
    public var customMirror: Mirror {
        var shown: [Mirror.Child] = prefix(Self.printedMatchLimit).map {
            (label: $0.path, value: DisplayTree(printedValue(of: $0)))
        }
        let more = count - shown.count
        if more > 0 { shown.append((label: nil, value: DisplayTree("… \(more) more"))) }
        if let explanation { shown.append((label: "explanation", value: DisplayTree(explanation.description))) }
        return Mirror(self, children: shown, displayStyle: .struct)
    }

    /// The lines `dump` writes: the matches, or why nothing matched.
    public var playgroundDescription: Any { DisplayTree.dumped(self) }

    /// A match's value as ``description`` shows it.
    private func printedValue(of match: Match) -> String {
        if showsValues, case .node(let node) = match.value, node.kind == .object || node.kind == .array {
            return node.jsonString(pretty: false)
        }
        return match.valueDescription
    }
}
