/// A hybrid logical clock: milliseconds since 1970 in the high bits, a counter in the low 16.
///
/// A device's next operation is stamped after every operation it has seen, its own and merged
/// ones, whatever its wall clock says: a correction made after seeing a change always wins
/// over it, even when the other machine's clock ran ahead.
public enum HybridClock {
    static let counterBits: Int64 = 16
    /// The latest stamp a journal line may carry: 2100-01-01.
    static let latest: Int64 = 4_102_444_800_000 << counterBits

    /// The stamp for a new operation, after `last` (the greatest seen) at wall time `milliseconds`.
    public static func next(after last: Int64, milliseconds: Int64) -> Int64 {
        max(milliseconds << counterBits, last + 1)
    }

    /// True when the stamp is a wall-clock time (its counter is 0), not one made to follow a later stamp seen.
    static func isFromWallClock(_ clock: Int64) -> Bool { clock & ((1 << counterBits) - 1) == 0 }

    /// The wall time a stamp carries, in milliseconds since 1970.
    public static func milliseconds(_ clock: Int64) -> Int64 { clock >> counterBits }
}
