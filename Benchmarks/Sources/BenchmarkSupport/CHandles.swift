import CLibXML2SAXCeiling
import CSimdjsonCeiling
import Foundation

// The C ceilings keep state behind raw pointers; each wrapper owns one and
// frees it exactly once, in deinit. None is Sendable: a workload is used by
// one thread at a time.

/// Input bytes followed by the zeroed padding simdjson reads past the end.
final class PaddedBuffer {
    let pointer: UnsafeMutableRawPointer
    let count: Int

    init(_ data: Data) {
        let padding = simdjson_ceiling_padding()
        count = data.count
        pointer = .allocate(byteCount: data.count + padding, alignment: 64)
        data.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { pointer.copyMemory(from: base, byteCount: bytes.count) }
        }
        (pointer + data.count).initializeMemory(as: UInt8.self, repeating: 0, count: padding)
    }

    deinit { pointer.deallocate() }

    var bytes: UnsafePointer<CChar> { UnsafePointer(pointer.assumingMemoryBound(to: CChar.self)) }
}

/// A reusable simdjson DOM parser holding its last document.
final class SimdjsonParser {
    let handle: UnsafeMutableRawPointer

    init() throws {
        guard let handle = simdjson_ceiling_parser_new() else { throw SubjectFailure("simdjson: out of memory") }
        self.handle = handle
    }

    deinit { simdjson_ceiling_parser_free(handle) }

    func parse(_ buffer: PaddedBuffer) throws {
        let code = simdjson_ceiling_parse(handle, buffer.bytes, buffer.count)
        guard code == 0 else { throw SubjectFailure("simdjson: error \(code)") }
    }
}

/// A libxml2 DOM document (`xmlDocPtr`).
final class LibXML2Document {
    let handle: UnsafeMutableRawPointer

    init(_ data: Data) throws {
        let handle = data.withUnsafeBytes { bytes in
            libxml2_dom_parse(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
        }
        guard let handle else { throw SubjectFailure("libxml2: not well-formed") }
        self.handle = handle
    }

    deinit { libxml2_dom_free(handle) }
}

/// Versions of the C libraries, for the machine description.
public enum CLibraryVersions {
    public static var libxml2: String { String(cString: libxml2_version_string()) }
    public static var simdjson: String { String(cString: simdjson_ceiling_version()) }
    public static var simdjsonImplementation: String { String(cString: simdjson_ceiling_implementation()) }
}
