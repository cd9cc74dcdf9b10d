import DocTree
import Foundation

/// The round trips every loaded document must survive.
public enum RoundTrip {
    /// Writes a JSON document, loads the output, and expects the same text
    /// from the second write, compact and indented.
    public static func json(_ document: Document, options: LoadOptions = LoadOptions()) {
        let written = document.jsonString()
        let reloaded = load(written, format: .json, options: options, what: "JSON")
        require(reloaded.jsonString() == written, "JSON writes differ:\n\(written)\n\(reloaded.jsonString())")
        let pretty = document.jsonString(pretty: true)
        let fromPretty = load(pretty, format: .json, options: options, what: "indented JSON")
        require(fromPretty.jsonString() == written, "indented JSON reloads differently:\n\(pretty)")
    }

    /// Writes an XML document with the XML writer, loads the output, and
    /// expects the same text from the second write.
    public static func xml(_ document: Document, options: LoadOptions = LoadOptions()) {
        guard let written = document.xmlString() else {
            fatalError("an XML document has no XML text")
        }
        let reloaded = load(written, format: .xml, options: options, what: "XML")
        require(reloaded.xmlString() == written, "XML writes differ:\n\(written)\n\(reloaded.xmlString() ?? "nil")")
        // Its JSON view must be writable and loadable too.
        _ = load(document.jsonString(), format: .json, options: LoadOptions(), what: "XML's JSON view")
    }

    /// Loads text a writer produced; failing is a bug in the writer.
    private static func load(_ text: String, format: DocumentFormat, options: LoadOptions, what: String) -> Document {
        var options = options
        options.format = format
        options.encoding = nil
        do {
            return try Document(data: Data(text.utf8), options: options)
        } catch {
            fatalError("the \(what) writer's output does not load (\(error)):\n\(text)")
        }
    }

    /// Visits every node once (explicit stack), reading what each offers,
    /// so the accessors run on every shape the fuzzer builds.
    public static func touchEveryNode(_ document: Document) {
        var stack = [document.documentNode]
        var visited = 0
        while let node = stack.popLast() {
            visited += 1
            _ = node.kind
            _ = node.name
            _ = node.localName
            _ = node.prefix
            _ = node.namespaceURI
            _ = node.string
            _ = node.bool
            for attribute in node.attributes { _ = (attribute.name, attribute.string, attribute.namespaceURI) }
            stack.append(contentsOf: node.children)
        }
        require(visited <= document.nodeCount, "visited \(visited) nodes of \(document.nodeCount)")
    }
}
