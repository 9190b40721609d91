import HealthAnalytics
public import HealthCore

/// The command line's own lines, from the `cli.` keys of `Templates/strings/<code>.json`, the
/// tables the report uses: every word a person reads comes from there, in English or Chinese.
/// JSON and CSV keys never do.
extension StringTable {
    /// The terminal's words in `language`: the table of the Templates folder in force when it
    /// has the command line's `cli.` strings, else of the first folder further down that has
    /// them (a Templates folder of one's own may be older than HealthLog's words); nil when none has.
    public static func terminalWords(_ language: Language, environment: [String: String]) throws(TemplateError) -> StringTable? {
        let table = try load(language, from: try TemplatesFolder.locate(environment: environment))
        if table.has(terminalWordsKey) { return table }
        return TemplatesFolder.all(environment: environment).lazy.compactMap { try? load(language, from: $0) }.first { $0.has(terminalWordsKey) }
    }

    /// A key every table with the command line's words has.
    private static let terminalWordsKey = "cli.list.col.date"

    /// `1 reading`, `4 readings` / `4 次读数`: `cli.count.<noun>.one` for one, else `cli.count.<noun>`.
    public func counted(_ count: Int, _ noun: String) -> String {
        text(count == 1 ? "cli.count.\(noun).one" : "cli.count.\(noun)", ["n": String(count)])
    }

    /// `morning` / `早晨`, as the terminal names a time of day.
    public func periodName(_ period: DayPeriod) -> String { cli("period.\(period.rawValue)") }

    /// The slot of `reading` in words (``ReadingSlot``): a reading from 02:00 to 03:59 is
    /// `night` / `夜间`, not the evening it is counted with (JSON keeps its `period`, evening).
    public func periodName(of reading: Reading) -> String { ReadingSlot(reading).word(in: self) }

    /// `all dates`, `since 2026-11-01`, `up to …`, `2026-11-01 – 2026-11-30`.
    public func range(_ range: DateRange) -> String {
        switch (range.from, range.to) {
        case let (from?, to?): cli("range.between", ["from": from.description, "to": to.description])
        case let (from?, nil): cli("range.since", ["from": from.description])
        case let (nil, to?): cli("range.upTo", ["to": to.description])
        case (nil, nil): cli("range.all")
        }
    }

    /// `Mon 2026-11-30` / `周一 2026-11-30`.
    public func weekdayAndDate(_ date: CivilDate) -> String { "\(weekday(date)) \(date)" }

    /// `2026-11-30 Mon` / `2026-11-30 周一`, the date column of `list`.
    public func dateAndWeekday(_ date: CivilDate, short: Bool = false) -> String {
        "\(short ? String(date.description.dropFirst(5)) : date.description) \(weekday(date))"
    }
}
