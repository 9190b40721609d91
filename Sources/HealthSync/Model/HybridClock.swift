import HealthCore

/// A hybrid logical clock: milliseconds since 1970 in the high bits, a counter in the low 16.
///
/// A device's next operation is stamped after every operation it has seen, its own and merged
/// ones, whatever its wall clock says: a correction made after seeing a change always wins
/// over it. A merge holds back operations stamped beyond this machine's clock and the
/// tolerance (``ClockTolerance``), so another machine's clock never pulls this one far ahead.
public enum HybridClock {
    static let counterBits: Int64 = 16
    /// The latest stamp a journal line may carry: 2100-01-01.
    static let latest: Int64 = 4_102_444_800_000 << counterBits

    /// The stamp of wall time `milliseconds`, with a counter of 0.
    static func stamp(milliseconds: Int64) -> Int64 { milliseconds << counterBits }

    /// The stamp for a new operation, after `last` (the greatest seen) at wall time `milliseconds`.
    /// Never a stamp in or after 2100, which no machine would read.
    static func next(after last: Int64, milliseconds: Int64) throws(SyncError) -> Int64 {
        let next = max(stamp(milliseconds: milliseconds), last + 1)
        guard next < latest else {
            throw .refused(Phrase("this machine's clock, or a change it has seen, is past the year 2100: set the clock right before changing the shared log"))
        }
        return next
    }

    /// True when the stamp is a wall-clock time (its counter is 0), not one made to follow a later stamp seen.
    static func isFromWallClock(_ clock: Int64) -> Bool { clock & ((1 << counterBits) - 1) == 0 }

    /// The wall time a stamp carries, in milliseconds since 1970.
    public static func milliseconds(_ clock: Int64) -> Int64 { clock >> counterBits }
}

/// How far another machine's clock may run ahead of this one's, and what waits when it runs
/// further: the rule `add` applies to a reading's time (at most 10 minutes ahead of now)
/// applied to every operation merged, and to every reading one puts.
enum ClockTolerance {
    /// Milliseconds: the same 10 minutes a reading may be ahead of the clock.
    static let ahead: Int64 = Reading.allowedFutureSeconds * 1000

    /// When an operation may be applied on a machine whose clock says `now` (milliseconds):
    /// once its stamp, and the time of the reading it puts, are no further ahead than the
    /// tolerance. Until then it is held, never dropped.
    static func due(_ clock: Int64, putting change: LogChange) -> Int64 {
        var due = HybridClock.milliseconds(clock) - ahead
        if case .readingPut(let reading) = change { due = max(due, reading.takenAt.utcSeconds * 1000 - ahead) }
        return due
    }
}
