#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Maps between instants and local wall time in some zone.
public protocol TimeZoneRule: Sendable {
    /// The offset in minutes east of UTC at `utcSeconds`.
    func offsetMinutes(atUTC utcSeconds: Int64) -> Int
    /// Every instant a clock in this zone shows `date` `hour:minute:second`, earliest first:
    /// none for a wall time skipped by a daylight-saving change (spring), two for one repeated
    /// (autumn), one otherwise.
    func instants(date: CivilDate, hour: Int, minute: Int, second: Int) -> [ZonedInstant]
}

extension TimeZoneRule {
    /// The instant a clock in this zone shows `date` `hour:minute:second`, or nil when that wall
    /// time does not exist. A repeated wall time (autumn) is always the earlier instant, the
    /// one with the summer offset, in every zone: one rule, whatever the C library would pick.
    public func instant(date: CivilDate, hour: Int, minute: Int, second: Int) -> ZonedInstant? {
        instants(date: date, hour: hour, minute: minute, second: second).first
    }

    /// The instant a clock in this zone shows `date` `hour:minute:second`, as ``instant(date:hour:minute:second:)``
    /// gives it; a wall time the clocks skipped is refused with the one message every reader
    /// of times gives, naming it as `written` (how the file or the person wrote it).
    public func wallClockInstant(
        date: CivilDate, hour: Int, minute: Int, second: Int, written: String
    ) throws(ValidationError) -> ZonedInstant {
        guard let instant = instant(date: date, hour: hour, minute: minute, second: second) else {
            throw .invalid(Phrase("{time} does not exist in the time zone (a daylight-saving gap)", ["time": written]))
        }
        return instant
    }

    /// The instant `utcSeconds` tagged with this zone's offset at that moment.
    public func zoned(utcSeconds: Int64) -> ZonedInstant {
        ZonedInstant(utcSeconds: utcSeconds, offsetMinutes: offsetMinutes(atUTC: utcSeconds))
    }
}

/// A zone with one fixed offset, such as `+08:00`.
public struct FixedOffsetZone: TimeZoneRule {
    public let minutes: Int

    public init(minutes: Int) { self.minutes = minutes }

    public func offsetMinutes(atUTC utcSeconds: Int64) -> Int { minutes }

    public func instants(date: CivilDate, hour: Int, minute: Int, second: Int) -> [ZonedInstant] {
        [ZonedInstant(date: date, hour: hour, minute: minute, second: second, offsetMinutes: minutes)]
    }
}

/// The machine's zone as the C library sees it: `$TZ`, else `/etc/localtime`.
public struct SystemTimeZone: TimeZoneRule {
    public init() { tzset() }

    public func offsetMinutes(atUTC utcSeconds: Int64) -> Int {
        var time = time_t(utcSeconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff) / 60
    }

    public func instants(date: CivilDate, hour: Int, minute: Int, second: Int) -> [ZonedInstant] {
        // mktime alone picks one of two repeated wall times by its own whim (glibc differs by
        // zone); asking with daylight saving off and on finds both.
        var found: [ZonedInstant] = []
        for isDaylightSaving in [Int32(1), 0] {
            var parts = tm()
            parts.tm_year = Int32(date.year - 1900)
            parts.tm_mon = Int32(date.month - 1)
            parts.tm_mday = Int32(date.day)
            parts.tm_hour = Int32(hour)
            parts.tm_min = Int32(minute)
            parts.tm_sec = Int32(second)
            parts.tm_isdst = isDaylightSaving
            let time = mktime(&parts)
            guard time != -1 || parts.tm_year == 69 else { continue }
            let instant = zoned(utcSeconds: Int64(time))
            // mktime normalises a skipped wall time (02:30 on a spring-forward day), or one given
            // with the wrong daylight-saving flag, to another wall time: only exact ones count.
            guard instant.localDate == date, instant.hour == hour, instant.minute == minute, instant.second == second,
                !found.contains(instant)
            else { continue }
            found.append(instant)
        }
        return found.sorted()
    }
}
