/// How many terminal columns text takes: East Asian wide characters (Hangul,
/// kana, CJK ideographs, full-width forms, most emoji) take two, combining
/// marks and zero-width characters none, everything else one.
///
/// Carets are placed by it (so they line up under a path with Korean keys),
/// and docq aligns its columns with it.
package enum DisplayWidth {
    /// The width of `text` in columns.
    package static func of<S: StringProtocol>(_ text: S) -> Int {
        var width = 0
        for scalar in text.unicodeScalars { width += of(scalar) }
        return width
    }

    /// The width of one character in columns.
    package static func of(_ character: Character) -> Int {
        var width = 0
        for scalar in character.unicodeScalars { width += of(scalar) }
        return width
    }

    /// The width of one scalar: 0, 1 or 2.
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0x200B { return 0 }
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// `text` padded with spaces to `width` columns.
    package static func padded(_ text: String, to width: Int) -> String {
        let missing = width - of(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }
}
