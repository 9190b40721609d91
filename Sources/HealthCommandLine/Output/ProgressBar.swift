import HealthCore

/// A one-line progress bar on stderr for long imports: shown only on a terminal, and only
/// once the work has taken more than a second.
public final class ProgressBar: @unchecked Sendable {
    private let output: any TextOutput
    private let clock: @Sendable () -> Int64
    private let started: Int64
    private var lastDrawn: Int64 = 0
    private var shown = false

    /// A bar for `output`, or nil when it is not a terminal.
    public init?(output: any TextOutput, clock: @escaping @Sendable () -> Int64) {
        guard output.isTerminal else { return nil }
        self.output = output
        self.clock = clock
        started = clock()
    }

    public func update(done: Int64, total: Int64) {
        let now = clock()
        guard now - started > 1000, now - lastDrawn > 100, total > 0 else { return }
        lastDrawn = now
        draw(done: done, total: total)
    }

    private var lastTotal: Int64 = 0

    private func draw(done: Int64, total: Int64) {
        shown = true
        lastTotal = total
        let fraction = min(1, Double(done) / Double(total))
        let width = 30
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        output.write("\r\(bar) \(Int(fraction * 100))%  \(done >> 20)/\(total >> 20) MiB")
        (output as? FileDescriptorOutput)?.flush()
    }

    /// Ends the bar. When the reading `completed`, a bar that was shown is drawn full (100 %)
    /// and the line ended, so the summary starts on a line of its own; otherwise it is wiped.
    public func finish(completed: Bool) {
        guard shown else { return }
        if completed {
            draw(done: lastTotal, total: lastTotal)
            output.write("\n")
        } else {
            output.write("\r\u{1B}[K")
        }
        (output as? FileDescriptorOutput)?.flush()
        shown = false
    }
}
