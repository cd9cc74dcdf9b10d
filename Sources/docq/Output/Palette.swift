import DocQuery

/// The colours of values and keys on a terminal: jq 1.7's defaults (its
/// `JQ_COLORS`), so a value looks as it does in `jq`'s output.
///
/// | what | SGR |
/// | --- | --- |
/// | `null` | `1;30` |
/// | `false`, `true`, numbers | `0;39` |
/// | strings (and XML text) | `0;32` |
/// | brackets, braces, `,` and `:` | `1;39` |
/// | object keys | `34;1` |
///
/// Only used when colour is on (``QueryOptions/colors``): with it off the
/// printers never reach this type, so plain output costs nothing more.
enum Palette {
    enum Role {
        case null, scalar, string, punctuation, key

        /// The SGR parameters of the role.
        var code: [UInt8] {
            switch self {
            case .null: Array("1;30".utf8)
            case .scalar: Array("0;39".utf8)
            case .string: Array("0;32".utf8)
            case .punctuation: Array("1;39".utf8)
            case .key: Array("34;1".utf8)
            }
        }
    }

    private static let escape: UInt8 = 0x1B
    static let reset: [UInt8] = [0x1B, 0x5B, 0x30, 0x6D]

    /// `ESC [ code m`.
    static func start(_ role: Role) -> [UInt8] { [escape, 0x5B] + role.code + [0x6D] }

    /// `bytes` in `role`'s colour, then a reset.
    static func painted(_ bytes: some Collection<UInt8>, _ role: Role) -> [UInt8] {
        start(role) + bytes + reset
    }

    /// The role of a value printed on a line as its text (not as JSON).
    static func role(of match: Match) -> Role {
        switch match.value {
        case .string: return .string
        case .number: return .scalar
        case .node(let node):
            switch node.kind {
            case .null: return .null
            case .number, .true, .false: return .scalar
            default: return .string
            }
        }
    }

    /// Well-formed JSON text (as DocTree's writer writes it) with colour:
    /// each token in its role's colour, a colour change only where the role
    /// changes, and a reset at the end. White space is copied as it is.
    static func paintedJSON(_ json: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(json.count * 2)
        var current: Role?
        func switchTo(_ role: Role) {
            guard role != current else { return }
            out += start(role)
            current = role
        }
        // Whether each open container is an object, and whether a string
        // there is a key.
        var objects: [Bool] = []
        var expectsKey = false
        var k = 0
        while k < json.count {
            let byte = json[k]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                switchTo(.punctuation)
                out.append(byte)
                objects.append(byte == UInt8(ascii: "{"))
                expectsKey = byte == UInt8(ascii: "{")
                k += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                switchTo(.punctuation)
                out.append(byte)
                objects.removeLast()
                expectsKey = false
                k += 1
            case UInt8(ascii: ","):
                switchTo(.punctuation)
                out.append(byte)
                expectsKey = objects.last == true
                k += 1
            case UInt8(ascii: ":"):
                switchTo(.punctuation)
                out.append(byte)
                expectsKey = false
                k += 1
            case 0x20, 0x0A, 0x09, 0x0D:
                out.append(byte)
                k += 1
            case UInt8(ascii: "\""):
                switchTo(expectsKey ? .key : .string)
                var end = k + 1
                while end < json.count, json[end] != UInt8(ascii: "\"") {
                    end += json[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                end = min(end + 1, json.count)
                out += json[k..<end]
                k = end
            default:
                var end = k + 1
                while end < json.count, !Self.endsScalar(json[end]) { end += 1 }
                switchTo(byte == UInt8(ascii: "n") ? .null : .scalar)
                out += json[k..<end]
                k = end
            }
        }
        guard current != nil else { return out }
        // The reset goes before a closing line break, so the line ends clean.
        let end = out.lastIndex(where: { $0 != 0x0A }).map { $0 + 1 } ?? out.count
        out.insert(contentsOf: reset, at: end)
        return out
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"), 0x20, 0x0A, 0x09, 0x0D: true
        default: false
        }
    }
}
