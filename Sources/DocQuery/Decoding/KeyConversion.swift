extension NodeDecoder.KeyDecodingStrategy {
    /// The function that turns a name in the document into the key string
    /// it matches, or `nil` when names match keys as they are.
    func converter(at codingPath: @autoclosure () -> [any CodingKey]) -> ((String) -> String)? {
        switch self {
        case .useDefaultKeys:
            return nil
        case .convertFromSnakeCase:
            return KeyConversion.camelCase(fromSnakeCase:)
        case .custom(let transform):
            let base = codingPath()
            return { name in transform(base + [NameKey(name)]).stringValue }
        }
    }
}

/// Key conversions between camel case and snake case, for the decoder and the encoder.
enum KeyConversion {
    /// `sg_name` → `sgName`, `_private_id_` → `_privateId_`, `URL_path` →
    /// `urlPath`; names without an inner underscore come back unchanged.
    static func camelCase(fromSnakeCase name: String) -> String {
        guard let first = name.firstIndex(where: { $0 != "_" }) else { return name }
        let last = name.lastIndex(where: { $0 != "_" })!
        let core = name[first...last]
        guard core.contains("_") else { return name }
        var result = String(name[..<first])
        var isFirstWord = true
        for word in core.split(separator: "_") {
            if isFirstWord {
                result += word.lowercased()
                isFirstWord = false
            } else {
                result += word.prefix(1).uppercased() + word.dropFirst().lowercased()
            }
        }
        return result + name[name.index(after: last)...]
    }
}

extension KeyConversion {
    /// `sgName` → `sg_name`, `myURLPath` → `my_url_path`, `_privateId_` →
    /// `_private_id_`: a word starts at an uppercase letter that follows a
    /// lowercase letter or digit, and at the last capital of a run that a
    /// lowercase letter follows; every word is lowercased.
    static func snakeCase(fromCamelCase key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        guard let first = scalars.firstIndex(where: { $0 != "_" }) else { return key }
        let last = scalars.lastIndex(where: { $0 != "_" })!
        func isUpper(_ i: Int) -> Bool { scalars[i].properties.isUppercase }
        func isLowerOrDigit(_ i: Int) -> Bool { scalars[i].properties.isLowercase || ("0"..."9").contains(scalars[i]) }
        var result = String(String.UnicodeScalarView(scalars[..<first]))
        for i in first...last {
            if i > first, isUpper(i), scalars[i - 1] != "_",
                isLowerOrDigit(i - 1) || (isUpper(i - 1) && i < last && scalars[i + 1].properties.isLowercase)
            {
                result += "_"
            }
            result += String(scalars[i]).lowercased()
        }
        return result + String(String.UnicodeScalarView(scalars[(last + 1)...]))
    }
}
