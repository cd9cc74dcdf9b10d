import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C while the explorer runs a command: the command is dropped and the
/// prompt comes back, instead of SIGINT ending the session.
///
/// At the prompt the line editor takes Ctrl-C as a key (it abandons the
/// line); while a command runs the terminal is in cooked mode and Ctrl-C is
/// SIGINT. ``catching(_:)`` turns SIGINT into a flag for the whole session
/// (the line editor puts its own handler in place only while it reads), so
/// a Ctrl-C pressed right after Enter, before the command starts, still
/// stops that command. ``run(_:)`` runs the command on another thread and
/// waits for its answer or for the flag, whichever comes first: a path that
/// takes the library minutes to evaluate gives the prompt back at once (its
/// thread finishes in the background and its answer is dropped). Printing
/// the answer checks the flag between lines (``isRequested``), and
/// ``reset()`` clears it once the command is over.
enum Interruption {
    /// Set by the SIGINT handler; read by polling (a handler may only store).
    nonisolated(unsafe) private static var requested: Int32 = 0

    private static let handler: @convention(c) (Int32) -> Void = { _ in Interruption.requested = 1 }

    /// Whether Ctrl-C was pressed since ``catching(_:)`` began or the last ``reset()``.
    static var isRequested: Bool { requested != 0 }

    /// Forgets a Ctrl-C: the command it stopped is over.
    static func reset() { requested = 0 }

    /// Runs `body` with SIGINT setting ``isRequested`` instead of ending
    /// docq; the previous action is restored after. SIGINT, SIGHUP and
    /// SIGTERM are unblocked on this thread: a process started with them
    /// blocked (as `swift test` starts its children) would otherwise never
    /// see Ctrl-C, nor end when its terminal hangs up.
    static func catching<T>(_ body: () -> T) -> T {
        requested = 0
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGHUP, SIGTERM] { sigaddset(&signals, signal) }
        var mask = sigset_t()
        _ = pthread_sigmask(SIG_UNBLOCK, &signals, &mask)
        defer { _ = pthread_sigmask(SIG_SETMASK, &mask, nil) }
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #else
        action.__sigaction_handler.sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        var previous = sigaction()
        _ = sigaction(SIGINT, &action, &previous)
        defer { _ = sigaction(SIGINT, &previous, nil) }
        return body()
    }

    /// `work`'s result, or `nil` when Ctrl-C came first. Call it within
    /// ``catching(_:)``.
    static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) -> T? {
        let outcome = Outcome<T>()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            outcome.value = work()
            done.signal()
        }
        while true {
            if done.wait(timeout: .now() + .milliseconds(20)) == .success { return outcome.value }
            if isRequested { return nil }
        }
    }

    /// A command's answer: written by its thread before it signals, read after the wait.
    private final class Outcome<T>: @unchecked Sendable {
        var value: T?
    }
}
