import DocTree
import Foundation
import FuzzSupport

/// The encodings a caller can force. The first input byte picks one; the
/// rest is the document, in either format (sniffed after transcoding).
let encodings = ["EUC-KR", "Shift_JIS", "UTF-16", "UTF-16LE", "UTF-16BE", "windows-1252"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEncodings(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = input(data, size)
    guard let selector = bytes.first else { return 0 }
    var options = LoadOptions()
    options.encoding = encodings[Int(selector) % encodings.count]
    guard let document = try? Document(data: Data(bytes.dropFirst()), options: options) else { return 0 }
    RoundTrip.touchEveryNode(document)
    switch document.format {
    case .json: RoundTrip.json(document)
    case .xml: RoundTrip.xml(document)
    }
    return 0
}
