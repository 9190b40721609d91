import HealthCore
import HealthRecords

/// A one-line progress bar on stderr for long imports: shown only on a terminal, and only
/// once the work has taken more than a second.
final class ProgressBar: @unchecked Sendable {
    private let output: any TextOutput
    private let clock: @Sendable () -> Int64
    private let started: Int64
    private var lastDrawn: Int64 = 0
    private var shown = false

    /// A bar for `output`, or nil when it is not a terminal.
    init?(output: any TextOutput, clock: @escaping @Sendable () -> Int64) {
        guard output.isTerminal else { return nil }
        self.output = output
        self.clock = clock
        started = clock()
    }

    func update(done: Int64, total: Int64) {
        let now = clock()
        guard now - started > 1000, now - lastDrawn > 100, total > 0 else { return }
        lastDrawn = now
        shown = true
        let fraction = min(1, Double(done) / Double(total))
        let width = 30
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        output.write("\r\(bar) \(Int(fraction * 100))%  \(done >> 20)/\(total >> 20) MiB")
        (output as? FileDescriptorOutput)?.flush()
    }

    func finish() {
        if shown { output.write("\r\u{1B}[K") }
        shown = false
    }
}
