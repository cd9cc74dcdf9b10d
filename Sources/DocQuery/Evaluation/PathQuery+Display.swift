import DocTree

extension PathQuery: CustomDebugStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    /// `PathQuery("lists.list[0].name")`: the path as written, quoted.
    public var debugDescription: String { "PathQuery(\(JSONWriter.quoted(description)))" }

    /// Shows the path as written, never the compiled steps.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// The path as written.
    public var playgroundDescription: Any { description }
}
