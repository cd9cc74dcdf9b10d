#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Converts text in any encoding the platform's iconv knows into UTF-8.
///
/// This is the one file that calls iconv. A conversion opens its own
/// descriptor and closes it before returning, so loads on different threads
/// share nothing. The input is never decoded leniently: the first byte
/// sequence that is not valid in the encoding (an unpaired UTF-16 surrogate,
/// a UTF-32 value past U+10FFFF, a byte EUC-KR does not define …) ends the
/// conversion with a ``LoadError`` that names its byte offset.
package enum Transcoder {
    /// The size of the scratch buffer iconv writes into.
    private static let chunkSize = 64 * 1024

    /// Converts `input`, in `encoding`, to UTF-8.
    ///
    /// - Throws: ``LoadError/Kind-swift.struct/unsupportedEncoding`` when
    ///   iconv does not know the encoding;
    ///   ``LoadError/Kind-swift.struct/invalidEncoding`` when the input is
    ///   not valid in it, located at the offending byte (line and column are
    ///   counted in the text decoded so far).
    package static func utf8(from input: UnsafeBufferPointer<UInt8>, encoding: CharacterEncoding) throws(LoadError) -> [UInt8] {
        let descriptor = iconv_open("UTF-8", encoding.iconvName)
        if unsafeBitCast(descriptor, to: Int.self) == -1 {
            let code = errno
            if code == EINVAL {
                throw LoadError(.unsupportedEncoding, "unknown encoding '\(encoding.label)'")
            }
            throw LoadError(.unsupportedEncoding, "cannot decode '\(encoding.label)': \(describe(errno: code))")
        }
        defer { _ = iconv_close(descriptor) }

        var output: [UInt8] = []
        guard let base = input.baseAddress, input.count > 0 else { return output }
        output.reserveCapacity(estimatedSize(of: input.count, from: encoding.scheme))

        let chunk = UnsafeMutablePointer<CChar>.allocate(capacity: chunkSize)
        defer { chunk.deallocate() }
        func flush(_ end: UnsafeMutablePointer<CChar>?) {
            let produced = (end ?? chunk) - chunk
            chunk.withMemoryRebound(to: UInt8.self, capacity: produced) { bytes in
                output.append(contentsOf: UnsafeBufferPointer(start: bytes, count: produced))
            }
        }

        var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(mutating: base)
            .assumingMemoryBound(to: CChar.self)
        var inLeft = input.count
        while true {
            var outPointer: UnsafeMutablePointer<CChar>? = chunk
            var outLeft = chunkSize
            let result = iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
            let code = errno
            flush(outPointer)
            if result != -1 { break }
            switch code {
            case E2BIG:
                continue
            case EILSEQ:
                throw failure(at: input.count - inLeft, in: input, encoding: encoding, output: output, truncated: false)
            case EINVAL:
                throw failure(at: input.count - inLeft, in: input, encoding: encoding, output: output, truncated: true)
            default:
                throw LoadError(.invalidEncoding, "cannot decode \(encoding.label): \(describe(errno: code))")
            }
        }
        // Let a stateful encoding (ISO-2022-JP …) return to its initial state.
        while true {
            var outPointer: UnsafeMutablePointer<CChar>? = chunk
            var outLeft = chunkSize
            let result = iconv(descriptor, nil, nil, &outPointer, &outLeft)
            let code = errno
            flush(outPointer)
            if result != -1 || code != E2BIG { break }
        }
        // The text becomes the document's buffer; give back the slack of
        // a generous estimate or of the array's doubling growth.
        if output.capacity - output.count > output.count / 8 {
            output = output.withUnsafeBufferPointer { Array($0) }
        }
        return output
    }

    /// Converts UTF-8 `text` into `encoding`, the way back for edits of a
    /// document that came in it. A character the encoding cannot hold is
    /// written as `escape` gives it (a character reference in XML, a `\u`
    /// escape in JSON), itself converted.
    ///
    /// - Throws: ``LoadError/Kind-swift.struct/unsupportedEncoding`` when
    ///   iconv does not know the encoding.
    package static func encode(
        _ text: [UInt8], to encoding: CharacterEncoding, escape: (Unicode.Scalar) -> String
    ) throws(LoadError) -> [UInt8] {
        let descriptor = iconv_open(encoding.iconvName, "UTF-8")
        if unsafeBitCast(descriptor, to: Int.self) == -1 {
            throw LoadError(.unsupportedEncoding, "cannot encode '\(encoding.label)': \(describe(errno: errno))")
        }
        defer { _ = iconv_close(descriptor) }
        var output: [UInt8] = []
        guard !text.isEmpty else { return output }
        let chunk = UnsafeMutablePointer<CChar>.allocate(capacity: chunkSize)
        defer { chunk.deallocate() }
        var failure: LoadError?
        text.withUnsafeBufferPointer { input in
            var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(mutating: input.baseAddress!)
                .assumingMemoryBound(to: CChar.self)
            var inLeft = input.count
            while true {
                var outPointer: UnsafeMutablePointer<CChar>? = chunk
                var outLeft = chunkSize
                let result = iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
                let code = errno
                chunk.withMemoryRebound(to: UInt8.self, capacity: chunkSize) {
                    output.append(contentsOf: UnsafeBufferPointer(start: $0, count: chunkSize - outLeft))
                }
                if result != -1 { break }
                if code == E2BIG { continue }
                // A character the encoding lacks: its escape instead.
                let offset = input.count - inLeft
                let length = max(1, UTF8Validation.sequenceLength(at: offset, in: input))
                guard code == EILSEQ, inLeft >= length,
                    let scalar = String(decoding: input[offset..<(offset + length)], as: UTF8.self).unicodeScalars.first
                else {
                    failure = LoadError(.invalidEncoding, "cannot encode as \(encoding.label): \(describe(errno: code))")
                    return
                }
                let replacement = Array(escape(scalar).utf8)
                do throws(LoadError) {
                    output += try encode(replacement, to: encoding) { _ in "?" }
                } catch {
                    failure = error
                    return
                }
                inPointer = inPointer.map { $0 + length }
                inLeft -= length
            }
            var outPointer: UnsafeMutablePointer<CChar>? = chunk
            var outLeft = chunkSize
            _ = iconv(descriptor, nil, nil, &outPointer, &outLeft)
            chunk.withMemoryRebound(to: UInt8.self, capacity: chunkSize) {
                output.append(contentsOf: UnsafeBufferPointer(start: $0, count: chunkSize - outLeft))
            }
        }
        if let failure { throw failure }
        return output
    }

    /// A first guess at the UTF-8 size of `count` bytes, right for text that
    /// is mostly ASCII (the markup and keys of JSON and XML are).
    private static func estimatedSize(of count: Int, from scheme: CharacterEncoding.Scheme) -> Int {
        switch scheme {
        case .utf16: count / 2 + count / 4 + 16
        case .utf32: count / 4 + count / 8 + 16
        default: count + count / 4 + 16
        }
    }

    /// The error for an ill-formed sequence at `offset`.
    private static func failure(
        at offset: Int, in input: UnsafeBufferPointer<UInt8>, encoding: CharacterEncoding,
        output: [UInt8], truncated: Bool
    ) -> LoadError {
        let hex = InputDecoding.hex(input[offset..<min(offset + 4, input.count)])
        let message: String
        if truncated {
            message = "the input ends inside a \(encoding.label) character at byte offset \(offset) (\(hex))"
        } else if let detail = unicodeDetail(at: offset, in: input, scheme: encoding.scheme) {
            message = "\(detail) at byte offset \(offset) (\(hex))"
        } else {
            message = "bytes not valid in \(encoding.label) at byte offset \(offset) (\(hex))"
        }
        return output.withUnsafeBufferPointer { decoded in
            var location = SourceLocation(offset: decoded.count, in: decoded)
            location.byteOffset = offset
            let snippet = SourceLocation.snippet(at: decoded.count, in: decoded)
            return LoadError(.invalidEncoding, message, location: location, snippet: snippet)
        }
    }

    /// Names the problem with a UTF-16 or UTF-32 code unit, when it is one.
    private static func unicodeDetail(at offset: Int, in input: UnsafeBufferPointer<UInt8>, scheme: CharacterEncoding.Scheme) -> String? {
        func unit(_ width: Int, little: Bool) -> UInt32? {
            guard offset + width <= input.count else { return nil }
            var value: UInt32 = 0
            for k in 0..<width {
                let byte = UInt32(input[offset + (little ? width - 1 - k : k)])
                value = value << 8 | byte
            }
            return value
        }
        switch scheme {
        case .utf16(let order):
            guard let value = unit(2, little: order == .little), (0xD800...0xDFFF).contains(value) else { return nil }
            return "unpaired UTF-16 surrogate U+\(hexScalar(value))"
        case .utf32(let order):
            guard let value = unit(4, little: order == .little) else { return nil }
            if (0xD800...0xDFFF).contains(value) { return "UTF-32 surrogate U+\(hexScalar(value)) is not a character" }
            if value > 0x10FFFF { return "UTF-32 value 0x\(hexScalar(value)) is past U+10FFFF" }
            return nil
        default:
            return nil
        }
    }

    private static func hexScalar(_ value: UInt32) -> String { Hex.padded(value, digits: 4) }

    private static func describe(errno code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

/// Converts input that arrives in chunks into UTF-8, for a streamed edit of
/// a document in another encoding: like ``Transcoder/utf8(from:encoding:)``,
/// but a character cut by the end of a chunk waits for the next one, and
/// each chunk's text is checked to convert back to the same bytes (as an
/// in-memory edit checks the whole document), so that the edited output,
/// converted back piece by piece, keeps every byte outside the edits.
package final class ChunkDecoder {
    package let encoding: CharacterEncoding
    private let descriptor: iconv_t
    /// Bytes of a character the last chunk ended inside.
    private var carried: [UInt8] = []
    /// Input bytes converted so far (for error offsets).
    private var consumed = 0

    /// - Throws: ``LoadError/Kind-swift.struct/unsupportedEncoding`` when
    ///   iconv does not know the encoding.
    package init(_ encoding: CharacterEncoding) throws(LoadError) {
        self.encoding = encoding
        descriptor = iconv_open("UTF-8", encoding.iconvName)
        if Int(bitPattern: descriptor) == -1 {
            throw LoadError(.unsupportedEncoding, "unknown encoding '\(encoding.label)'")
        }
    }

    deinit { _ = iconv_close(descriptor) }

    /// The UTF-8 of `chunk` (after what the previous one left); at the end
    /// (`isLast`), a character left unfinished is an error.
    ///
    /// - Throws: ``LoadError/Kind-swift.struct/invalidEncoding`` for bytes
    ///   not valid in the encoding, and ``LoadError/Kind-swift.struct/notEditable``
    ///   for text that does not convert back to the same bytes.
    package func decode(_ chunk: [UInt8], isLast: Bool) throws(LoadError) -> [UInt8] {
        let input = carried + chunk
        carried = []
        var output = [UInt8](repeating: 0, count: input.count * 4 + 16)
        var inLeft = input.count
        var outLeft = output.count
        let (result, code) = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                var inPointer: UnsafeMutablePointer<CChar>? = source.baseAddress.map {
                    UnsafeMutableRawPointer(mutating: $0).assumingMemoryBound(to: CChar.self)
                }
                var outPointer: UnsafeMutablePointer<CChar>? = target.baseAddress.map {
                    UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self)
                }
                let result = iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
                return (result, errno)
            }
        }
        output.removeLast(outLeft)
        let used = input.count - inLeft
        if result == -1 {
            if code == EINVAL && !isLast {
                carried = Array(input[used...])
            } else {
                let offset = consumed + used
                let hex = InputDecoding.hex(input[used..<min(used + 4, input.count)])
                throw LoadError(
                    .invalidEncoding,
                    code == EINVAL
                        ? "the input ends inside a \(encoding.label) character at byte offset \(offset) (\(hex))"
                        : "bytes not valid in \(encoding.label) at byte offset \(offset) (\(hex))")
            }
        }
        let back = try Transcoder.encode(output, to: encoding) { _ in "\u{FFFD}" }
        guard back.elementsEqual(input[..<used]) else {
            throw LoadError(
                .notEditable,
                "a document in \(encoding.label) can be edited only when it converts back to the same bytes, and this one does not")
        }
        consumed += used
        return output
    }
}
