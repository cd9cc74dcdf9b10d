import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A progress bar on standard error for loading large inputs.
///
/// It exists only for inputs over ``threshold`` bytes and only when standard
/// error is a terminal, so pipes and logs never see it. Reading shows a
/// filling bar with bytes read; parsing, which reports no progress of its
/// own, shows a bar that sweeps with the elapsed time. ``finish()`` erases
/// the line.
///
/// ```
/// reading big.json  [██████████░░░░░░░░░░]  52%  268 MB / 512 MB
/// parsing big.json  [      ████          ]  1.4 s
/// ```
///
/// All drawing happens on one private serial queue (the sweep is a timer on
/// it), so the bar is safe to update from the loading thread: that
/// confinement is why the class can be `@unchecked Sendable`.
final class ProgressBar: @unchecked Sendable {
    /// Inputs larger than this get a bar: 50 MB.
    static let threshold = 50 * 1_000_000

    private let label: String
    private let total: Int
    private let queue = DispatchQueue(label: "docq.progress")
    private let started = DispatchTime.now()
    private var timer: (any DispatchSourceTimer)?
    private var lastDrawn = DispatchTime(uptimeNanoseconds: 0)
    private var finished = false
    private let width = 24

    /// A bar for an input of `total` bytes, or `nil` when it is not needed
    /// (small input, or standard error is not a terminal).
    init?(label: String, total: Int, force: Bool = false) {
        guard force || (total > Self.threshold && OutputStream.standardError().isTerminal) else { return nil }
        self.label = Diagnostics.displayable(label)
        self.total = total
    }

    /// Shows that `done` of the total bytes have been read (redrawn at most
    /// ten times a second).
    func reading(_ done: Int) {
        queue.sync {
            let now = DispatchTime.now()
            guard !finished, now.uptimeNanoseconds - lastDrawn.uptimeNanoseconds > 100_000_000 || done >= total else { return }
            lastDrawn = now
            let fraction = total > 0 ? min(Double(done) / Double(total), 1) : 1
            let filled = Int(fraction * Double(width))
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            draw("reading \(label)  [\(bar)] \(Self.rightAligned(Int(fraction * 100), width: 3))%  \(Self.megabytes(done)) / \(Self.megabytes(total))")
        }
    }

    /// Switches to the parsing phase: a sweeping bar with the elapsed time,
    /// redrawn by a timer until ``finish()``.
    func parsing() {
        queue.sync {
            guard !finished else { return }
            let timer = DispatchSource.makeTimerSource(queue: queue)
            let begin = DispatchTime.now()
            timer.schedule(deadline: .now(), repeating: .milliseconds(100))
            timer.setEventHandler { [weak self] in
                guard let self, !self.finished else { return }
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - begin.uptimeNanoseconds) / 1e9
                let span = 6
                let cycle = 2 * (self.width - span)
                let step = Int(elapsed * 10) % max(cycle, 1)
                let position = step <= self.width - span ? step : cycle - step
                let bar = String(repeating: " ", count: position) + String(repeating: "█", count: span)
                    + String(repeating: " ", count: self.width - span - position)
                self.draw("parsing \(self.label)  [\(bar)]  \(Self.oneDecimal(elapsed)) s")
            }
            self.timer = timer
            timer.resume()
        }
    }

    /// Stops the bar and erases its line.
    func finish() {
        queue.sync {
            guard !finished else { return }
            finished = true
            timer?.cancel()
            timer = nil
            writeToStandardError("\r\u{1B}[2K", asIs: true)
        }
    }

    deinit {
        timer?.cancel()
    }

    private func draw(_ text: String) {
        writeToStandardError("\r\u{1B}[2K" + text, asIs: true)
    }

    private static func megabytes(_ bytes: Int) -> String {
        "\(bytes / 1_000_000) MB"
    }

    /// `value` right-aligned in `width` columns, as `%3d` prints it.
    static func rightAligned(_ value: Int, width: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// `value` (not negative) with one decimal, as `%.1f` prints it.
    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
