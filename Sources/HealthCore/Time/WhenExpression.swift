/// The times a person types for "when was this measured": `now`, `07:45` (today), `7:45`,
/// `7am`, `7:45pm`, `yesterday 21:30`, `yesterday 9pm`, `today 07:45`, `2026-11-30 07:45`
/// (local), or ISO 8601 with an offset.
public enum WhenExpression {
    /// The instant `text` names, relative to `now`, with local times read in `zone`.
    public static func parse(_ text: String, now: ZonedInstant, zone: any TimeZoneRule) throws(ValidationError) -> ZonedInstant {
        let trimmed = String(text.trimmingWhitespace())
        if let instant = ZonedInstant(iso8601: trimmed) { return instant }
        if trimmed.lowercased() == "now" { return now }
        let bad = ValidationError.unreadable(
            Phrase("'{text}' is not a time; use 07:45, 7:45pm, 'yesterday 21:30', '2026-11-30 07:45' or 2026-11-30T07:45:00+08:00", ["text": text]))
        var words = trimmed.split(separator: " ").map { $0.lowercased() }
        // "7:45 pm": the meridiem belongs to the clock.
        if words.count >= 2, ["am", "pm"].contains(words.last!) {
            let meridiem = words.removeLast()
            words[words.count - 1] += meridiem
        }
        var date = now.localDate
        let clock: String
        switch words.count {
        case 1:
            clock = words[0]
        case 2:
            switch words[0] {
            case "today": break
            case "yesterday": date = date.adding(days: -1)
            default:
                guard let explicit = CivilDate(iso: words[0]) else { throw bad }
                date = explicit
            }
            clock = words[1]
        default:
            throw bad
        }
        guard let (hour, minute, second) = parseClock(clock) else { throw bad }
        return try zone.wallClockInstant(date: date, hour: hour, minute: minute, second: second, written: "'\(text)'")
    }

    /// `07:45`, `7:45`, `07:45:30`, `7am`, `12pm`, `7:45pm`.
    static func parseClock(_ text: String) -> (Int, Int, Int)? {
        var clock = text
        var meridiem: Character?
        if clock.hasSuffix("am") || clock.hasSuffix("pm") {
            meridiem = clock.dropLast().last
            clock = String(clock.dropLast(2))
        }
        if let meridiem {
            let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), (1...2).contains(parts[0].count), let hour = Int(parts[0]), (1...12).contains(hour)
            else { return nil }
            var minute = 0
            if parts.count == 2 {
                guard parts[1].count == 2, let value = Int(parts[1]), value < 60 else { return nil }
                minute = value
            }
            return ((hour % 12) + (meridiem == "p" ? 12 : 0), minute, 0)
        }
        // Accept a one-digit hour: 7:45.
        let normalized = clock.prefix(while: { $0 != ":" }).count == 1 ? "0" + clock : clock
        return ZonedInstant.parseClock(normalized[...])
    }
}
