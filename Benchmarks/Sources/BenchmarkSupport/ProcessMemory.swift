import CProcessMemory
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's memory, as the kernel counts it (Linux `/proc`).
public enum ProcessMemory {
    /// Resident set size now, in bytes (`/proc/self/statm`), or `nil` off Linux.
    public static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The peak resident set size since the process started or since
    /// ``resetPeak()`` (`VmHWM` of `/proc/self/status`), in bytes.
    public static func peakResidentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.dropFirst(6).filter(\.isNumber)
            return Int(String(digits)).map { $0 * 1024 }
        }
        return nil
    }

    /// Resets the peak to the current resident size (Linux 4.0+); returns
    /// whether the kernel accepted it.
    @discardableResult
    public static func resetPeak() -> Bool {
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return write(fd, "5", 1) == 1
    }

    /// Bytes the C heap has handed out and not taken back (glibc `mallinfo2`),
    /// or `nil` where that is not available. Unlike the resident size it
    /// sees small documents too.
    public static func heapInUseBytes() -> Int? {
        let bytes = process_memory_heap_in_use()
        return bytes < 0 ? nil : Int(bytes)
    }
}
