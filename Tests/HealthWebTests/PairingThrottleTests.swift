@testable import HealthWeb
import Synchronization
import Testing

/// Pairing locks after five wrong codes in 15 minutes, for 15 minutes.
@Suite struct PairingThrottleTests {
    final class Clock: Sendable {
        let now = Mutex(1000.0)
        func advance(_ seconds: Double) { now.withLock { $0 += seconds } }
    }

    @Test func fiveWrongCodesLockPairingForAWhile() {
        let clock = Clock()
        let throttle = PairingThrottle { clock.now.withLock { $0 } }
        for _ in 0..<4 { throttle.recordFailure() }
        #expect(throttle.lockedFor() == nil, "four wrong codes do not lock")
        throttle.recordFailure()
        #expect(throttle.lockedFor() == 900)
        clock.advance(899)
        #expect(throttle.lockedFor() == 1)
        clock.advance(1)
        #expect(throttle.lockedFor() == nil, "the lock ends")
    }

    @Test func wrongCodesSpreadOverMoreThanTheWindowDoNotLock() {
        let clock = Clock()
        let throttle = PairingThrottle { clock.now.withLock { $0 } }
        for _ in 0..<12 {
            throttle.recordFailure()
            clock.advance(240)
        }
        #expect(throttle.lockedFor() == nil)
    }
}
