/// The times a person types for "when was this measured": `07:45` (today), `7:45`,
/// `yesterday 21:30`, `today 07:45`, `2026-11-30 07:45` (local), or ISO 8601 with an offset.
public enum WhenExpression {
    /// The instant `text` names, relative to `now`, with local times read in `zone`.
    public static func parse(_ text: String, now: ZonedInstant, zone: any TimeZoneRule) throws(ValidationError) -> ZonedInstant {
        let trimmed = String(text.trimmingWhitespace())
        if let instant = ZonedInstant(iso8601: trimmed) { return instant }
        let bad = ValidationError.invalid(
            "'\(text)' is not a time; use 07:45, 'yesterday 21:30', '2026-11-30 07:45' or 2026-11-30T07:45:00+08:00")
        let words = trimmed.split(separator: " ")
        var date = now.localDate
        let clock: Substring
        switch words.count {
        case 1:
            clock = words[0]
        case 2:
            switch words[0].lowercased() {
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
        // Accept a one-digit hour: 7:45.
        let normalized = clock.prefix(while: { $0 != ":" }).count == 1 ? "0" + clock : clock
        guard let (hour, minute, second) = ZonedInstant.parseClock(normalized) else { throw bad }
        guard let instant = zone.instant(date: date, hour: hour, minute: minute, second: second) else {
            throw .invalid("'\(text)' does not exist in the local time zone (a daylight-saving gap)")
        }
        return instant
    }
}
