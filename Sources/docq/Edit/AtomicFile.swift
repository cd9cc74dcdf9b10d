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
/// and fsynced, take the original's owner and then its mode (in that order,
/// as `sed -i` does: a change of owner clears setuid and setgid), and are
/// renamed over the original; then the directory is fsynced so the rename
/// itself is durable. The file is a new one: other hard links to the
/// original keep the old contents. New contents equal to the old are not
/// written at all: the file keeps its inode, time and links. A symbolic
/// link is followed: its target is replaced, the link stays. Anything but a
/// regular file is refused. On any failure, or SIGINT, SIGTERM or SIGHUP
/// (``SignalCleanup``), the temporary file is removed and the original is
/// untouched.
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

    /// A temporary file beside the file at `path`, to be written and then
    /// renamed over it by ``replaceAll(_:)``, or removed by
    /// ``Replacement/discard()``; so a streamed edit writes its output
    /// there as it reads the original.
    static func prepare(_ path: String) throws(Failure) -> Replacement {
        let (target, status) = try target(of: path)
        // A file-size limit must fail the write (EFBIG), not kill docq.
        signal(SIGXFSZ, SIG_IGN)
        let (directory, name) = split(target)
        let template = Array("\(directory)/.\(name).docq-XXXXXX".utf8CString)
        guard template.count <= Int(PATH_MAX) else {
            throw failure("cannot create a temporary file in", directory, ENAMETOOLONG)
        }
        // mkstemp writes the name into the slot a signal handler reads.
        let slot = SignalCleanup.slot()
        template.withUnsafeBufferPointer { slot.path.update(from: $0.baseAddress!, count: $0.count) }
        let descriptor = mkstemp(slot.path)
        guard descriptor >= 0 else {
            let code = errno
            SignalCleanup.release(slot)
            throw failure("cannot create a temporary file in", directory, code, hint: Self.writableDirectory)
        }
        slot.arm()
        return Replacement(descriptor: descriptor, temporary: String(cString: slot.path), target: target, status: status, slot: slot)
    }

    /// A file's new contents: bytes in memory, or a temporary file written
    /// already (a streamed edit's).
    enum NewContents {
        case bytes(path: String, [UInt8])
        case written(Replacement)

        /// The temporary file, written.
        fileprivate func replacement() throws(Failure) -> Replacement {
            switch self {
            case .written(let file): return file
            case .bytes(let path, let bytes):
                let file = try prepare(path)
                do throws(Failure) {
                    try file.write(bytes)
                } catch {
                    file.discard()
                    throw error
                }
                return file
            }
        }

        /// Removes a temporary file that will not be renamed.
        fileprivate func discard() {
            if case .written(let file) = self { file.discard() }
        }
    }

    /// Replaces several files as one step, as far as a file system allows:
    /// every new file is finished (owner, mode, synced) before the first
    /// rename, so a failure to write or sync any of them leaves all the
    /// originals as they were. A file whose new contents equal the old is
    /// left alone. When a rename still fails, the remaining temporary files
    /// are removed and the error says which files `labels` were already
    /// replaced and which are unchanged.
    static func replaceAll(_ files: [(label: String, contents: NewContents)]) throws(Failure) {
        var ready: [(file: Replacement, changed: Bool)] = []
        for (position, (_, contents)) in files.enumerated() {
            do {
                let file = try contents.replacement()
                ready.append((file, false))
                ready[position].changed = try file.finish()
            } catch {
                for (file, _) in ready { file.discard() }
                for (_, rest) in files[(position + 1)...] { rest.discard() }
                throw Failure(description: error.description + "; " + Self.outcome(replaced: [], unchanged: files.map(\.label)))
            }
        }
        for (position, (file, changed)) in ready.enumerated() {
            guard changed else {
                file.discard()
                continue
            }
            do {
                try file.install()
            } catch {
                for (rest, _) in ready[(position + 1)...] { rest.discard() }
                let replaced = (0..<position).filter { ready[$0].changed }
                let unchanged = files.indices.filter { !replaced.contains($0) }
                throw Failure(description: error.description + "; "
                    + Self.outcome(replaced: replaced.map { files[$0].label }, unchanged: unchanged.map { files[$0].label }))
            }
        }
    }

    /// `a is replaced; b and c are unchanged`: what a failed `-i` left of
    /// the files it was given.
    static func outcome(replaced: [String], unchanged: [String]) -> String {
        func list(_ names: [String]) -> String {
            names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
        }
        func sentence(_ names: [String], _ what: String) -> String {
            list(names) + (names.count == 1 ? " is " : " are ") + what
        }
        var parts: [String] = []
        if !replaced.isEmpty { parts.append(sentence(replaced, "replaced")) }
        if !unchanged.isEmpty { parts.append(sentence(unchanged, "unchanged")) }
        return parts.joined(separator: "; ")
    }

    /// The new contents of a file, being written to a temporary file.
    struct Replacement {
        let descriptor: Int32
        let temporary: String
        let target: String
        let status: stat
        fileprivate let slot: SignalCleanup.Slot

        /// Appends `bytes` to the new contents.
        func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
            try writeAll(descriptor, bytes, label: "the edited \(split(target).name) to \(temporary)")
        }

        /// Appends `bytes` to the new contents.
        func write(_ bytes: [UInt8]) throws(Failure) {
            let result: Result<Void, Failure> = bytes.withUnsafeBytes { bytes in Result { () throws(Failure) in try write(bytes) } }
            try result.get()
        }

        /// Gives the new file the original's owner, then its mode (a new
        /// owner clears setuid and setgid), and syncs it. Returns whether
        /// its contents differ from the original's; when they do not, the
        /// file is left for ``discard()``.
        func finish() throws(Failure) -> Bool {
            guard try differsFromTarget() else { return false }
            if status.st_uid != geteuid() || status.st_gid != getegid() {
                guard fchown(descriptor, status.st_uid, status.st_gid) == 0 else {
                    throw failure("cannot give the original's owner to", temporary, errno)
                }
            }
            guard fchmod(descriptor, status.st_mode & 0o7777) == 0 else { throw failure("cannot set the mode of", temporary, errno) }
            guard fsync(descriptor) == 0 else { throw failure("cannot sync", temporary, errno) }
            return true
        }

        /// Renames the finished file over the original and syncs the directory.
        func install() throws(Failure) {
            close(descriptor)
            guard rename(temporary, target) == 0 else {
                let code = errno
                unlink(temporary)
                SignalCleanup.release(slot)
                // EPERM is the file's refusal, not the directory's.
                throw failure("cannot rename the new file over", target, code,
                              hint: code == EPERM ? AtomicFile.protectedFile : AtomicFile.writableDirectory)
            }
            SignalCleanup.release(slot)
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
            SignalCleanup.release(slot)
        }

        /// Whether the bytes written differ from the original's: a size
        /// differs, or a block read from each (the first difference ends
        /// the comparison).
        private func differsFromTarget() throws(Failure) -> Bool {
            var written = stat()
            var original = stat()
            guard fstat(descriptor, &written) == 0 else { throw failure("cannot stat", temporary, errno) }
            guard stat(target, &original) == 0, original.st_size == written.st_size else { return true }
            let originalDescriptor = open(target, O_RDONLY | O_CLOEXEC)
            guard originalDescriptor >= 0 else { return true }
            defer { close(originalDescriptor) }
            let blockSize = 1 << 20
            let blocks = UnsafeMutableRawPointer.allocate(byteCount: 2 * blockSize, alignment: 16)
            defer { blocks.deallocate() }
            var offset: off_t = 0
            while offset < written.st_size {
                let new = pread(descriptor, blocks, blockSize, offset)
                let old = pread(originalDescriptor, blocks + blockSize, blockSize, offset)
                guard new > 0, new == old, memcmp(blocks, blocks + blockSize, new) == 0 else { return true }
                offset += off_t(new)
            }
            return false
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
