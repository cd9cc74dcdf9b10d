import DocTree
import Foundation
import FuzzSupport

/// XML load (comments and processing instructions kept), then the XML
/// writer's round trip: the output loads and writes the same text again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Data(buffer: input(data, size))
    var options = LoadOptions(format: .xml)
    options.keepsComments = true
    options.keepsProcessingInstructions = true
    guard let document = try? Document(data: bytes, options: options) else { return 0 }
    RoundTrip.touchEveryNode(document)
    RoundTrip.xml(document, options: options)
    return 0
}
