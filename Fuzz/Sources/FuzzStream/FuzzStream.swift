import DocTree
import Foundation
import FuzzSupport

/// The stream reader on any bytes: every record is a document or a located
/// error, the reader always ends, and each document read survives the JSON
/// round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStream(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Data(input(data, size))
    var records = 0
    for record in DocumentStream(data: bytes, options: LoadOptions(format: .json)) {
        records += 1
        // Each record takes at least one byte, so more records than bytes means the reader looped.
        require(records <= bytes.count + 1, "more records than input bytes")
        switch record {
        case .success(let document):
            RoundTrip.json(document, options: LoadOptions(format: .json))
        case .failure(let error):
            _ = error.description
        }
    }
    return 0
}
