/// An instant together with the UTC offset in force where it was recorded.
///
/// Readings store this pair, so their local wall time, day and period stay the
/// same when the machine later runs in another time zone.
public struct ZonedInstant: Hashable, Comparable, Sendable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let utcSeconds: Int64
    /// The UTC offset at entry, in minutes east of Greenwich (+480 for China).
    public let offsetMinutes: Int

    /// The most two clocks anywhere can differ, in seconds: from UTC−18 to UTC+18.
    public static let widestOffsetSpreadSeconds = Int64(ValueLimits.offsetMinutes.range.upperBound - ValueLimits.offsetMinutes.range.lowerBound) * 60

    public init(utcSeconds: Int64, offsetMinutes: Int) {
        self.utcSeconds = utcSeconds
        self.offsetMinutes = offsetMinutes
    }

    /// The instant at local wall time `date` `hour:minute:second` with `offsetMinutes`.
    public init(date: CivilDate, hour: Int, minute: Int, second: Int = 0, offsetMinutes: Int) {
        let local = Int64(date.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        self.init(utcSeconds: local - Int64(offsetMinutes) * 60, offsetMinutes: offsetMinutes)
    }

    /// Local wall-clock seconds since 1970-01-01T00:00 in the stored offset.
    public var localSeconds: Int64 { utcSeconds + Int64(offsetMinutes) * 60 }

    /// The local calendar day.
    public var localDate: CivilDate { CivilDate(dayNumber: localDayNumber) }

    /// True when the instant falls after midnight but still counts for the measurement day
    /// before (00:00–04:00): its calendar date is not its measurement day's.
    public var isAfterMidnight: Bool { localDayNumber != measurementDayNumber }

    /// The local calendar day as days since 1970-01-01, cheaper to compare than ``localDate``.
    public var localDayNumber: Int { Int(floorDivide(localSeconds, 86_400)) }

    /// Seconds since local midnight.
    public var secondOfDay: Int { Int(localSeconds - floorDivide(localSeconds, 86_400) * 86_400) }

    public var hour: Int { secondOfDay / 3600 }
    public var minute: Int { secondOfDay / 60 % 60 }
    public var second: Int { secondOfDay % 60 }

    /// Morning, noon or evening, from the local wall time.
    public var period: DayPeriod { DayPeriod(hour: hour) }

    /// The day a reading at this time counts for: the local date, except that the evening
    /// period runs to 03:59, so a reading at 00:40 is the previous day's evening reading.
    /// Every grouping by day uses it.
    public var measurementDay: CivilDate { CivilDate(dayNumber: measurementDayNumber) }

    /// ``measurementDay`` as days since 1970-01-01, cheaper to compare.
    public var measurementDayNumber: Int { Int(floorDivide(localSeconds - Int64(DayPeriod.dayStartHour) * 3600, 86_400)) }

    /// `HH:MM` in local time.
    public var localTimeText: String { "\(pad(hour, 2)):\(pad(minute, 2))" }

    /// `2026-12-02 08:15` in local time, as a listing or a message names a moment.
    public var localDateAndTime: String { "\(localDate) \(localTimeText)" }

    /// The offset as `+08:00`, `−04:00` (with a true minus) or `+00:00`.
    public var offsetText: String {
        let magnitude = abs(offsetMinutes)
        return "\(offsetMinutes < 0 ? "−" : "+")\(pad(magnitude / 60, 2)):\(pad(magnitude % 60, 2))"
    }

    /// The offset as short as it reads: `+2:00`, `−3:30`, `+14:00` (for narrow cells).
    public var shortOffsetText: String {
        let magnitude = abs(offsetMinutes)
        return "\(offsetMinutes < 0 ? "−" : "+")\(magnitude / 60):\(pad(magnitude % 60, 2))"
    }

    /// ISO 8601 with the stored offset, e.g. `2026-11-30T07:45:00+08:00`.
    public var iso8601: String {
        let sign = offsetMinutes < 0 ? "-" : "+"
        let magnitude = abs(offsetMinutes)
        return "\(localDate)T\(localTimeText):\(pad(second, 2))\(sign)\(pad(magnitude / 60, 2)):\(pad(magnitude % 60, 2))"
    }

    /// The positions in `instants` whose local date and minute another instant there shows too,
    /// with a different UTC offset: the readings of the hour the clocks go back, which look
    /// the same unless their offsets are shown.
    public static func sharedWallClockTimes(_ instants: some Collection<ZonedInstant>) -> Set<Int> {
        var offsetsByMinute: [Int64: Set<Int>] = [:]
        for instant in instants { offsetsByMinute[floorDivide(instant.localSeconds, 60), default: []].insert(instant.offsetMinutes) }
        guard offsetsByMinute.values.contains(where: { $0.count > 1 }) else { return [] }
        var shared = Set<Int>()
        for (index, instant) in instants.enumerated() where offsetsByMinute[floorDivide(instant.localSeconds, 60)]!.count > 1 {
            shared.insert(index)
        }
        return shared
    }

    /// Orders by the instant alone; the offset only changes how it is shown.
    public static func < (lhs: ZonedInstant, rhs: ZonedInstant) -> Bool {
        lhs.utcSeconds < rhs.utcSeconds
    }

    /// Parses ISO 8601 with an offset or `Z`: `2026-11-30T07:45:00+08:00`,
    /// `2026-11-30T07:45+08:00`, `2026-11-30 07:45:00.5Z`. Returns nil otherwise.
    ///
    /// It works on the UTF-8 bytes directly: imports parse one per row.
    public init?(iso8601 text: String) {
        var text = text
        let parsed = text.withUTF8 { bytes -> (CivilDate, Int, Int, Int, Int)? in
            guard bytes.count >= 17, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
                let date = ZonedInstant.parseDate(bytes, 0),
                let hour = digits(bytes, 11, 2), bytes[13] == UInt8(ascii: ":"), let minute = digits(bytes, 14, 2),
                hour < 24, minute < 60
            else { return nil }
            var index = 16
            var second = 0
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
                guard let value = digits(bytes, index + 1, 2), value < 60 else { return nil }
                second = value
                index += 3
                if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                    index += 1
                    let start = index
                    while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
                    guard index > start else { return nil }
                }
            }
            guard index < bytes.count else { return nil }
            let sign = bytes[index]
            if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") {
                guard index + 1 == bytes.count else { return nil }
                return (date, hour, minute, second, 0)
            }
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), let offsetHours = digits(bytes, index + 1, 2)
            else { return nil }
            var offsetMinutes = 0
            switch bytes.count - index {
            case 3: break
            case 5: guard let value = digits(bytes, index + 3, 2) else { return nil }; offsetMinutes = value
            case 6:
                guard bytes[index + 3] == UInt8(ascii: ":"), let value = digits(bytes, index + 4, 2) else { return nil }
                offsetMinutes = value
            default: return nil
            }
            let total = offsetHours * 60 + offsetMinutes
            guard offsetMinutes < 60, ValueLimits.offsetMinutes.range.contains(total) else { return nil }
            return (date, hour, minute, second, sign == UInt8(ascii: "-") ? -total : total)
        }
        guard let (date, hour, minute, second, offset) = parsed else { return nil }
        self.init(date: date, hour: hour, minute: minute, second: second, offsetMinutes: offset)
    }

    /// `YYYY-MM-DD` at `start`.
    static func parseDate(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> CivilDate? {
        guard let year = digits(bytes, start, 4), bytes[start + 4] == UInt8(ascii: "-"),
            let month = digits(bytes, start + 5, 2), bytes[start + 7] == UInt8(ascii: "-"),
            let day = digits(bytes, start + 8, 2)
        else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }

    /// Parses `HH:MM` or `HH:MM:SS` (fractions of a second are dropped).
    public static func parseClock(_ text: Substring) -> (Int, Int, Int)? {
        var text = text
        if let dot = text.firstIndex(of: ".") {
            guard text[text.index(after: dot)...].allSatisfy(\.isASCIIDigit) else { return nil }
            text = text[..<dot]
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
            parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }),
            let hour = Int(parts[0]), let minute = Int(parts[1]),
            hour < 24, minute < 60
        else { return nil }
        let second = parts.count == 3 ? Int(parts[2])! : 0
        guard second < 60 else { return nil }
        return (hour, minute, second)
    }
}

/// The number written by `count` ASCII digits at `start`, or nil.
func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
    guard start >= 0, start + count <= bytes.count else { return nil }
    var value = 0
    for index in start..<start + count {
        let byte = bytes[index]
        guard byte >= 48 && byte <= 57 else { return nil }
        value = value * 10 + Int(byte - 48)
    }
    return value
}

extension Character {
    public var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// `value / divisor` rounded towards minus infinity.
public func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
}
