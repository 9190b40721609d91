/// Which readings a listing, the figures, the report or the chart take: a tag, the absence of a
/// tag, day periods. Empty keeps every reading.
public struct ReadingFilter: Sendable, Equatable {
    /// Only readings stamped with this tag ID (defined or not).
    public var tagID: String?
    /// Only readings not stamped with this tag ID.
    public var withoutTagID: String?
    /// Only readings of these periods (any of them); all when empty.
    public var periods: [DayPeriod]

    public init(tagID: String? = nil, withoutTagID: String? = nil, periods: [DayPeriod] = []) {
        self.tagID = tagID
        self.withoutTagID = withoutTagID
        var unique: [DayPeriod] = []
        for period in periods where !unique.contains(period) { unique.append(period) }
        self.periods = unique
    }

    /// True when the filter keeps every reading.
    public var isEmpty: Bool { tagID == nil && withoutTagID == nil && periods.isEmpty }

    /// `query` narrowed by the filter.
    public func applied(to query: ReadingQuery) -> ReadingQuery {
        var narrowed = query
        narrowed.tagID = tagID
        narrowed.withoutTagID = withoutTagID
        narrowed.periods = periods
        return narrowed
    }

    /// What the filter keeps, in `strings`' language, e.g. "only readings tagged BP medication";
    /// nil without a filter. Reports and `stats` say it, so a filtered figure is never read as the whole.
    public func description(strings: StringTable, tagLabel: (String) -> String) -> String? {
        var parts: [String] = []
        if let tagID { parts.append(strings.text("filter.tag", ["tag": tagLabel(tagID)])) }
        if let withoutTagID { parts.append(strings.text("filter.withoutTag", ["tag": tagLabel(withoutTagID)])) }
        if !periods.isEmpty {
            parts.append(strings.text("filter.periods", ["periods": strings.alternatives(periods.map { strings.text($0.rawValue).lowercased() })]))
        }
        return parts.isEmpty ? nil : strings.list(parts)
    }

    /// The filter as JSON: `{"tag", "withoutTag", "periods"}`, or null when empty.
    public var json: JSONValue {
        guard !isEmpty else { return .null }
        return .object([
            ("tag", .optional(tagID)), ("withoutTag", .optional(withoutTagID)),
            ("periods", .array(periods.map { .string($0.rawValue) })),
        ])
    }
}

/// A range of measurement days, either end open.
public struct DateRange: Sendable, Equatable {
    public var from: CivilDate?
    public var to: CivilDate?
    /// True when the range runs up to today (`--last`, `--from` alone, or `--to today`): then no
    /// reading taken so far is left out, whatever its offset.
    public var endsToday: Bool

    public init(from: CivilDate? = nil, to: CivilDate? = nil, endsToday: Bool = false) {
        self.from = from
        self.to = to
        self.endsToday = endsToday
    }

    /// Every date.
    public static let all = DateRange()

    /// The last day to fetch readings for: open when the range ends today, so no reading taken
    /// so far is left out (none can be from later than now).
    public var queryTo: CivilDate? { endsToday ? nil : to }

    /// `2026-11-01 – 2026-11-30`, `since 2026-11-01`, `up to 2026-11-30`, or `all dates`.
    public var description: String {
        switch (from, to) {
        case let (from?, to?): "\(from) – \(to)"
        case let (from?, nil): "since \(from)"
        case let (nil, to?): "up to \(to)"
        case (nil, nil): "all dates"
        }
    }
}
