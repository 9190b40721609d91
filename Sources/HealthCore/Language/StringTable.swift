/// Every label in one language, from `Templates/strings/<code>.json`: the report's, the
/// terminal's category and guideline names, and how dates are written.
///
/// ```swift
/// let table = try StringTable.load(.chinese, from: folder)
/// table.text("range", ["from": "…", "to": "…"])
/// ```
public struct StringTable: Sendable {
    public let language: Language
    private let months: [String]
    private let weekdays: [String]
    private let strings: [String: String]
    /// Translations of the libraries' sentences, by their English pattern (see ``Phrase``).
    private let phrases: [String: String]

    /// Keys every strings file must define (checked when it is loaded).
    public static let requiredKeys = [
        "title", "otherTitle", "dateLong", "dateShort", "dateTick", "monthTick", "born", "female", "male", "other", "range",
        "footer", "summary", "homeAverage", "overallMean", "protocolDetail", "insufficient", "aboveTarget", "atTarget",
        "target", "threshold", "periodTable", "period", "morning", "noon", "evening", "all", "count", "meanBP", "sd",
        "pulse", "lowest", "highest", "morningEvening", "aboveShare", "alerts", "alertsDetail", "weight", "noWeight",
        "tags", "tag", "with", "without", "difference", "noTags", "chart", "legendSystolic", "legendDiastolic",
        "legendPulse", "legendTarget", "legendDailyMean", "log", "logContinued", "colDate", "colPeriod", "colTime",
        "colSystolic", "colDiastolic", "colPulse", "colWeight", "colTags", "colNote", "mean", "maximum", "minimum",
        "legendLog", "mmHg", "listSeparator", "listOr", "dateTickYear", "dateShortYear",
    ]

    /// Makes a table from its parts (for tests and tools; files use ``load(_:from:)``).
    public init(language: Language, months: [String], weekdays: [String], strings: [String: String], phrases: [String: String] = [:]) {
        self.language = language
        self.months = months
        self.weekdays = weekdays
        // Chinese words are spaced once, here and as values are filled in (``ChineseSpacing``).
        self.strings = language == .chinese ? strings.mapValues(ChineseSpacing.template) : strings
        self.phrases = phrases
    }

    /// Loads and checks `strings/<code>.json` in `folder`.
    public static func load(_ language: Language, from folder: TemplatesFolder) throws(TemplateError) -> StringTable {
        let path = "\(folder.directory)/strings/\(language.code).json"
        let document = try TemplatesFolder.document(at: path)
        let table: StringTable
        let phrases = try phrases(language, in: folder)
        do throws(ValidationError) {
            let fields = try JSONFields(document)
            guard let members = try fields.required("strings").members, members.allSatisfy({ $0.1.string != nil }) else {
                throw ValidationError.invalid(Phrase("'{key}' must be an object of strings", ["key": "strings"]))
            }
            table = StringTable(
                language: language, months: try fields.strings("months"), weekdays: try fields.strings("weekdays"),
                strings: Dictionary(members.map { ($0.0, $0.1.string!) }, uniquingKeysWith: { first, _ in first }),
                phrases: phrases)
        } catch {
            throw TemplatesFolder.fileError(error, path: path)
        }
        for key in requiredKeys where table.strings[key]?.isEmpty ?? true {
            throw .file(path: path, key: "strings.\(key)", reason: Phrase("is missing"))
        }
        guard table.months.count == 12 else { throw .file(path: path, key: "months", reason: Phrase("must list 12 months")) }
        guard table.weekdays.count == 7 else { throw .file(path: path, key: "weekdays", reason: Phrase("must list 7 weekdays, Monday first")) }
        return table
    }

    /// The translations in `strings/phrases/<code>/*.json`, one file per module, each an object
    /// `{"phrases": {"English pattern": "translation"}}`; none for a language without the folder.
    private static func phrases(_ language: Language, in folder: TemplatesFolder) throws(TemplateError) -> [String: String] {
        let subfolder = "strings/phrases/\(language.code)"
        var all: [String: String] = [:]
        for name in folder.names(in: subfolder, endingIn: ".json") {
            let path = "\(folder.directory)/\(subfolder)/\(name)"
            let document = try TemplatesFolder.document(at: path)
            do throws(ValidationError) {
                guard let members = try JSONFields(document).required("phrases").members, members.allSatisfy({ $0.1.string != nil }) else {
                    throw ValidationError.invalid(Phrase("'{key}' must be an object of strings", ["key": "phrases"]))
                }
                for (pattern, translation) in members { all[pattern] = translation.string! }
            } catch {
                throw TemplatesFolder.fileError(error, path: path)
            }
        }
        return all
    }

    /// True when the table has `key`.
    public func has(_ key: String) -> Bool { strings[key] != nil }

    /// The string for `key` with `{name}` placeholders filled in; the key itself when missing.
    public func text(_ key: String, _ values: [String: String] = [:]) -> String {
        language == .chinese ? ChineseSpacing.fill(strings[key] ?? key, values) : Placeholders.fill(strings[key] ?? key, values)
    }

    /// The string `cli.<key>` with its `{name}` placeholders filled in: the command line's own
    /// words, which its toolkit (help, usage errors) and the presentation layer both say.
    public func cli(_ key: String, _ values: [String: String] = [:]) -> String { text("cli." + key, values) }

    /// The library's sentence `phrase` in this table's language, from the translations in
    /// `strings/phrases/<code>/`; English tables (and a pattern not translated) say its English.
    public func say(_ phrase: Phrase) -> String {
        phrase.said { phrases[$0] }
    }


    /// `30 Nov 2026` / `2026年11月30日`.
    public func longDate(_ date: CivilDate) -> String { format(date, pattern: "dateLong") }

    /// `Mon 30 Nov` / `11月30日 周一`, for the log.
    public func shortDate(_ date: CivilDate) -> String { format(date, pattern: "dateShort") }

    /// `30 Nov` / `11/30`, for chart ticks.
    public func tickDate(_ date: CivilDate) -> String { format(date, pattern: "dateTick") }

    /// `Nov 2026` / `2026年11月`, for month ticks and bookmarks.
    public func monthLabel(_ date: CivilDate) -> String { format(date, pattern: "monthTick") }

    /// The date in the form named by `pattern` (a key such as `dateLong`).
    public func format(_ date: CivilDate, pattern: String) -> String {
        text(pattern, [
            "yyyy": String(date.year), "m": String(date.month), "d": String(date.day),
            "mon": months[date.month - 1], "wd": weekdays[date.isoWeekday - 1],
        ])
    }

    /// `30 Nov 2026` / `2026年11月30日` when `withYear`, else ``tickDate(_:)``: a range that
    /// crosses a year puts the year on every date.
    public func tickDate(_ date: CivilDate, withYear: Bool) -> String {
        format(date, pattern: withYear ? "dateTickYear" : "dateTick")
    }

    /// ``shortDate(_:)`` with the year when `withYear`.
    public func shortDate(_ date: CivilDate, withYear: Bool) -> String {
        format(date, pattern: withYear ? "dateShortYear" : "dateShort")
    }

    /// Items joined as the language lists them: `a, b, c` / `a、b、c`.
    public func list(_ items: [String]) -> String { joined(items, text("listSeparator")) }

    /// Alternatives: `coffee or exercise` / `咖啡或运动`.
    public func alternatives(_ items: [String]) -> String { joined(items, text("listOr")) }

    /// `items` joined by `separator`, Chinese spaced at each join (``ChineseSpacing``).
    private func joined(_ items: [String], _ separator: String) -> String {
        language == .chinese ? ChineseSpacing.join(items, separator: separator) : items.joined(separator: separator)
    }

    /// The wall time of `instant` as it was taken: `07:45`, and for a reading after midnight that
    /// counts for the day before, its calendar day too: `00:30 (Mon 2)` / `00:30（周一 2日）`.
    public func timeAsTaken(_ instant: ZonedInstant) -> String {
        guard instant.isAfterMidnight else { return instant.localTimeText }
        let date = instant.localDate
        return text("afterMidnight", ["time": instant.localTimeText, "weekday": weekday(date), "day": String(date.day)])
    }

    /// "morning and evening" / 早晨和晚上.
    public func conjunction(_ items: [String]) -> String { joined(items, text("listAnd")) }

    /// The short weekday name of `date`: `Mon` / `周一`.
    public func weekday(_ date: CivilDate) -> String { weekdays[date.isoWeekday - 1] }
}
