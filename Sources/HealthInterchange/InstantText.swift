import HealthCore

/// UTC instants with milliseconds, `2026-11-30T07:45:10.123Z`, for created/updated stamps.
enum InstantText {
    static func format(milliseconds: Int64) -> String {
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let instant = ZonedInstant(utcSeconds: seconds, offsetMinutes: 0)
        let millis = Int(milliseconds - seconds * 1000)
        let fraction = String(millis + 1000).dropFirst()
        return "\(instant.localDate)T\(instant.localTimeText):\(instant.second < 10 ? "0" : "")\(instant.second).\(fraction)Z"
    }

    static func parse(_ text: String) -> Int64? {
        guard let instant = ZonedInstant(iso8601: text) else { return nil }
        var millis: Int64 = 0
        if let dot = text.firstIndex(of: ".") {
            let digits = text[text.index(after: dot)...].prefix { $0.isNumber }
            millis = Int64((digits + "000").prefix(3)) ?? 0
        }
        return instant.utcSeconds * 1000 + millis
    }
}
