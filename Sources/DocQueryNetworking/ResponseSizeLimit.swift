import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Stops an http(s) download once its body is known to pass a byte limit
/// (``LoadOptions/maxInputBytes``), so a huge or endless response is never
/// held whole: a task delegate that cancels the task when the response
/// announces a larger `Content-Length`, or when the bytes received so far
/// pass the limit.
///
/// Where URLSession hands a task delegate no body data (Darwin's
/// `data(for:delegate:)` may keep it to itself), the body is still checked
/// once it has arrived whole.
final class ResponseSizeLimit: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// Why the download was stopped.
    enum Excess {
        /// The response announced this many bytes.
        case announced(Int64)
        /// This many bytes had arrived when the limit was passed.
        case received(Int)

        /// The error that says so.
        func error(maxBytes: Int) -> LoadError {
            switch self {
            case .announced(let size): Document.inputTooLarge(Int(clamping: size), isComplete: true, maxInputBytes: maxBytes)
            case .received(let count): Document.inputTooLarge(count, isComplete: false, maxInputBytes: maxBytes)
            }
        }
    }

    let maxBytes: Int
    // Written on the session's delegate queue, read after the task ends.
    private let lock = NSLock()
    private var received = 0
    private var stoppedFor: Excess?

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    /// Why the download was stopped, or `nil` when it was not.
    var excess: Excess? { lock.withLock { stoppedFor } }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let announced = response.expectedContentLength
        guard announced > Int64(maxBytes) else { return completionHandler(.allow) }
        lock.withLock { stoppedFor = .announced(announced) }
        completionHandler(.cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let passed = lock.withLock { () -> Bool in
            received += data.count
            guard received > maxBytes, stoppedFor == nil else { return false }
            stoppedFor = .received(received)
            return true
        }
        if passed { dataTask.cancel() }
    }
}
