/// An instant together with the UTC offset in force where it was recorded.
///
/// Readings store this pair, so their local wall time, day and period stay the
/// same when the machine later runs in another time zone.
public struct ZonedInstant: Hashable, Comparable, Sendable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let utcSeconds: Int64
    /// The UTC offset at entry, in minutes east of Greenwich (+480 for China).
    public let offsetMinutes: Int

    /// The widest offsets in use anywhere (UTC−12 to UTC+14), with margin.
    public static let offsetRange = -18 * 60...18 * 60

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
    public var localDate: CivilDate { CivilDate(dayNumber: Int(floorDivide(localSeconds, 86_400))) }

    /// Seconds since local midnight.
    public var secondOfDay: Int { Int(localSeconds - floorDivide(localSeconds, 86_400) * 86_400) }

    public var hour: Int { secondOfDay / 3600 }
    public var minute: Int { secondOfDay / 60 % 60 }
    public var second: Int { secondOfDay % 60 }

    /// Morning, noon or evening, from the local wall time.
    public var period: DayPeriod { DayPeriod(hour: hour) }

    /// `HH:MM` in local time.
    public var localTimeText: String { "\(pad(hour, 2)):\(pad(minute, 2))" }

    /// ISO 8601 with the stored offset, e.g. `2026-11-30T07:45:00+08:00`.
    public var iso8601: String {
        let sign = offsetMinutes < 0 ? "-" : "+"
        let magnitude = abs(offsetMinutes)
        return "\(localDate)T\(localTimeText):\(pad(second, 2))\(sign)\(pad(magnitude / 60, 2)):\(pad(magnitude % 60, 2))"
    }

    /// Orders by the instant alone; the offset only changes how it is shown.
    public static func < (lhs: ZonedInstant, rhs: ZonedInstant) -> Bool {
        lhs.utcSeconds < rhs.utcSeconds
    }

    /// Parses ISO 8601 with an offset or `Z`: `2026-11-30T07:45:00+08:00`,
    /// `2026-11-30T07:45+08:00`, `2026-11-30 07:45:00Z`. Returns nil otherwise.
    public init?(iso8601 text: String) {
        let scalars = Array(text.utf8)
        guard scalars.count >= 17, scalars[10] == UInt8(ascii: "T") || scalars[10] == UInt8(ascii: " "),
            let date = CivilDate(iso: String(decoding: scalars[0..<10], as: UTF8.self))
        else { return nil }
        var rest = String(decoding: scalars[11...], as: UTF8.self)[...]
        let offset: Int
        if rest.hasSuffix("Z") || rest.hasSuffix("z") {
            offset = 0
            rest = rest.dropLast()
        } else {
            guard let signIndex = rest.lastIndex(where: { $0 == "+" || $0 == "-" }),
                let parsed = ZonedInstant.parseOffset(rest[signIndex...])
            else { return nil }
            offset = parsed
            rest = rest[..<signIndex]
        }
        guard let (hour, minute, second) = ZonedInstant.parseClock(rest) else { return nil }
        self.init(date: date, hour: hour, minute: minute, second: second, offsetMinutes: offset)
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

    /// Parses `+08:00`, `-0430` or `+08`.
    static func parseOffset(_ text: Substring) -> Int? {
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let digits = text.dropFirst().filter { $0 != ":" }
        guard digits.count == 2 || digits.count == 4, digits.allSatisfy(\.isASCIIDigit),
            text.dropFirst().count == digits.count || text.dropFirst().count == 5
        else { return nil }
        let hours = Int(digits.prefix(2))!
        let minutes = digits.count == 4 ? Int(digits.suffix(2))! : 0
        guard minutes < 60 else { return nil }
        let total = hours * 60 + minutes
        guard ZonedInstant.offsetRange.contains(total) else { return nil }
        return sign == "-" ? -total : total
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
}
