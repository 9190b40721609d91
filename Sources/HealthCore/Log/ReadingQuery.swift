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
    /// Only readings stamped with every one of these tag IDs, defined or not.
    public var tagIDs: [String]
    /// Only readings stamped with none of these tag IDs.
    public var withoutTagIDs: [String]
    /// Only the latest `limit` readings (still returned oldest first).
    public var limit: Int?

    public init(
        profileID: String? = nil, from: CivilDate? = nil, to: CivilDate? = nil,
        periods: [DayPeriod] = [], tagIDs: [String] = [], withoutTagIDs: [String] = [], limit: Int? = nil
    ) {
        self.profileID = profileID
        self.from = from
        self.to = to
        self.periods = periods
        self.tagIDs = tagIDs
        self.withoutTagIDs = withoutTagIDs
        self.limit = limit
    }

}

/// Which profile a call is about.
public enum ProfileChoice: Sendable, Equatable {
    /// This profile; it must exist.
    case named(String)
    /// The stored default, else the only profile.
    case automatic
}
