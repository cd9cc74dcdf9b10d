/// The parts of an HTTP `Content-Type` header that loading uses: the media
/// type, which can name the format, and the `charset` parameter, which names
/// the encoding (RFC 9110 §8.3).
///
/// ```swift
/// let type = ContentType("application/json; charset=EUC-KR")
/// let format = type?.format     // .json
/// let charset = type?.charset   // "EUC-KR"
/// ```
package struct ContentType: Equatable, Sendable {
    /// `type/subtype`, lower-cased, e.g. `application/atom+xml`.
    package var mediaType: String
    /// The `charset` parameter as written (unquoted), if there is one.
    package var charset: String?

    /// Parses a header value; `nil` when it has no `type/subtype`.
    package init?(_ header: String) {
        var parts = ContentType.splitParameters(header)
        guard !parts.isEmpty else { return nil }
        let mediaType = ContentType.trim(parts.removeFirst()).lowercased()
        let pieces = mediaType.split(separator: "/", omittingEmptySubsequences: false)
        guard pieces.count == 2, !pieces[0].isEmpty, !pieces[1].isEmpty,
            !mediaType.contains(where: { $0 == " " || $0 == "\t" })
        else { return nil }
        self.mediaType = mediaType
        self.charset = nil
        for parameter in parts {
            guard let equals = parameter.firstIndex(of: "=") else { continue }
            let name = ContentType.trim(parameter[..<equals]).lowercased()
            guard name == "charset" else { continue }
            let value = ContentType.unquote(ContentType.trim(parameter[parameter.index(after: equals)...]))
            if !value.isEmpty { self.charset = value }
        }
    }

    /// The format the media type names: JSON for `application/json`,
    /// `text/json` and any `+json` type; XML for `application/xml`,
    /// `text/xml` and any `+xml` type (`application/atom+xml`,
    /// `application/soap+xml` …); `nil` for anything else, so the content
    /// is sniffed.
    package var format: DocumentFormat? {
        switch mediaType {
        case "application/json", "text/json": return .json
        case "application/xml", "text/xml": return .xml
        default:
            if mediaType.hasSuffix("+json") { return .json }
            if mediaType.hasSuffix("+xml") { return .xml }
            return nil
        }
    }

    /// Splits at semicolons that are not inside a quoted string.
    private static func splitParameters(_ header: String) -> [Substring] {
        var parts: [Substring] = []
        var start = header.startIndex
        var index = header.startIndex
        var quoted = false
        while index < header.endIndex {
            let character = header[index]
            if quoted, character == "\\" {
                index = header.index(after: index)
                if index < header.endIndex { index = header.index(after: index) }
                continue
            }
            if character == "\"" { quoted.toggle() }
            if character == ";", !quoted {
                parts.append(header[start..<index])
                start = header.index(after: index)
            }
            index = header.index(after: index)
        }
        parts.append(header[start...])
        return parts
    }

    private static func trim(_ text: Substring) -> String {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }

    /// Removes the quotes and backslash escapes of a quoted string.
    private static func unquote(_ text: String) -> String {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return text }
        var result = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped {
                result.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
