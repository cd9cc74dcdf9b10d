/// The synthetic keys of the tree: names that reach a node's structure
/// rather than a member, attribute or child element. Declared once here;
/// the path language, the JSON mapping of XML and the CLI all use these.
///
/// Only these exact spellings are reserved. A real key that happens to be
/// spelled the same way is still reachable by quoting it in a path
/// (`"_contents"`).
///
/// Package-internal: the one public spelling is DocQuery's `ReservedName`,
/// whose raw values are these constants.
package enum ReservedKey {
    /// The ordered children: XML child elements in document order, JSON
    /// member values in order, or a JSON array's elements.
    package static let contents = "_contents"
    /// An element's own character data (CDATA included, entities decoded),
    /// or a scalar's text.
    package static let string = "_string"
    /// An element's name, or a JSON member's key.
    package static let elementName = "_elementName"
    /// An element's attributes as key/value pairs.
    package static let attributes = "_attributes"
    /// All descendant text in document order (XPath's string value).
    package static let text = "_text"

    /// Every reserved key.
    package static let all: [String] = [contents, string, elementName, attributes, text]
}
