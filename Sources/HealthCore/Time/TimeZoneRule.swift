#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Maps between instants and local wall time in some zone.
public protocol TimeZoneRule: Sendable {
    /// The offset in minutes east of UTC at `utcSeconds`.
    func offsetMinutes(atUTC utcSeconds: Int64) -> Int
    /// The instant a clock in this zone shows `date` `hour:minute`, or nil if that
    /// wall time does not exist (skipped by a daylight-saving change).
    func instant(date: CivilDate, hour: Int, minute: Int, second: Int) -> ZonedInstant?
}

extension TimeZoneRule {
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

    public func instant(date: CivilDate, hour: Int, minute: Int, second: Int) -> ZonedInstant? {
        ZonedInstant(date: date, hour: hour, minute: minute, second: second, offsetMinutes: minutes)
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

    public func instant(date: CivilDate, hour: Int, minute: Int, second: Int) -> ZonedInstant? {
        var parts = tm()
        parts.tm_year = Int32(date.year - 1900)
        parts.tm_mon = Int32(date.month - 1)
        parts.tm_mday = Int32(date.day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        parts.tm_isdst = -1
        let time = mktime(&parts)
        guard time != -1 || parts.tm_year == 69 else { return nil }
        let instant = ZonedInstant(utcSeconds: Int64(time), offsetMinutes: Int(parts.tm_gmtoff) / 60)
        // mktime normalises a skipped wall time (e.g. 02:30 on a spring-forward day) to another one.
        guard instant.localDate == date, instant.hour == hour, instant.minute == minute else { return nil }
        return instant
    }
}
