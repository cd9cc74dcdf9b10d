/// The strict RFC 8259 JSON parser.
package enum JSONScanner {
    package static func parse(_ bytes: [UInt8], options: LoadOptions) throws(LoadError) -> Document {
        throw LoadError(.invalidSyntax, "JSON loading is not implemented yet")
    }
}
