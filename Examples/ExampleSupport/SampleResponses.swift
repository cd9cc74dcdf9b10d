import Foundation

/// The sample API responses the examples serve from their local server:
/// files below `Examples/ExampleSupport/Responses/`, written for these
/// examples in the style of the real services, byte for byte as a server
/// would send them (the theater pages are EUC-KR).
public enum SampleResponses {
    /// `Examples/ExampleSupport/Responses/`.
    public static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("Responses")

    /// The file `name` (e.g. `movies/kofic-daily.json`) below ``folder``.
    public static func url(_ name: String) -> URL {
        folder.appendingPathComponent(name)
    }

    /// A 200 response whose body is the file `name` and whose
    /// `Content-Type` is `contentType`, e.g. `application/json; charset=EUC-KR`.
    ///
    /// A missing file stops the example with its path: the examples run from
    /// a checkout of the repository.
    public static func ok(_ name: String, contentType: String) -> CannedResponse {
        response(name, status: 200, reason: "OK", contentType: contentType)
    }

    /// A response with the given status whose body is the file `name`.
    public static func response(_ name: String, status: Int, reason: String, contentType: String) -> CannedResponse {
        let file = url(name)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            fatalError("sample response \(file.path) is missing (run the examples from a checkout of the repository)")
        }
        return CannedResponse(
            status: status, reason: reason,
            headers: [("Content-Type", contentType), ("Server", "docquery-example"), ("Cache-Control", "no-store")],
            body: [UInt8](data))
    }
}
