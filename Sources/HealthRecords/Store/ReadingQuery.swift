public import HealthCore

/// Which readings to fetch. Every filter is optional; dates are measurement days (a day runs
/// from 04:00 to 03:59 local time, so a reading at 00:40 belongs to the day before).
public struct ReadingQuery: Sendable {
    public var profileID: String?
    /// First measurement day, inclusive.
    public var from: CivilDate?
    /// Last measurement day, inclusive.
    public var to: CivilDate?
    /// Only readings of these periods (any of them); all when empty.
    public var periods: [DayPeriod]
    /// Only readings stamped with this tag ID, defined or not.
    public var tagID: String?
    /// Only readings not stamped with this tag ID.
    public var withoutTagID: String?
    /// Only the latest `limit` readings (still returned oldest first).
    public var limit: Int?

    public init(
        profileID: String? = nil, from: CivilDate? = nil, to: CivilDate? = nil,
        periods: [DayPeriod] = [], tagID: String? = nil, withoutTagID: String? = nil, limit: Int? = nil
    ) {
        self.profileID = profileID
        self.from = from
        self.to = to
        self.periods = periods
        self.tagID = tagID
        self.withoutTagID = withoutTagID
        self.limit = limit
    }

    /// The WHERE condition (empty for none) and its bound values.
    func whereClause() -> (sql: String, values: [SQLValue]) {
        var conditions: [String] = []
        var values: [SQLValue] = []
        let localTime = "(taken_at + utc_offset_min * 60)"
        // Measurement days are bounded in UTC too, widened by the largest offset, so the
        // (profile_id, taken_at) index narrows the scan before the exact local test.
        let widest = Int64(ValueLimits.offsetMinutes.range.upperBound * 60)
        let dayStart = Int64(DayPeriod.dayStartHour * 3600)
        if let profileID {
            conditions.append("profile_id = ?")
            values.append(.text(profileID))
        }
        if let from {
            let start = Int64(from.dayNumber) * 86_400 + dayStart
            conditions.append("taken_at >= ? AND \(localTime) >= ?")
            values += [.integer(start - widest), .integer(start)]
        }
        if let to {
            let end = Int64(to.dayNumber + 1) * 86_400 + dayStart
            conditions.append("taken_at < ? AND \(localTime) < ?")
            values += [.integer(end + widest), .integer(end)]
        }
        if !periods.isEmpty {
            let hours = Set(periods.flatMap(\.hours)).sorted().map(String.init).joined(separator: ",")
            conditions.append("((\(localTime) % 86400 + 86400) % 86400) / 3600 IN (\(hours))")
        }
        if let tagID {
            conditions.append("instr(tags, ?) > 0")
            values.append(.text(";\(tagID);"))
        }
        if let withoutTagID {
            conditions.append("instr(tags, ?) = 0")
            values.append(.text(";\(withoutTagID);"))
        }
        let sql = conditions.joined(separator: " AND ")
        return (sql, values)
    }
}

/// Which profile a call is about.
public enum ProfileChoice: Sendable, Equatable {
    /// This profile; it must exist.
    case named(String)
    /// The stored default, else the only profile.
    case automatic
}
