import Synchronization

/// Pairing locked after repeated wrong codes: after ``limit`` wrong codes within ``window``
/// seconds, every pairing attempt is refused for ``lockSeconds``, right code or not, so codes
/// cannot be guessed even slowly. One lock for the whole page: a family's server has few
/// devices, and a locked page only delays a real pairing by minutes.
final class PairingThrottle: Sendable {
    static let limit = 5
    static let window = 15.0 * 60
    static let lockSeconds = 15.0 * 60

    private struct State {
        var failures: [Double] = []
        var lockedUntil = 0.0
    }

    private let state = Mutex(State())
    private let clock: @Sendable () -> Double

    init(clock: @escaping @Sendable () -> Double = seconds) {
        self.clock = clock
    }

    /// Seconds until pairing opens again, or nil when it is open.
    func lockedFor() -> Double? {
        let now = clock()
        return state.withLock { $0.lockedUntil > now ? $0.lockedUntil - now : nil }
    }

    /// Counts a wrong (used, run out) code; the one that reaches the limit locks pairing.
    func recordFailure() {
        let now = clock()
        state.withLock { state in
            state.failures = state.failures.filter { now - $0 < PairingThrottle.window } + [now]
            if state.failures.count >= PairingThrottle.limit {
                state.lockedUntil = now + PairingThrottle.lockSeconds
                state.failures.removeAll()
            }
        }
    }
}
