/// JSON text for the harnesses that build documents.
public enum JSONText {
    /// `string` as a JSON string literal (quotes, backslash and control
    /// characters escaped).
    public static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{00}"..."\u{1F}": out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
