/// The synthetic keys of the tree: names that reach a node's structure
/// rather than a member, attribute or child element. Declared once here;
/// the path language, the JSON mapping of XML and the CLI all use these.
///
/// Only these exact spellings are reserved. A real key that happens to be
/// spelled the same way is still reachable by quoting it in a path
/// (`"_contents"`).
public enum ReservedKey {
    /// The ordered children: XML child elements in document order, JSON
    /// member values in order, or a JSON array's elements.
    public static let contents = "_contents"
    /// An element's own character data (CDATA included, entities decoded),
    /// or a scalar's text.
    public static let string = "_string"
    /// An element's name, or a JSON member's key.
    public static let elementName = "_elementName"
    /// An element's attributes as key/value pairs.
    public static let attributes = "_attributes"
    /// All descendant text in document order (XPath's string value).
    public static let text = "_text"

    /// Every reserved key.
    public static let all: [String] = [contents, string, elementName, attributes, text]
}
