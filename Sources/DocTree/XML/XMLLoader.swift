/// Loads XML through libxml2's SAX2 interface into a ``Document``.
///
/// The parse itself happens in ``LibXML2``; this type is the entry point
/// ``Document`` uses, plus the pure-Swift helpers that turn libxml2's
/// line and column into a located ``LoadError``.
package enum XMLLoader {
    /// Parses an XML document.
    ///
    /// - Parameters:
    ///   - bytes: the input. With `encoding` `nil` these are the raw bytes and
    ///     libxml2 detects the encoding (BOM, XML declaration, else UTF-8).
    ///   - encoding: an encoding to force, overriding the BOM and the XML
    ///     declaration: `"UTF-8"` when the input was transcoded already, or an
    ///     IANA name the caller gave.
    ///   - options: depth and entity limits, and whether comments and
    ///     processing instructions are kept.
    /// - Throws: ``LoadError`` with the line and column libxml2 reports.
    package static func parse(_ bytes: [UInt8], encoding: String?, options: LoadOptions) throws(LoadError) -> Document {
        try bytes.withUnsafeBufferPointer { buffer throws(LoadError) in
            try parse(buffer, encoding: encoding, options: options)
        }
    }

    /// Parses an XML document from bytes that stay where they are (libxml2
    /// copies what it reads); as ``parse(_:encoding:options:)-([UInt8],_,_)``.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, encoding: String?, options: LoadOptions) throws(LoadError) -> Document {
        try LibXML2.parse(bytes, encoding: encoding, options: options)
    }

    /// The error of an element nested deeper than ``LoadOptions/maxDepth``
    /// (`maxDepth`): one message for every way XML is read and edited.
    static func nestingTooDeep(_ maxDepth: Int) -> LoadError {
        LoadError(.nestingTooDeep, "elements are nested deeper than \(maxDepth) levels (see LoadOptions.maxDepth)")
    }

    /// Finds the byte offset and the text of `line`:`column` in `input`.
    ///
    /// libxml2 reports lines and columns, not offsets; this walks the input
    /// once to find them. UTF-16 input (by BOM or zero-byte pattern) is
    /// walked in 16-bit units; anything else is read as UTF-8, which is
    /// exact for ASCII-compatible encodings' line breaks and a close guess
    /// for their columns. A line past the end of the input (an error inside
    /// an entity's replacement text) gets no snippet.
    package static func locate(line: Int, column: Int, in input: UnsafeBufferPointer<UInt8>)
        -> (location: SourceLocation, snippet: String?)
    {
        let layout = UnitLayout(input)
        let unitCount = input.count / layout.width
        var unit = layout.start
        var currentLine = 1
        while currentLine < line, unit < unitCount {
            let value = layout.read(input, unit)
            unit += 1
            if value == 0x0A {
                currentLine += 1
            } else if value == 0x0D {
                if unit < unitCount, layout.read(input, unit) == 0x0A { unit += 1 }
                currentLine += 1
            }
        }
        guard currentLine == line else {
            return (SourceLocation(byteOffset: input.count, line: line, column: column), nil)
        }
        let lineStart = unit
        var lineEnd = lineStart
        while lineEnd < unitCount, layout.read(input, lineEnd) != 0x0A, layout.read(input, lineEnd) != 0x0D {
            lineEnd += 1
        }
        // Step over column - 1 characters (continuation units do not count).
        var position = lineStart
        var characters = 1
        while position < lineEnd, characters < column {
            position += 1
            while position < lineEnd, layout.isContinuation(layout.read(input, position)) { position += 1 }
            characters += 1
        }
        let location = SourceLocation(byteOffset: position * layout.width, line: line, column: column)
        let snippet: String
        if layout.width == 1 {
            snippet = SourceLocation.snippet(at: position, in: input, limit: 120)
        } else {
            var units: [UInt16] = []
            units.reserveCapacity(min(lineEnd - lineStart, 120))
            for k in lineStart..<min(lineEnd, lineStart + 120) { units.append(layout.read(input, k)) }
            snippet = String(decoding: units, as: UTF16.self)
        }
        return (location, snippet)
    }

    /// A libxml2 message as one trimmed line (some span two, such as
    /// "Input is not proper UTF-8 …" followed by the offending bytes).
    package static func oneLine(_ message: String) -> String {
        message.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map { $0.trimmingXMLWhitespace() }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// How to read the input in code units when locating an error.
    private struct UnitLayout {
        /// 1 (UTF-8 and other ASCII-compatible encodings) or 2 (UTF-16).
        let width: Int
        let bigEndian: Bool
        /// The first unit after a byte order mark.
        let start: Int

        init(_ input: UnsafeBufferPointer<UInt8>) {
            let b0 = input.count > 0 ? input[0] : 1
            let b1 = input.count > 1 ? input[1] : 1
            switch (b0, b1) {
            case (0xFE, 0xFF): (width, bigEndian, start) = (2, true, 1)
            case (0xFF, 0xFE): (width, bigEndian, start) = (2, false, 1)
            case (0x00, let b) where b != 0x00: (width, bigEndian, start) = (2, true, 0)
            case (let b, 0x00) where b != 0x00: (width, bigEndian, start) = (2, false, 0)
            default: (width, bigEndian, start) = (1, false, 0)
            }
        }

        @inline(__always)
        func read(_ input: UnsafeBufferPointer<UInt8>, _ unit: Int) -> UInt16 {
            if width == 1 { return UInt16(input[unit]) }
            let hi = UInt16(input[2 * unit + (bigEndian ? 0 : 1)])
            let lo = UInt16(input[2 * unit + (bigEndian ? 1 : 0)])
            return hi << 8 | lo
        }

        @inline(__always)
        func isContinuation(_ value: UInt16) -> Bool {
            width == 1 ? value & 0xC0 == 0x80 : (0xDC00...0xDFFF).contains(value)
        }
    }
}
