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
