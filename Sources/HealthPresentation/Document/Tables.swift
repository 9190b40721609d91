import HealthAnalytics
import HealthCore

/// The figures of the whole range that `stats` lists under its period table.
public struct WholeRangeFigures: Sendable {
    /// "Morning − evening over the whole range +6/+3 mmHg"; nil without both.
    public let morningEvening: String?
    /// "at or above target 47% · SYS 110–130: 29%"; nil without home blood pressure.
    public let shares: String?
    /// "MAP 97.4 · pulse pressure 55.4 mmHg"; nil without home blood pressure.
    public let meanArterialPressure: String?

    init(_ words: DocumentWords) {
        let (summary, strings) = (words.summary, words.strings)
        morningEvening = WholeRangeFigures.morningEvening(summary).map { "\(strings.text("wholeRange.morningEvening")) \($0) mmHg" }
        if let share = summary.atOrAboveTargetPercent {
            // With no target set, the share is of the guideline's threshold, and says so.
            let key = summary.goals.targetSource == .threshold ? "cli.stats.atOrAboveThreshold" : "cli.stats.atOrAboveTarget"
            shares = strings.text(key, ["percent": Figures.percent(share)]) + " · " + strings.text("cli.stats.timeInRange", [
                "low": String(summary.options.targetRange.lowerBound), "high": String(summary.options.targetRange.upperBound),
                "percent": Figures.percent(summary.timeInTargetPercent ?? 0),
            ])
        } else {
            shares = nil
        }
        meanArterialPressure = zip2(summary.meanArterialPressure, summary.pulsePressure).map {
            strings.text("cli.stats.map", ["map": Figures.oneDecimal($0.0), "pulsePressure": Figures.oneDecimal($0.1)])
        }
    }

    /// Morning minus evening over the range as `+6/+3`: the difference of the period means as
    /// printed, so it always equals the difference of the figures beside it.
    static func morningEvening(_ summary: BPSummary) -> String? {
        summary.shownMorningEveningDifference.map { SummaryWording.signedPair($0.systolic, $0.diastolic) }
    }
}

private func zip2<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}

/// The readings of each part of the day, and of them all: the report's table of whole means with
/// their extremes, and `stats`' of means ± SD with their ranges.
public struct PeriodTable: Sendable {
    /// "By time of day".
    public let title: String
    /// The report's column titles: period, n, mean, SD, pulse, lowest, highest.
    public let columns: [String]
    /// `stats`' column titles: n, SYS mean ± SD, DIA mean ± SD, pulse, SYS range, DIA range.
    public let terminalColumns: [String]
    /// Morning, noon, evening, then all (the total).
    public let rows: [PeriodRow]

    init(_ words: DocumentWords) {
        let (summary, strings) = (words.summary, words.strings)
        title = strings.text("periodTable")
        columns = ["period", "count", "meanBP", "sd", "pulse", "lowest", "highest"].map { strings.text($0) }
        terminalColumns = ["n", "sysMean", "diaMean", "pulse", "sysRange", "diaRange"].map { strings.text("cli.stats.col.\($0)") }
        rows = [
            (strings.text("morning"), summary.periods[.morning]!, false), (strings.text("noon"), summary.periods[.noon]!, false),
            (strings.text("evening"), summary.periods[.evening]!, false), (strings.text("all"), summary.overall, true),
        ].map { PeriodRow(name: $0.0, group: $0.1, isTotal: $0.2, words: words) }
    }
}

/// One row of the period table, every figure formatted once, in each form a front end prints it.
public struct PeriodRow: Sendable {
    public let name: String
    public let isTotal: Bool
    /// Readings with blood pressure or pulse.
    public let count: String
    /// `138/86` in whole mmHg, or `—`.
    public let mean: String
    /// `9.1/6.2`, or `—`.
    public let sd: String
    /// `72` bpm, or `—`.
    public let pulse: String
    /// `130 (24 Nov)`: the lowest and highest systolic with the day it was taken, or `—`.
    public let lowest: String
    public let highest: String
    /// `141.0 ± 10.7` (or the mean alone), empty without readings.
    public let systolicMeanSD: String
    public let diastolicMeanSD: String
    /// `70.0`, empty without pulse.
    public let pulseOneDecimal: String
    /// `130–180`, empty without readings.
    public let systolicRange: String
    public let diastolicRange: String

    init(name: String, group: GroupStatistics, isTotal: Bool, words: DocumentWords) {
        self.name = name
        self.isTotal = isTotal
        count = String(group.count)
        let (systolic, diastolic) = (group.systolic, group.diastolic)
        mean = systolic.mean.map { "\(Figures.whole($0))/\(Figures.whole(diastolic.mean!))" } ?? "—"
        sd = systolic.sd.map { "\(Figures.oneDecimal($0))/\(Figures.oneDecimal(diastolic.sd!))" } ?? "—"
        pulse = group.pulse.mean.map(Figures.whole) ?? "—"
        // The day an extreme was taken, as the calendar has it: 170 at 03:50 on Mon 30 Nov is "30 Nov".
        lowest = systolic.min.map { "\($0.value) (\(words.date($0.takenAt.localDate)))" } ?? "—"
        highest = systolic.max.map { "\($0.value) (\(words.date($0.takenAt.localDate)))" } ?? "—"
        systolicMeanSD = Figures.meanAndSD(systolic.mean, systolic.sd) ?? ""
        diastolicMeanSD = Figures.meanAndSD(diastolic.mean, diastolic.sd) ?? ""
        pulseOneDecimal = group.pulse.mean.map(Figures.oneDecimal) ?? ""
        let range = { (statistics: MeasureStatistics) in
            zip2(statistics.min, statistics.max).map { "\($0.0.value)–\($0.1.value)" } ?? ""
        }
        systolicRange = range(systolic)
        diastolicRange = range(diastolic)
    }
}

/// Week by week, month by month or year by year, with the first and last compared in words;
/// nil with fewer than two rows.
public struct TrendSection: Sendable {
    public struct Row: Sendable {
        /// "Week of 3 Nov", "Nov 2026" or "2026".
        public let label: String
        public let count: String
        /// `138/86`.
        public let mean: String
    }

    /// "Week by week".
    public let title: String
    /// The report's column titles: the step, n, mean.
    public let columns: [String]
    public let rows: [Row]
    /// "first week 145/88 → last week 138/86"; nil without two full ends.
    public let words: String?

    init?(_ words: DocumentWords) {
        let (summary, strings) = (words.summary, words.strings)
        guard let trend = summary.trend, trend.rows.count >= 2 else { return nil }
        title = strings.text("trend.\(trend.step.rawValue)")
        columns = [strings.text("trend.col.\(trend.step.rawValue)"), strings.text("count"), strings.text("meanBP")]
        rows = trend.rows.map { Row(label: words.wording.trendLabel($0), count: String($0.mean.count), mean: SummaryWording.pressure($0.mean)) }
        self.words = words.wording.trendWords
    }
}

/// Each tag's readings against the others', compared within the same time of day, never raw.
public struct TagSection: Sendable {
    public struct Row: Sendable {
        public let tag: String
        /// The tag's label, and its colour (`#RRGGBB`, nil without a definition).
        public let label: String
        public let color: String?
        /// `124/74 (n=10)` as the report writes a side, `n=10 124/74` as `stats` does.
        public let with: String
        public let without: String
        public let terminalWith: String
        public let terminalWithout: String
        /// `−11/−3`, or "too few readings".
        public let difference: String
        /// `Evening`, `Morning, Evening` / `pm` as `stats` abbreviates them.
        public let periods: String
        public let terminalPeriods: String
        /// Enough readings on each side for the difference to be shown.
        public let sufficient: Bool
    }

    /// "Compared within the same time of day".
    public let title: String
    /// "Descriptive only: not evidence of cause."
    public let caveat: String
    /// The report's column titles: tag, with, without, difference, periods compared.
    public let columns: [String]
    /// `stats`' column titles.
    public let terminalColumns: [String]
    public let rows: [Row]

    init?(_ words: DocumentWords) {
        let (summary, strings) = (words.summary, words.strings)
        guard !summary.tags.isEmpty else { return nil }
        title = strings.text("tags.adjusted")
        caveat = strings.text("tags.caveat")
        columns = [
            strings.text("tag"), strings.text("with"), strings.text("without"), strings.text("tags.adjustedDifference"), strings.text("tags.periods"),
        ]
        terminalColumns = ["tag", "with", "without", "difference", "compared"].map { strings.text("cli.stats.tags.col.\($0)") }
        let side = { (side: TagComparison.Side) in
            side.systolic.map { words.counted("\(Figures.whole($0))/\(Figures.whole(side.diastolic!))", side.count) } ?? "—"
        }
        let terminalSide = { (side: TagComparison.Side) in
            zip2(side.systolic, side.diastolic).map { "n=\(side.count) \(Figures.whole($0.0))/\(Figures.whole($0.1))" } ?? "n=0"
        }
        rows = summary.tags.map { comparison in
            Row(
                tag: comparison.tag, label: words.labels.label(of: comparison.tag), color: words.labels.color(of: comparison.tag),
                with: side(comparison.with), without: side(comparison.without), terminalWith: terminalSide(comparison.with),
                terminalWithout: terminalSide(comparison.without), difference: words.wording.adjustedDifference(comparison),
                periods: strings.list(comparison.periodsCompared.map { strings.text($0.rawValue) }),
                terminalPeriods: comparison.periodsCompared.map { strings.text("cli.stats.periodShort.\($0.rawValue)") }.joined(separator: ", "),
                sufficient: comparison.sufficient && summary.tagConfounder == nil)
        }
    }
}

/// Each event in the range, numbered as on the chart, with before, after and the difference.
public struct EventSection: Sendable {
    public struct Row: Sendable {
        /// `1`, as the chart numbers it.
        public let number: String
        /// `27 Oct` and `2026-10-27`.
        public let date: String
        public let isoDate: String
        /// "amlodipine 5 mg started (medication)": the event named as page 1 names it
        /// (``SummaryWording/eventName(_:)``), and its kind.
        public let text: String
        /// The event's words alone as typed (the terminal's list), and its kind's.
        public let eventText: String
        public let kind: String
        /// `138/86 (n=24)`.
        public let before: String
        public let after: String
        /// The difference within the same time of day, or "too few sessions …".
        public let difference: String
        public let sufficient: Bool
    }

    /// "Events".
    public let title: String
    public let caveat: String
    /// The report's column titles: #, date, event, before, after, difference.
    public let columns: [String]
    /// "before", "after", as `stats` labels the windows.
    public let before: String
    public let after: String
    public let rows: [Row]

    init?(_ words: DocumentWords) {
        let (summary, strings) = (words.summary, words.strings)
        guard !summary.events.isEmpty else { return nil }
        title = strings.text("events")
        caveat = strings.text("events.caveat")
        columns = ["#", strings.text("events.date"), strings.text("events.text"), strings.text("events.before"), strings.text("events.after"), strings.text("events.difference")]
        before = strings.text("events.before")
        after = strings.text("events.after")
        rows = summary.events.enumerated().map { index, effect in
            let event = effect.event
            let kind = strings.text("kind.\(event.kind.rawValue)")
            return Row(
                number: String(index + 1), date: words.date(event.at.measurementDay), isoDate: event.at.measurementDay.description,
                text: "\(words.wording.eventWords(event).name) (\(kind))", eventText: event.text, kind: kind, before: words.wording.window(effect.before),
                after: words.wording.window(effect.after), difference: words.wording.eventDifference(effect),
                sufficient: effect.sameTimeOfDay.sufficient)
        }
    }
}

/// The readings with a note, newest first, so that "a little dizzy" is read on page 1.
public struct NotesSection: Sendable {
    public struct Row: Sendable {
        /// `Mon 30 Nov` (the measurement day) and `2026-11-30` (the calendar day).
        public let date: String
        public let calendarDate: String
        /// `07:45`, `00:30 (Mon 2)` after midnight, with the offset where another reading shares the wall time.
        public let time: String
        /// `07:45` as the terminal writes it (with the offset where it is needed).
        public let terminalTime: String
        /// `138/86`, or `—` (empty for the terminal).
        public let pressure: String
        public let terminalPressure: String
        /// As written.
        public let note: String
    }

    /// The notes a template without the log shows at most.
    public static let onePageLimit = 3

    /// "Notes".
    public let title: String
    /// The report's column titles: date, time, BP, note.
    public let columns: [String]
    /// The newest notes, and the line saying how many more there are.
    public let rows: [Row]
    public let more: String?
    private let words: DocumentWords

    init?(_ words: DocumentWords) {
        let (summary, strings) = (words.summary, words.strings)
        guard let digest = summary.notes else { return nil }
        title = strings.text("notes")
        columns = [strings.text("colDate"), strings.text("colTime"), strings.text("colBP"), strings.text("colNote")]
        rows = NotesSection.rows(digest.readings, words: words)
        more = digest.more > 0 ? strings.text("notes.more", ["n": String(digest.more)]) : nil
        self.words = words
    }

    /// What a one-page report shows: the notes at alert readings (a low reading's "dizzy on
    /// standing") before the others, up to ``onePageLimit``, and where the rest are.
    public func onePage() -> (rows: [Row], more: String?) {
        let (summary, strings) = (words.summary, words.strings)
        let noted = summary.readings.filter { !$0.note.trimmingWhitespace().isEmpty }
        let atAlerts = noted.filter { summary.alertIDs.contains($0.id) }
        let others = noted.filter { !summary.alertIDs.contains($0.id) }
        let shown = (atAlerts.reversed() + others.reversed()).prefix(NotesSection.onePageLimit).sorted { $0.takenAt > $1.takenAt }
        let more = noted.count > shown.count ? strings.text("notes.moreInFullReport", ["n": String(noted.count - shown.count)]) : nil
        return (NotesSection.rows(shown, words: words), more)
    }

    /// The rows of `readings`, in their order.
    private static func rows(_ readings: [Reading], words: DocumentWords) -> [Row] {
        let strings = words.strings
        let shared = ZonedInstant.sharedWallClockTimes(readings.map(\.takenAt))
        return readings.enumerated().map { index, reading in
            let offset = shared.contains(index) ? " " + reading.takenAt.offsetText : ""
            return Row(
                date: strings.shortDate(reading.measurementDay, withYear: words.datesNeedYear), calendarDate: reading.takenAt.localDate.description,
                time: strings.timeAsTaken(reading.takenAt) + offset, terminalTime: reading.takenAt.localTimeText + offset,
                pressure: reading.bloodPressure.map { "\($0)" } ?? "—", terminalPressure: reading.bloodPressure.map { "\($0)" } ?? "",
                note: reading.note)
        }
    }
}

/// The home daily means over the range, unrounded, for a sparkline, with their range as text.
public struct DailySeries: Sendable {
    public let systolic: [Double]
    public let diastolic: [Double]
    /// `125–143`, `73–84`: the lowest and highest daily mean, whole.
    public let systolicRange: String
    public let diastolicRange: String

    /// nil with fewer than two days.
    init?(_ summary: BPSummary) {
        guard summary.dailyMeans.count >= 2 else { return nil }
        systolic = summary.dailyMeans.map(\.systolic)
        diastolic = summary.dailyMeans.map(\.diastolic)
        let range = { (values: [Double]) in "\(Figures.whole(values.min()!))–\(Figures.whole(values.max()!))" }
        systolicRange = range(systolic)
        diastolicRange = range(diastolic)
    }
}
