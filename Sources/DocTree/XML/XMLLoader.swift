/// Loads XML through libxml2.
package enum XMLLoader {
    package static func parse(_ bytes: [UInt8], encoding: String?, options: LoadOptions) throws(LoadError) -> Document {
        throw LoadError(.invalidSyntax, "XML loading is not implemented yet")
    }
}
