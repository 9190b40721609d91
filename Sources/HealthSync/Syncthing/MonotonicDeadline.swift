#if canImport(Glibc)
    import Glibc
#endif

/// A point in time on the monotonic clock, which a wall clock set back or forward does not
/// move: how long a wait may last, across several steps.
public struct MonotonicDeadline: Sendable {
    private let end: Double

    /// `seconds` from now.
    public init(seconds: Double) { end = MonotonicDeadline.now() + seconds }

    /// True once the deadline has passed.
    public var hasPassed: Bool { MonotonicDeadline.now() >= end }

    /// Seconds left, at least 0.
    public var secondsLeft: Double { max(0, end - MonotonicDeadline.now()) }

    /// Milliseconds left, at least 0 (for `poll`).
    var millisecondsLeft: Int32 { Int32(min(Double(Int32.max), secondsLeft * 1000).rounded(.up)) }

    /// The earlier of this deadline and `seconds` from now.
    public func capped(at seconds: Double) -> MonotonicDeadline {
        MonotonicDeadline(seconds: min(seconds, secondsLeft))
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
