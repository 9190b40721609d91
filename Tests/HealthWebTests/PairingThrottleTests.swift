@testable import HealthWeb
import Synchronization
import Testing

/// Pairing locks an address after five wrong codes in 15 minutes, and the whole page after
/// twenty from all addresses, each for 15 minutes.
@Suite struct PairingThrottleTests {
    final class Clock: Sendable {
        let now = Mutex(1000.0)
        func advance(_ seconds: Double) { now.withLock { $0 += seconds } }
    }

    @Test func fiveWrongCodesLockThatAddressForAWhile() {
        let clock = Clock()
        let throttle = PairingThrottle { clock.now.withLock { $0 } }
        for _ in 0..<4 { throttle.recordFailure(from: "192.168.1.50") }
        #expect(throttle.lockedFor("192.168.1.50") == nil, "four wrong codes do not lock")
        throttle.recordFailure(from: "192.168.1.50")
        #expect(throttle.lockedFor("192.168.1.50") == 900)
        #expect(throttle.lockedFor("192.168.1.23") == nil, "another address still pairs")
        clock.advance(899)
        #expect(throttle.lockedFor("192.168.1.50") == 1)
        clock.advance(1)
        #expect(throttle.lockedFor("192.168.1.50") == nil, "the lock ends")
    }

    @Test func wrongCodesSpreadOverMoreThanTheWindowDoNotLock() {
        let clock = Clock()
        let throttle = PairingThrottle { clock.now.withLock { $0 } }
        for _ in 0..<12 {
            throttle.recordFailure(from: "192.168.1.50")
            clock.advance(240)
        }
        #expect(throttle.lockedFor("192.168.1.50") == nil)
    }

    @Test func twentyWrongCodesFromManyAddressesLockEveryone() {
        let clock = Clock()
        let throttle = PairingThrottle { clock.now.withLock { $0 } }
        // Four each from five addresses: none reaches its own limit, together they reach the page's.
        for host in 1...5 {
            for _ in 0..<4 { throttle.recordFailure(from: "fd00::\(host)") }
            if host < 5 { #expect(throttle.lockedFor("192.168.1.23") == nil, "\(host * 4) wrong codes in all do not lock the page") }
        }
        #expect(throttle.lockedFor("192.168.1.23") == 900, "twenty in all lock every address, one that tried nothing too")
        #expect(throttle.lockedFor("fd00::1") == 900)
        clock.advance(900)
        #expect(throttle.lockedFor("192.168.1.23") == nil, "the page's lock ends")
    }
}
