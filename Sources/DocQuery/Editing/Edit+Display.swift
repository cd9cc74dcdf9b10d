import DocTree

extension Edit: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    /// The edit as a sentence: `set lists.list[0].name to "Chores"`,
    /// `insert "x" into tags at 0`, `insert "name": "a" before b`,
    /// `remove draft`, `rename userId to owner`, then the bound parameters
    /// (`where $id = 7`).
    public var description: String {
        let sentence: String
        switch operation {
        case .set(let value):
            sentence = "set \(path) to \(value)"
        case .insert(let value, let key, let place):
            let item = (key.map { JSONWriter.quoted($0) + ": " } ?? "") + value.description
            switch place {
            case .into(let index): sentence = "insert \(item) into \(path)" + (index.map { " at \($0)" } ?? "")
            case .before: sentence = "insert \(item) before \(path)"
            case .after: sentence = "insert \(item) after \(path)"
            }
        case .remove:
            sentence = "remove \(path)"
        case .rename(let name):
            sentence = "rename \(path) to \(name)"
        }
        let bound = parameters.keys.sorted().map { "$\($0) = \(parameters[$0]!.map { "\($0)" } ?? "nil")" }
        return bound.isEmpty ? sentence : sentence + " where " + bound.joined(separator: ", ")
    }

    /// Shows the edit as a sentence, never its compiled path.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// The edit as a sentence.
    public var playgroundDescription: Any { description }
}
