import DocTree
import Foundation
import FuzzSupport

/// JSON load, then write and reload: any bytes either fail with a
/// `LoadError` or load into a document whose compact write survives a
/// reload unchanged (and whose indented write reloads to the same text).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Data(buffer: input(data, size))
    let options = LoadOptions(format: .json)
    guard let document = try? Document(data: bytes, options: options) else { return 0 }
    RoundTrip.touchEveryNode(document)
    RoundTrip.json(document, options: options)
    return 0
}
