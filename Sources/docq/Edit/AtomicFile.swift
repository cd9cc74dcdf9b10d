import DocTree
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file's contents atomically, so that a reader (or a crash) sees
/// either the old bytes or the new, never a mixture or an empty file.
///
/// The new bytes go to a temporary file in the same directory, are written
/// and fsynced, take the original's mode and owner, and are renamed over
/// the original; then the directory is fsynced so the rename itself is
/// durable. A symbolic link is followed: its target is replaced, the link
/// stays. Anything but a regular file is refused. On any failure the
/// temporary file is removed and the original is untouched.
enum AtomicFile {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The regular file `path` names (its target when it is a link), or why
    /// it cannot be replaced.
    static func target(of path: String) throws(Failure) -> (path: String, status: stat) {
        guard let resolved = realpath(path, nil) else {
            let code = errno
            if code == ENOENT, let destination = linkDestination(path) {
                throw Failure(description: "\(path) is a symbolic link to \(destination), which does not exist")
            }
            throw failure("cannot resolve", path, code)
        }
        defer { free(resolved) }
        let target = String(cString: resolved)
        var status = stat()
        guard stat(target, &status) == 0 else { throw failure("cannot stat", target, errno) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Failure(description: "\(path) is not a regular file; only regular files are edited in place")
        }
        return (target, status)
    }

    /// Where the symbolic link `path` points, or `nil` when it is none.
    private static func linkDestination(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A path's directory (`.` when it names none, `/` for the root's
    /// files) and its last component.
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    /// Writes `bytes` over the file at `path` (see above).
    static func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
        let file = try prepare(path)
        do throws(Failure) {
            try file.write(bytes)
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
    }

    /// A temporary file beside the file at `path`, to be written and then
    /// renamed over it by ``Replacement/commit()``, or removed by
    /// ``Replacement/discard()``; so a streamed edit writes its output
    /// there as it reads the original.
    static func prepare(_ path: String) throws(Failure) -> Replacement {
        let (target, status) = try target(of: path)
        // A file-size limit must fail the write (EFBIG), not kill docq.
        signal(SIGXFSZ, SIG_IGN)
        let (directory, name) = split(target)
        var template = Array("\(directory)/.\(name).docq-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw failure("cannot create a temporary file in", directory, errno, hint: Self.writableDirectory)
        }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return Replacement(descriptor: descriptor, temporary: temporary, target: target, status: status)
    }

    /// The new contents of a file, being written to a temporary file.
    struct Replacement {
        let descriptor: Int32
        let temporary: String
        let target: String
        let status: stat

        /// Appends `bytes` to the new contents.
        func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
            try writeAll(descriptor, bytes, label: "the edited \(split(target).name) to \(temporary)")
        }

        /// Appends `bytes` to the new contents.
        func write(_ bytes: [UInt8]) throws(Failure) {
            let result: Result<Void, Failure> = bytes.withUnsafeBytes { bytes in Result { () throws(Failure) in try write(bytes) } }
            try result.get()
        }

        /// Gives the new file the original's mode and owner, syncs it and
        /// renames it over the original, then syncs the directory.
        func commit() throws(Failure) {
            var renamed = false
            defer {
                if !renamed { unlink(temporary) }
            }
            do {
                defer { close(descriptor) }
                guard fchmod(descriptor, status.st_mode & 0o7777) == 0 else { throw failure("cannot set the mode of", temporary, errno) }
                if status.st_uid != geteuid() || status.st_gid != getegid() {
                    guard fchown(descriptor, status.st_uid, status.st_gid) == 0 else {
                        throw failure("cannot give the original's owner to", temporary, errno)
                    }
                }
                guard fsync(descriptor) == 0 else { throw failure("cannot sync", temporary, errno) }
            }
            guard rename(temporary, target) == 0 else {
                let code = errno
                // EPERM is the file's refusal, not the directory's.
                throw failure("cannot rename the new file over", target, code,
                              hint: code == EPERM ? AtomicFile.protectedFile : AtomicFile.writableDirectory)
            }
            renamed = true
            let directoryDescriptor = open(split(target).directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if directoryDescriptor >= 0 {
                _ = fsync(directoryDescriptor)
                close(directoryDescriptor)
            }
        }

        /// Removes the temporary file; the original stays as it was.
        func discard() {
            close(descriptor)
            unlink(temporary)
        }
    }

    /// Writes all of `bytes` to `descriptor`.
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, label: String) throws(Failure) {
        if let code = writeFully(bytes, to: descriptor) { throw failure("cannot write", label, code) }
    }

    /// Why a directory that refuses a new file matters to `-i`.
    fileprivate static let writableDirectory =
        "-i writes the new contents to a temporary file beside the original and renames it over, so the directory must be writable"

    /// Why a file refuses to be replaced although its directory takes new files.
    fileprivate static let protectedFile =
        "the file is immutable or append-only (lsattr shows it; chattr -i or -a lifts it), "
        + "or a sticky directory keeps it for its owner"

    /// A failure with the system's reason (`File too large` past a
    /// file-size limit, `No space left on device`, …) and, when the reason
    /// is that the directory or file system refuses, `hint`.
    static func failure(_ what: String, _ path: String, _ code: Int32, hint: String? = nil) -> Failure {
        var reason = String(cString: strerror(code))
        switch code {
        case EFBIG: reason += " (the result is over the file-size limit, ulimit -f)"
        case EACCES, EPERM, EROFS: if let hint { reason += " (\(hint))" }
        default: break
        }
        return Failure(description: "\(what) \(path): \(reason)")
    }
}
