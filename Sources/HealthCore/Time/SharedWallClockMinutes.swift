/// The local minutes that instants met in time order show with more than one UTC offset (the
/// hour the clocks go back), found in flat memory: what
/// ``ZonedInstant/sharedWallClockTimes(_:)`` finds in a whole array, for a listing streamed
/// from the log.
///
/// Two instants with the same wall-clock minute lie at most the span of offsets apart (36 hours),
/// so only the minutes met in that span before the latest instant are kept.
public struct SharedWallClockMinutes: Sendable {
    /// The first offset and UTC second met for each local minute of the recent span.
    private var recent: [Int64: (offset: Int, utc: Int64)] = [:]
    /// The recent span's local minutes in the order met, from `start` on.
    private var order: [(minute: Int64, utc: Int64)] = []
    private var start = 0
    /// The local minutes shown with more than one offset so far.
    private var shared = Set<Int64>()

    /// The widest gap, in seconds, between two instants showing the same wall-clock minute.
    private static let reach = Int64(ValueLimits.offsetMinutes.range.upperBound - ValueLimits.offsetMinutes.range.lowerBound) * 60 + 60

    public init() {}

    /// Counts `instant`, which is no earlier than the ones counted before it.
    public mutating func add(_ instant: ZonedInstant) {
        while start < order.count, order[start].utc < instant.utcSeconds - SharedWallClockMinutes.reach {
            let old = order[start]
            start += 1
            if recent[old.minute]?.utc == old.utc { recent[old.minute] = nil }
        }
        if start >= 1024, start * 2 >= order.count {
            order.removeFirst(start)
            start = 0
        }
        let minute = floorDivide(instant.localSeconds, 60)
        if let seen = recent[minute] {
            if seen.offset != instant.offsetMinutes { shared.insert(minute) }
        } else {
            recent[minute] = (instant.offsetMinutes, instant.utcSeconds)
            order.append((minute, instant.utcSeconds))
        }
    }

    /// True when no local minute counted so far shows more than one offset.
    public var isEmpty: Bool { shared.isEmpty }

    /// True when another counted instant shows `instant`'s local date and minute with a different offset.
    public func contains(_ instant: ZonedInstant) -> Bool {
        !shared.isEmpty && shared.contains(floorDivide(instant.localSeconds, 60))
    }
}
