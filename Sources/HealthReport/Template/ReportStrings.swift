import FoundationEssentials
public import HealthCore

/// Every label of the report in one language, loaded from `Templates/strings/LANG.json`.
public struct ReportStrings: Decodable, Sendable {
    /// `en` or `zh-Hans`.
    public let language: String
    let months: [String]
    let weekdays: [String]
    let strings: [String: String]

    /// The languages there are strings for.
    public static let languages = ["en", "zh-Hans"]

    /// Keys every strings file must define (checked at load time).
    static let requiredKeys = [
        "title", "otherTitle", "dateLong", "dateShort", "dateTick", "monthTick", "born", "female", "male", "other", "range",
        "footer", "summary", "homeAverage", "overallMean", "protocolDetail", "insufficient", "aboveTarget", "atTarget",
        "target", "threshold", "periodTable", "period", "morning", "noon", "evening", "all", "count", "meanBP", "sd",
        "pulse", "lowest", "highest", "morningEvening", "aboveShare", "alerts", "alertsDetail", "weight", "noWeight",
        "tags", "tag", "with", "without", "difference", "noTags", "chart", "legendSystolic", "legendDiastolic",
        "legendPulse", "legendTarget", "legendDailyMean", "log", "logContinued", "colDate", "colPeriod", "colTime",
        "colSystolic", "colDiastolic", "colPulse", "colWeight", "colTags", "colNote", "mean", "maximum", "minimum",
        "legendLog", "mmHg",
    ]

    func validate(file: String) throws(ReportError) {
        for key in ReportStrings.requiredKeys where strings[key]?.isEmpty ?? true {
            throw .template(file: file, key: "strings.\(key)", reason: "is missing")
        }
        guard months.count == 12 else { throw .template(file: file, key: "months", reason: "must list 12 months") }
        guard weekdays.count == 7 else { throw .template(file: file, key: "weekdays", reason: "must list 7 weekdays, Monday first") }
    }

    /// The string for `key` with `{name}` placeholders filled in.
    public func text(_ key: String, _ values: [String: String] = [:]) -> String {
        let pattern = strings[key] ?? key
        guard !values.isEmpty, pattern.contains("{") else { return pattern }
        // One pass: copy text, and swap each {name} for its value (unknown names stay as written).
        var result = ""
        var rest = pattern[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = String(rest[rest.index(after: open)..<close])
            result += values[name] ?? "{\(name)}"
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result
    }

    /// `30 Nov 2026` / `2026年11月30日`.
    public func longDate(_ date: CivilDate) -> String { format(date, pattern: "dateLong") }

    /// `Mon 30 Nov` / `11月30日 周一`, for the log.
    public func shortDate(_ date: CivilDate) -> String { format(date, pattern: "dateShort") }

    /// `30 Nov` / `11/30`, for chart ticks.
    public func tickDate(_ date: CivilDate) -> String { format(date, pattern: "dateTick") }

    /// `Nov 2026` / `2026年11月`, for month ticks and bookmarks.
    public func monthLabel(_ date: CivilDate) -> String { format(date, pattern: "monthTick") }

    private func format(_ date: CivilDate, pattern: String) -> String {
        text(pattern, [
            "yyyy": String(date.year), "m": String(date.month), "d": String(date.day),
            "mon": months[date.month - 1], "wd": weekdays[date.isoWeekday - 1],
        ])
    }
}
