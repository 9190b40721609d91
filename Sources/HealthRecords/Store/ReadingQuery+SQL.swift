import HealthCore

extension ReadingQuery {
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
        for tagID in tagIDs {
            conditions.append("instr(tags, ?) > 0")
            values.append(.text(";\(tagID);"))
        }
        for tagID in withoutTagIDs {
            conditions.append("instr(tags, ?) = 0")
            values.append(.text(";\(tagID);"))
        }
        let sql = conditions.joined(separator: " AND ")
        return (sql, values)
    }
}
