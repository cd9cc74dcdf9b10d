import Foundation
import Testing
@testable import DocTree

/// Loads XML text the way callers do, with the format given so the
/// input sniffing does not matter.
func loadXML(_ text: String, _ options: LoadOptions = LoadOptions(format: .xml)) throws(LoadError) -> Document {
    try Document(data: Data(text.utf8), options: options)
}

/// Loads XML bytes with the format given.
func loadXML(bytes: [UInt8], _ options: LoadOptions = LoadOptions(format: .xml)) throws(LoadError) -> Document {
    try Document(data: Data(bytes), options: options)
}

/// The error loading `text` throws, or `nil` (recorded as an issue) when it loads.
func loadError(
    _ text: String, _ options: LoadOptions = LoadOptions(format: .xml),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> LoadError? {
    do {
        _ = try loadXML(text, options)
        Issue.record("loaded, expected an error", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

extension Node {
    /// The first child element or attribute named `name` (test shorthand).
    func xmlFirst(_ name: String) -> Node? { children(named: name).first }

    /// The kinds of the children, for shape assertions.
    var xmlChildKinds: [Kind] { children.map(\.kind) }
}
