import HealthAnalytics
import HealthCore

/// The headline as page 1 sets it in its box: a heading, the figure with its unit and badge,
/// and the lines under it (what the average is made of, its week's halves).
public struct HeadlineBox: Sendable {
    /// The badge beside the figure: its words and how they read.
    public struct Badge: Sendable {
        public let text: String
        /// `.good`, `.bad` or `.muted` (provisional, just below a limit, below ESC's band).
        public let tone: Tone
    }

    /// `Home BP (7-day protocol)`, `Mean of home readings` or `Weight`.
    public let heading: String
    /// `138/86`, `134.6/80`, or the last weight `72.5`; nil without a figure.
    public let figure: String?
    /// `mmHg` or `kg`.
    public let unit: String
    /// True for a provisional figure, shown muted.
    public let figureMuted: Bool
    public let badge: Badge?
    /// The lines under the figure.
    public let lines: [Line]
    /// The lines under the figure beside the clinical summary (the report's page 1): without the
    /// week's morning − evening difference when the summary says it, so it is said once.
    public let linesBesideSummary: [Line]

    init(headline: Headline, words: DocumentWords) {
        let strings = words.strings
        heading = switch headline.kind {
        case .weight, .none: strings.text("weightTrend")
        case .overallMean: strings.text("overallMean")
        case .protocolAverage: strings.text("homeAverage")
        }
        figure = headline.figureText
        unit = headline.badge == nil ? "kg" : strings.text("mmHg")
        figureMuted = headline.isProvisional
        badge = headline.badge.map { kind in
            let text = headline.badgeText(strings) ?? strings.text(kind.stringKey)
            let tone: Tone = kind == .tooFew || kind == .tooEarly || headline.justBelow || headline.belowBand ? .muted
                : kind == .aboveTarget || kind == .low || headline.morningHypertension ? .bad : .good
            return Badge(text: text, tone: tone)
        }
        guard headline.badge != nil else {
            lines = headline.weightText(strings).map { [Line($0)] } ?? []
            linesBesideSummary = lines
            return
        }
        var difference: Line?
        var lines: [Line] = []
        if let average = headline.protocolAverage {
            // Coverage of the week after its dropped first day: "12 readings on 4 of 6 days, 24 Nov – 29 Nov".
            let window = average.lastDay.dayNumber - average.excludedDay.dayNumber
            lines.append(Line(strings.text(average.days == 1 ? "protocolDetail.oneDay" : "protocolDetail", [
                "count": String(average.count), "days": String(average.days), "window": String(window),
                "from": words.date(average.days == 1 ? average.firstDay : average.excludedDay.adding(days: 1)), "to": words.date(average.lastDay),
            ])))
            if let excluded = headline.excludedDay { lines.append(Line(excluded, tone: .muted)) }
            if let provisional = headline.provisionalReason { lines.append(Line(provisional, tone: .bad)) }
            var week: [String] = []
            let slot = words.wording.slotKey
            if let morning = headline.morning { week.append("\(strings.text(slot("morning"))) \(words.counted(morning.text, morning.count))") }
            if let evening = headline.evening { week.append("\(strings.text(slot("evening"))) \(words.counted(evening.text, evening.count))") }
            if !week.isEmpty { lines.append(Line(week.joined(separator: " · "))) }
            if let weekDifference = headline.weekDifference {
                difference = Line("\(strings.text(slot("protocol.difference"))) \(weekDifference) mmHg")
                lines.append(difference!)
            }
        } else if let provisional = headline.provisionalReason {
            lines.append(Line(provisional, tone: .bad))
        }
        self.lines = lines
        let said = words.wording.notableWeekDifference != nil
        linesBesideSummary = said ? lines.filter { $0 != difference } : lines
    }
}

/// One of page 1's key figures: a label and its value, the value bad news or plain.
public struct KeyFigure: Sendable {
    public let label: String
    public let value: String
    public let tone: Tone
    /// True for a figure of the whole range (the morning–evening difference, the share at or
    /// above the target): page 1 keeps the headline week's time frame, so the report's details
    /// page says it instead.
    public let wholeRange: Bool

    init(label: String, value: String, tone: Tone, wholeRange: Bool = false) {
        (self.label, self.value, self.tone, self.wholeRange) = (label, value, tone, wholeRange)
    }

    /// "Morning − evening over the whole range: +8/+4 mmHg", as a line of the details page.
    func line(_ strings: StringTable) -> Line {
        Line(strings.text("details.figure", ["label": label, "value": value]), tone: tone)
    }

    /// The key figures of the summary: the morning–evening difference, the share at or above
    /// the target, the alerts, and the weight.
    static func rows(_ words: DocumentWords) -> [KeyFigure] {
        let (summary, strings) = (words.summary, words.strings)
        var rows: [KeyFigure] = []
        if summary.verdict != nil {
            if let difference = WholeRangeFigures.morningEvening(summary) {
                rows.append(KeyFigure(label: strings.text("wholeRange.morningEvening"), value: "\(difference) mmHg", tone: .plain, wholeRange: true))
            }
            if let share = summary.atOrAboveTargetPercent {
                let label = strings.text(summary.goals.targetSource == .threshold ? "aboveShareThreshold" : "aboveShare")
                    + strings.text("aboveShare.limit", ["limit": summary.goals.target.description])
                rows.append(KeyFigure(label: label, value: "\(Figures.percent(share))%", tone: share >= 50 ? .bad : .plain, wholeRange: true))
            }
            let urgent = summary.alerts.filter { $0.kind == .urgent }.count
            let low = summary.alerts.count - urgent
            let value = summary.alerts.isEmpty
                ? "0"
                : strings.text("alertsCount", [
                    "n": String(summary.alerts.count), "detail": strings.text("alertsDetail", ["urgent": String(urgent), "low": String(low)]),
                ])
            // Counted over the whole range; page 1 has a line for each kind, with its latest reading.
            rows.append(KeyFigure(label: strings.text("alerts"), value: value, tone: summary.alerts.isEmpty ? .plain : .bad, wholeRange: true))
        }
        if let weight = summary.weight {
            let value = "\(Figures.oneDecimal(weight.first)) → \(Figures.oneDecimal(weight.last)) kg (\(Figures.signed(weight.change, decimals: 1)))"
            rows.append(KeyFigure(label: strings.text("weight"), value: value, tone: .plain))
        } else {
            rows.append(KeyFigure(label: strings.text("weight"), value: strings.text("noWeight"), tone: .plain, wholeRange: true))
        }
        return rows
    }
}

/// The headline week day by day: a column per day, a row for the morning and one for the
/// evening, each cell the readings the average takes from that slot ("2", "1", "–"). The
/// dropped first day is muted; a slot short of the readings asked for (two; three in AF) is bad news.
public struct WeekGrid: Sendable {
    public struct Day: Sendable {
        /// `Mon` / `一`.
        public let weekday: String
        /// `24`.
        public let day: String
        /// False for the dropped first day.
        public let counted: Bool
    }

    public struct Cell: Sendable {
        /// `2`, `1` or `–`.
        public let text: String
        /// Fewer readings than the protocol asks for, on a counted day.
        public let short: Bool
    }

    public struct Row: Sendable {
        /// `Morning` / `早晨`.
        public let label: String
        public let cells: [Cell]
    }

    /// "Readings per slot (the protocol asks for 2)".
    public let caption: String
    public let days: [Day]
    public let rows: [Row]

    /// The grid of the headline's protocol week; nil without one.
    init?(_ words: DocumentWords) {
        let (summary, strings) = (words.summary, words.strings)
        guard summary.verdict != nil, let average = summary.protocolAverage else { return nil }
        // The 7 days ending on the week's last averaged day, none before the range.
        let first = max(average.lastDay.dayNumber - (ProtocolAverage.windowDays - 1), summary.from.dayNumber)
        let dates = (first...average.lastDay.dayNumber).map { CivilDate(dayNumber: $0) }
        var counts = Array(repeating: [0, 0], count: dates.count)
        for reading in summary.homeReadings where reading.bloodPressure != nil {
            // The sessions `healthlog protocol` and the average count: one definition.
            guard let session = ProtocolSession(reading, sleep: summary.profile.sleep) else { continue }
            let index = reading.takenAt.measurementDayNumber - first
            guard counts.indices.contains(index) else { continue }
            counts[index][session == .morning ? 0 : 1] += 1
        }
        // In AF a session asks for 3 readings, and the grid's caption and short cells say so.
        let asked = summary.readingsAskedPerSession
        caption = strings.text(summary.atrialFibrillation == nil ? "grid.caption" : "grid.caption.af", ["n": String(asked)])
        days = dates.map { Day(weekday: strings.format($0, pattern: "gridWeekday"), day: String($0.day), counted: $0 != average.excludedDay) }
        rows = [ReadingSlot.morning, .evening].enumerated().map { slot, name in
            Row(label: name.label(in: strings), cells: dates.indices.map { index in
                let count = counts[index][slot]
                return Cell(text: count == 0 ? "–" : String(count), short: dates[index] != average.excludedDay && count < asked)
            })
        }
    }
}

/// The alerts of the range: page 1's sentences, and `stats`' heading and latest lines.
public struct AlertsSection: Sendable {
    /// The latest alerts `stats` lists.
    public static let listed = 5

    /// "Alerts: 2" / "Alerts: none".
    public let heading: String
    /// Page 1's sentences: each kind with its count and latest reading.
    public let sentences: [String]
    /// The latest alerts, oldest first: `2026-11-28 09:00  180/110  very high (Grade 3 …)`.
    public let latest: [String]
    /// "… and 3 earlier (see --format json)"; nil when every alert is listed.
    public let earlier: String?
    /// True when there are none.
    public let isEmpty: Bool

    init(_ words: DocumentWords) {
        let (summary, strings) = (words.summary, words.strings)
        let alerts = summary.alerts
        isEmpty = alerts.isEmpty
        heading = alerts.isEmpty ? strings.text("cli.stats.alertsNone") : strings.text("cli.stats.alerts", ["n": String(alerts.count)])
        sentences = words.wording.alertLines
        let guideline = summary.options.guideline
        latest = alerts.suffix(AlertsSection.listed).map { alert in
            // In a pregnancy a very high reading is severe hypertension in pregnancy, read
            // against 160/110, never the guideline's office grade.
            let kind = alert.kind == .urgent && alert.pregnant
                ? strings.text("cli.stats.alert.urgentPregnancy", ["limit": alert.limit.text, "guideline": Guideline.esh.label(in: strings)])
                : alert.kind == .urgent
                ? strings.text("cli.stats.alert.urgent", ["category": guideline.classify(alert.pressure).label(in: strings)])
                : strings.text("cli.stats.alert.low")
            return "\(alert.takenAt.localDate) \(alert.takenAt.localTimeText)  \(alert.pressure)  \(kind)"
        }
        earlier = alerts.count > AlertsSection.listed ? strings.text("cli.stats.alertsEarlier", ["n": String(alerts.count - AlertsSection.listed)]) : nil
    }
}
