import HealthAnalytics
public import HealthCore

/// What the `list` table must know of all its readings before its first row: the widths of its
/// tags and notes, which columns are empty, whether times after midnight or shared wall-clock
/// times need room. Counted one reading at a time, in time order, so a listing of any size is
/// surveyed in flat memory.
public struct ReadingTableSurvey {
    fileprivate let text: ReadingText
    /// Tags named by their labels (on a terminal), else by their ids (through a pipe).
    fileprivate let labelled: Bool
    /// The readings counted.
    public private(set) var count = 0
    fileprivate var shared = SharedWallClockMinutes()
    fileprivate var afterMidnight = false
    fileprivate var widestTags = 0
    fileprivate var widestNote = 0
    fileprivate var hasWeight = false
    fileprivate var hasTags = false
    fileprivate var hasNote = false
    fileprivate var hasOffice = false

    fileprivate init(text: ReadingText, labelled: Bool) {
        self.text = text
        self.labelled = labelled
    }

    /// Counts `reading`, which is no earlier than the ones counted before it.
    public mutating func add(_ reading: Reading) {
        count += 1
        shared.add(reading.takenAt)
        if reading.takenAt.isAfterMidnight { afterMidnight = true }
        let tags = tagNames(reading).joined(separator: text.tagSeparator(labelled: labelled))
        let note = reading.note.visibleControls(lineBreaks: .symbol)
        widestTags = Swift.max(widestTags, tags.displayWidth)
        widestNote = Swift.max(widestNote, note.displayWidth)
        if !tags.isEmpty { hasTags = true }
        if !note.isEmpty { hasNote = true }
        if reading.weightGrams != nil { hasWeight = true }
        if reading.site == .office { hasOffice = true }
    }

    /// A reading's tags as the table names them, made safe for a terminal.
    fileprivate func tagNames(_ reading: Reading) -> [String] {
        reading.tagIDs.map { (labelled ? text.labels.label(of: $0) : $0).visibleControls(lineBreaks: .symbol) }
    }
}

/// The `list` table laid out for the readings a ``ReadingTableSurvey`` counted: its title line,
/// then one line per reading, given in the same order, then the legend.
public struct ReadingTable {
    /// The bold line of column titles.
    public let titles: String
    /// The office mark's legend when an office reading is listed; else empty.
    public let legend: String
    private let survey: ReadingTableSurvey
    private let layout: TerminalTable<ReadingText.ListColumn>
    private let rules: ReadingRules
    private let datesOnEveryRow: Bool
    private let shortDates: Bool
    private let shortTimes: Bool
    private var lastDay: CivilDate?

    fileprivate init(_ survey: ReadingTableSurvey, profile: Profile, datesOnEveryRow: Bool, width: Int?) {
        let text = survey.text
        let words = text.words
        self.survey = survey
        self.datesOnEveryRow = datesOnEveryRow
        rules = text.rules(profile)
        // The widest a time after midnight is written (a two-digit day), and its short form's.
        let midnightWidth = words.text("afterMidnight", ["time": "00:00", "weekday": words.weekday(CivilDate(dayNumber: 0)), "day": "30"]).displayWidth - 5
        // Readings of the hour the clocks go back show their offset, or two would look the same.
        let timeWidth = (survey.shared.isEmpty ? 5 : 12) + (survey.afterMidnight ? midnightWidth : 0)
        let dateWidth = words.dateAndWeekday(CivilDate(dayNumber: 0)).displayWidth
        let periodWidth = ReadingSlot.allCases.map { $0.word(in: words).displayWidth }.max() ?? 7
        let widest = { (most: Int, cap: Int?) -> Int in cap.map { Swift.min($0, most) } ?? most }
        let title = { (key: String) in words.cli("list.col.\(key)") }
        var layout = TerminalTable<ReadingText.ListColumn>([
            .init(.id, title("id"), 8), .init(.date, title("date"), dateWidth, narrow: dateWidth - 5),
            .init(.time, title("time"), timeWidth, narrow: survey.afterMidnight ? timeWidth - (midnightWidth - " (30)".count) : nil),
            .init(.period, title("period"), Swift.max(7, periodWidth)),
            .init(.bp, title("bp"), 9), .init(.pulse, title("pulse"), 5), .init(.weight, title("weight"), 6),
            .init(.tags, title("tags"), Swift.max(4, widest(survey.widestTags, width == nil ? nil : 20))),
            .init(.note, title("note"), Swift.max(4, widest(survey.widestNote, width == nil ? nil : 30))),
        ])
        // Columns with nothing in them go first; then notes and tags are cut (to 12 and 10); then
        // Period, Weight, Tags, ID and Note are left out, then dates lose their year and times
        // after midnight their weekday; the note, last, takes what is left. Date, time, BP and pulse stay.
        let empty: [ReadingText.ListColumn] = (survey.hasWeight ? [] : [.weight]) + (survey.hasTags ? [] : [.tags]) + (survey.hasNote ? [] : [.note])
        layout.fit(width, empty.map { .drop($0) } + [
            .cut(.note, least: 12), .cut(.tags, least: 10), .drop(.period), .drop(.weight), .drop(.tags), .drop(.id), .drop(.note),
            .narrow(.date), .narrow(.time), .cut(.note, least: 4),
        ])
        self.layout = layout
        (shortDates, shortTimes) = (layout.column(.date)?.isNarrow ?? false, layout.column(.time)?.isNarrow ?? false)
        // Titles of number columns sit right, over the numbers' last digits.
        let titles = layout.columns.map { [.pulse, .weight].contains($0.key) ? $0.title.leftPadding($0.width) : $0.title.padding($0.width) }
        self.titles = text.style.bold(layout.row(titles).trimmingTrailingSpaces()) + "\n"
        legend = survey.hasOffice ? text.style.dim(words.cli("list.officeLegend")) + "\n" : ""
    }

    /// The line of `reading`, the next in the surveyed order.
    public mutating func row(_ reading: Reading) -> String {
        let text = survey.text
        let words = text.words
        let day = reading.measurementDay
        let dateCell = day == lastDay && !datesOnEveryRow ? "" : words.dateAndWeekday(day, short: shortDates)
        lastDay = day
        let facts = rules.facts(of: reading)
        let cells = layout.columns.map { column -> String in
            switch column.key {
            case .id: return text.shortID(reading.id)
            case .date: return dateCell.padding(column.width)
            case .time:
                let taken = shortTimes && reading.takenAt.isAfterMidnight
                    ? "\(reading.takenAt.localTimeText) (\(reading.takenAt.localDate.day))" : text.timeAsTaken(reading.takenAt)
                return (taken + (survey.shared.contains(reading.takenAt) ? " " + reading.takenAt.offsetText : "")).padding(column.width)
            case .period: return facts.slot.word(in: words).padding(column.width)
            case .bp:
                let pressure = reading.bloodPressure.map { "\($0)" + (facts.isOffice ? " ᵒ" : "") } ?? ""
                let cell = pressure.padding(column.width)
                return facts.atOrAboveTarget ? text.style.red(cell) : cell
            case .pulse: return (reading.pulse.map(String.init) ?? "").leftPadding(column.width)
            case .weight: return (reading.weightGrams.map { formatKilograms(($0 + 50) / 100 * 100) } ?? "").leftPadding(column.width)
            case .tags:
                return text.tagList(survey.tagNames(reading), separator: text.tagSeparator(labelled: survey.labelled), width: column.width)
                    .padding(column.width)
            case .note: return reading.note.visibleControls(lineBreaks: .symbol).clipped(toWidth: column.width)
            }
        }
        return layout.row(cells).trimmingTrailingSpaces() + "\n"
    }
}

extension ReadingText {
    /// An empty survey for a `list` table `width` columns wide (nil: a pipe).
    public func tableSurvey(width: Int?) -> ReadingTableSurvey {
        ReadingTableSurvey(text: self, labelled: width != nil)
    }

    /// The `list` table of the readings `survey` counted, for `profile`; see ``table(_:profile:datesOnEveryRow:width:)``.
    public func table(_ survey: ReadingTableSurvey, profile: Profile, datesOnEveryRow: Bool = false, width: Int? = nil) -> ReadingTable {
        ReadingTable(survey, profile: profile, datesOnEveryRow: datesOnEveryRow, width: width)
    }

    /// Between tag names: `, ` on a terminal, `,` through a pipe.
    func tagSeparator(labelled: Bool) -> String { labelled ? ", " : "," }
}
