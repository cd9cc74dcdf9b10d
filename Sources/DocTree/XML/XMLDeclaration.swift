/// Reads the encoding an XML declaration names, for a load that must
/// transcode the input itself before libxml2 sees it (editing counts
/// offsets in UTF-8 bytes, so libxml2 must not convert).
enum XMLDeclaration {
    /// The `encoding` of the declaration `bytes` start with, or `nil` when
    /// they start with none or it names none. Only ASCII-compatible input
    /// is read (UTF-16 is known by its byte order mark or zero bytes).
    static func encodingLabel(in bytes: [UInt8]) -> String? {
        guard bytes.starts(with: "<?xml".utf8) else { return nil }
        let head = bytes.prefix(512)
        guard let close = head.indices.first(where: { $0 + 1 < head.endIndex && head[$0] == UInt8(ascii: "?") && head[$0 + 1] == UInt8(ascii: ">") })
        else { return nil }
        let declaration = Array(head[..<close])
        let key = Array("encoding".utf8)
        guard var i = (0...(max(declaration.count - key.count, 0))).first(where: { declaration[$0...].starts(with: key) })
        else { return nil }
        i += key.count
        func skipSpace() { while i < declaration.count, [0x20, 0x09, 0x0A, 0x0D].contains(declaration[i]) { i += 1 } }
        skipSpace()
        guard i < declaration.count, declaration[i] == UInt8(ascii: "=") else { return nil }
        i += 1
        skipSpace()
        guard i < declaration.count, declaration[i] == UInt8(ascii: "\"") || declaration[i] == UInt8(ascii: "'") else { return nil }
        let quote = declaration[i]
        guard let end = declaration[(i + 1)...].firstIndex(of: quote) else { return nil }
        return String(decoding: declaration[(i + 1)..<end], as: UTF8.self)
    }
}
