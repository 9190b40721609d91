import Synchronization

/// Pairing locked after repeated wrong codes, per address and for the whole page.
///
/// An address that tries ``limitPerAddress`` wrong codes within ``window`` seconds is refused
/// every pairing attempt for ``lockSeconds``, right code or not, so one device cannot guess codes
/// even slowly, while the family's other devices still pair. ``limitInAll`` wrong codes from all
/// addresses together lock pairing for everyone just as long, so many addresses (an IPv6
/// network has plenty) guess no faster than a few.
final class PairingThrottle: Sendable {
    static let limitPerAddress = 5
    static let limitInAll = 20
    static let window = 15.0 * 60
    static let lockSeconds = 15.0 * 60

    /// Wrong codes within the window from one source, and when its lock ends.
    private struct Failures {
        var times: [Double] = []
        var lockedUntil = 0.0

        func lockedFor(at now: Double) -> Double? { lockedUntil > now ? lockedUntil - now : nil }

        /// Counts one at `now`; reaching `limit` locks.
        mutating func record(at now: Double, limit: Int) {
            times = times.filter { now - $0 < PairingThrottle.window } + [now]
            if times.count >= limit {
                lockedUntil = now + PairingThrottle.lockSeconds
                times.removeAll()
            }
        }

        /// True when it no longer counts or locks anything.
        func isSpent(at now: Double) -> Bool { lockedUntil <= now && times.allSatisfy { now - $0 >= PairingThrottle.window } }
    }

    private struct State {
        var inAll = Failures()
        var byAddress: [String: Failures] = [:]
    }

    private let state = Mutex(State())
    private let clock: @Sendable () -> Double

    init(clock: @escaping @Sendable () -> Double = seconds) {
        self.clock = clock
    }

    /// Seconds until `address` may pair again, or nil when it may now.
    func lockedFor(_ address: String) -> Double? {
        let now = clock()
        return state.withLock { state in
            [state.inAll.lockedFor(at: now), state.byAddress[address]?.lockedFor(at: now)].compactMap { $0 }.max()
        }
    }

    /// Counts a wrong (used, run out) code from `address`; the one that reaches a limit locks.
    func recordFailure(from address: String) {
        let now = clock()
        state.withLock { state in
            // Addresses whose failures have run out are forgotten, so the table stays as small as the window's failures.
            state.byAddress = state.byAddress.filter { !$0.value.isSpent(at: now) }
            state.byAddress[address, default: Failures()].record(at: now, limit: PairingThrottle.limitPerAddress)
            state.inAll.record(at: now, limit: PairingThrottle.limitInAll)
        }
    }
}
