import HealthCore

/// Turns the wall times of one file, row by row, into instants, by one rule for every format
/// that writes times without an offset:
/// - a wall time inside a spring-forward gap (`2026-03-29 02:30` in Berlin), written by a device
///   clock that was not put forward, is read as standard time: with the offset before the gap
///   (`02:30+01:00`, which is 03:30 summer time). Each such row is counted, and the import says so.
/// - a wall time the clocks repeat in autumn is, in a file ordered by time, the earlier offset
///   first and the later one after (in the file's own order): oldest first, the earlier instant, unless that would
///   go back before the row above (then the later); newest first, the other way round. Two
///   rows at one repeated wall time are thus an hour apart, never one instant twice, even as
///   the file's first rows. A file whose order is not known yet takes the earlier instant, as
///   everywhere else (the later for the same wall time as the row above).
struct WallClockResolver {
    /// The instant of the row before, and whether the file runs newest first (once two rows tell).
    private var previous: ZonedInstant?
    private var newestFirst: Bool?

    /// `newestFirst` is the order the format writes when its rows have not told it yet (Omron
    /// Connect writes newest first); nil when the format has none.
    init(newestFirst: Bool? = nil) {
        self.newestFirst = newestFirst
    }

    /// The instant a clock in `zone` showing `date` `clock` means on this row, which is at
    /// `line` (a gap time is counted in `sink`).
    mutating func instant(
        _ date: CivilDate, _ clock: (hour: Int, minute: Int, second: Int), in zone: any TimeZoneRule, line: Int, sink: ImportSink
    ) -> ZonedInstant {
        let candidates = zone.instants(date: date, hour: clock.hour, minute: clock.minute, second: clock.second)
        let chosen: ZonedInstant
        switch candidates.count {
        case 0:
            // The offset before the gap is the one a day earlier: no zone changes twice in a day.
            let wall = ZonedInstant(date: date, hour: clock.hour, minute: clock.minute, second: clock.second, offsetMinutes: 0)
            chosen = ZonedInstant(
                date: date, hour: clock.hour, minute: clock.minute, second: clock.second,
                offsetMinutes: zone.offsetMinutes(atUTC: wall.utcSeconds - 86_400))
            sink.readAsStandardTime(line: line)
        case 1:
            chosen = candidates[0]
        default:
            chosen = repeated(earlier: candidates[0], later: candidates[candidates.count - 1])
        }
        if let previous, previous != chosen { newestFirst = chosen < previous }
        previous = chosen
        return chosen
    }

    /// The instant a date and time as written on the row at `line` means: with its own offset
    /// when it gives one, else the wall time in `zone` by the rules above. A time in UTC (`Z`,
    /// `+0000`, as Zepp Life writes every time) names the instant, not the clock the person saw:
    /// it is shown in `zone`. Any other offset is the person's own clock and is kept as written.
    mutating func instant(_ written: WrittenDateTime, in zone: any TimeZoneRule, line: Int, sink: ImportSink) -> ZonedInstant {
        guard let offset = written.offsetMinutes else { return instant(written.date, written.clock, in: zone, line: line, sink: sink) }
        var stated = ZonedInstant(
            date: written.date, hour: written.clock.hour, minute: written.clock.minute, second: written.clock.second, offsetMinutes: offset)
        if offset == 0 { stated = zone.zoned(utcSeconds: stated.utcSeconds) }
        if let previous, previous != stated { newestFirst = stated < previous }
        previous = stated
        return stated
    }

    /// Which of a repeated wall time's two instants keeps the file in its order.
    private func repeated(earlier: ZonedInstant, later: ZonedInstant) -> ZonedInstant {
        // The first row: newest first, the row below it is older, so this one is the later.
        guard let previous else { return newestFirst == true ? later : earlier }
        guard let newestFirst else { return previous == earlier ? later : earlier }
        return newestFirst ? (later >= previous ? earlier : later) : (earlier <= previous ? later : earlier)
    }
}
