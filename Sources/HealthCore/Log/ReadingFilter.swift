/// Which readings a listing, the figures, the report or the chart take: a tag, the absence of a
/// tag, day periods. Empty keeps every reading.
public struct ReadingFilter: Sendable, Equatable {
    /// Only readings stamped with every one of these tag IDs (defined or not).
    public var tagIDs: [String]
    /// Only readings stamped with none of these tag IDs.
    public var withoutTagIDs: [String]
    /// Only readings of these periods (any of them); all when empty.
    public var periods: [DayPeriod]

    public init(tagIDs: [String] = [], withoutTagIDs: [String] = [], periods: [DayPeriod] = []) {
        self.tagIDs = ReadingFilter.unique(tagIDs)
        self.withoutTagIDs = ReadingFilter.unique(withoutTagIDs)
        var unique: [DayPeriod] = []
        for period in periods where !unique.contains(period) { unique.append(period) }
        self.periods = unique
    }

    /// True when the filter keeps every reading.
    public var isEmpty: Bool { tagIDs.isEmpty && withoutTagIDs.isEmpty && periods.isEmpty }

    /// Every tag ID the filter names, with or without.
    public var namedTagIDs: [String] { tagIDs + withoutTagIDs }

    private static func unique(_ ids: [String]) -> [String] {
        var kept: [String] = []
        for id in ids where !kept.contains(id) { kept.append(id) }
        return kept
    }

    /// `query` narrowed by the filter.
    public func applied(to query: ReadingQuery) -> ReadingQuery {
        var narrowed = query
        narrowed.tagIDs = tagIDs
        narrowed.withoutTagIDs = withoutTagIDs
        narrowed.periods = periods
        return narrowed
    }

    /// What the filter keeps, in `strings`' language, e.g. "only readings tagged BP medication";
    /// nil without a filter. Reports and `stats` say it, so a filtered figure is never read as the whole.
    public func description(strings: StringTable, tagLabel: (String) -> String) -> String? {
        var parts: [String] = []
        // Tagged with all of them; without any of them.
        if !tagIDs.isEmpty { parts.append(strings.text("filter.tag", ["tag": strings.list(tagIDs.map(tagLabel))])) }
        if !withoutTagIDs.isEmpty { parts.append(strings.text("filter.withoutTag", ["tag": strings.alternatives(withoutTagIDs.map(tagLabel))])) }
        if !periods.isEmpty {
            parts.append(strings.text("filter.periods", ["periods": strings.alternatives(periods.map { strings.text($0.rawValue).lowercased() })]))
        }
        return parts.isEmpty ? nil : strings.list(parts)
    }

    /// The filter as JSON: `{"tag", "withoutTag", "periods", "tags", "withoutTags"}`, or null
    /// when empty. `tag` and `withoutTag` (the first of each) are kept from before filters took
    /// several tags.
    public var json: JSONValue {
        guard !isEmpty else { return .null }
        return .object([
            ("tag", .optional(tagIDs.first)), ("withoutTag", .optional(withoutTagIDs.first)),
            ("tags", .array(tagIDs.map(JSONValue.string))), ("withoutTags", .array(withoutTagIDs.map(JSONValue.string))),
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
