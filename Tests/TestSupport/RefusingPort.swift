#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback port held by a socket that is bound but never listens, so a
/// connection to it is refused, and no server of a test running alongside
/// can take the port meanwhile (a port a finished server left free can be).
/// The port is released when the value is freed.
public final class RefusingPort {
    /// The port's number.
    public let number: UInt16
    private let socketDescriptor: Int32

    /// Binds a fresh socket to an ephemeral loopback port; `nil` when the
    /// system refuses.
    public init?() {
        #if canImport(Glibc)
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let holder = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard holder >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(holder, $0, length) == 0 && getsockname(holder, $0, &length) == 0
            }
        }
        guard bound else {
            _ = close(holder)
            return nil
        }
        socketDescriptor = holder
        number = UInt16(bigEndian: address.sin_port)
    }

    deinit { _ = close(socketDescriptor) }
}
