#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files of `-i` that SIGINT, SIGTERM or SIGHUP must not
/// leave behind: a handler removes every one still registered, restores
/// the signal's default action and raises it again, so docq ends as the
/// signal would have ended it.
///
/// A handler may call only async-signal-safe functions, so it cannot
/// allocate, lock or touch Swift's reference counts. The paths therefore
/// live in a table of fixed-size slots allocated before any temporary file
/// exists: chunks of ``slotsPerChunk`` slots, linked, never freed (a handler
/// may be reading one on another thread). A slot is one flag byte, set
/// last when it is taken and cleared first when it is given back, then the
/// NUL-terminated path; ``AtomicFile`` creates its temporary file in the
/// slot itself (`mkstemp`), so there is no moment at which the file exists
/// and no slot names it but the instructions between the two.
enum SignalCleanup {
    /// One temporary file's place in the table.
    struct Slot {
        fileprivate let base: UnsafeMutableRawPointer

        /// The path's bytes (`PATH_MAX` and a NUL).
        var path: UnsafeMutablePointer<CChar> { (base + 1).assumingMemoryBound(to: CChar.self) }

        /// The handler removes this slot's file from now on.
        func arm() { base.storeBytes(of: 1, as: UInt8.self) }

        /// Gives the slot back: the file is renamed or removed.
        func release() { base.storeBytes(of: 0, as: UInt8.self) }
    }

    private static let slotSize = Int(PATH_MAX) + 2
    private static let slotsPerChunk = 16
    /// A chunk: the next chunk's address, then its slots.
    private static let chunkSize = MemoryLayout<UnsafeMutableRawPointer?>.stride + slotsPerChunk * slotSize

    /// The first chunk; `nil` until a temporary file is made.
    nonisolated(unsafe) private static var first: UnsafeMutableRawPointer?
    /// Whether the handlers are in place (under ``lock``).
    nonisolated(unsafe) private static var installed = false
    /// Slots handed out and not released, to find a free one (never read by the handler).
    nonisolated(unsafe) private static var taken: Set<UnsafeMutableRawPointer> = []
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()

    /// A free slot, with the handlers installed. Its flag is clear: write
    /// the path, then ``Slot/arm()`` it.
    static func slot() -> Slot {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        // After the table and its sizes exist (a Swift global's first use
        // runs its initializer, which a handler must not), before any file.
        defer { installHandlers() }
        var link: UnsafeMutableRawPointer? = nil
        var chunk = first
        while let current = chunk {
            for index in 0..<slotsPerChunk {
                let base = current + MemoryLayout<UnsafeMutableRawPointer?>.stride + index * slotSize
                if base.load(as: UInt8.self) == 0, taken.insert(base).inserted { return Slot(base: base) }
            }
            link = current
            chunk = current.load(as: UnsafeMutableRawPointer?.self)
        }
        // A new chunk, zeroed, linked in only once it is whole.
        let fresh = calloc(1, chunkSize)!
        if let link { link.storeBytes(of: fresh, as: UnsafeMutableRawPointer?.self) } else { first = fresh }
        let base = fresh + MemoryLayout<UnsafeMutableRawPointer?>.stride
        taken.insert(base)
        return Slot(base: base)
    }

    /// Gives `slot` back for another file.
    static func release(_ slot: Slot) {
        slot.release()
        pthread_mutex_lock(lock)
        taken.remove(slot.base)
        pthread_mutex_unlock(lock)
    }

    /// Catches SIGINT, SIGTERM and SIGHUP, but leaves a signal that was
    /// ignored when docq started (`nohup`) ignored.
    private static func installHandlers() {
        guard !installed else { return }
        installed = true
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            var old = sigaction()
            guard sigaction(signal, nil, &old) == 0, !isIgnored(old) else { continue }
            var action = sigaction()
            setHandler(&action)
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            _ = sigaction(signal, &action, nil)
        }
    }

    /// Removes every armed slot's file, then dies of `signal`.
    private static let handler: @convention(c) (Int32) -> Void = { signal in
        var chunk = SignalCleanup.first
        while let current = chunk {
            for index in 0..<SignalCleanup.slotsPerChunk {
                let base = current + MemoryLayout<UnsafeMutableRawPointer?>.stride + index * SignalCleanup.slotSize
                if base.load(as: UInt8.self) != 0 { _ = unlink((base + 1).assumingMemoryBound(to: CChar.self)) }
            }
            chunk = current.load(as: UnsafeMutableRawPointer?.self)
        }
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        _ = sigaction(signal, &action, nil)  // SIG_DFL: a zeroed handler
        _ = raise(signal)
    }

    #if canImport(Darwin)
    private static func isIgnored(_ action: sigaction) -> Bool {
        unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self) == 1
    }
    private static func setHandler(_ action: inout sigaction) { action.__sigaction_u.__sa_handler = handler }
    #else
    private static func isIgnored(_ action: sigaction) -> Bool {
        unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == 1
    }
    private static func setHandler(_ action: inout sigaction) { action.__sigaction_handler.sa_handler = handler }
    #endif
}
