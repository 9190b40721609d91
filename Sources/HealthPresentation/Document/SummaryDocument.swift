public import HealthAnalytics
public import HealthCore

/// One profile's figures over a range, said once for every front end: `stats` (text and JSON),
/// the report, the chart and the family's web page walk this document, and none of them rounds,
/// compares or words a figure on its own.
///
/// It is made of ordered sections: the header, the top of page 1 (the clinical summary, the
/// headline figure and its box, the key figures, the week's grid and the verdict lines), the
/// tables (periods, trend, tags, events, notes), the alerts, the chart's series and the log's
/// rows. Numbers are formatted, and punctuation chosen from the string tables, as it is built.
/// The log's rows are made when asked for, so a log of years is never held twice.
///
/// ```swift
/// let document = SummaryDocument(summary: summary, tags: tags, strings: strings, generatedAt: now)
/// print(document.headline.figureText ?? "")
/// ```
public struct SummaryDocument: Sendable {
    /// The language every word of the document is in.
    public var language: Language { strings.language }
    public let header: DocumentHeader
    /// One or two sentences a specialist would write, from the figures below them.
    public let clinicalSummary: String?
    /// The clinical summary as page 1 sets it: the safety sentences first, as bad news that
    /// stands out, then the rest in the accent; empty without either.
    public let clinicalLines: [Line]
    /// The figure, badge and one-line verdicts (the same value `stats` and page 1 show).
    public let headline: Headline
    /// Page 1's headline box: its heading, the figure, its badge and the lines under it.
    public let headlineBox: HeadlineBox
    /// Page 1's key figures beside the headline.
    public let keyFigures: [KeyFigure]
    /// The headline week slot by slot; nil without a protocol week.
    public let week: WeekGrid?
    /// Page 1's lines under the headline: the verdicts, and the target and threshold; the alerts
    /// are the clinical summary's, said once, at the top.
    public let pageOneLines: [Line]
    /// Page 1's lines when the report has a details page: only what the clinical summary does
    /// not already say (the week's quality, a change inside it, the patterns, the alerts), so
    /// page 1 says each fact once; the rest is on the details page.
    public let pageOneBrief: [Line]
    /// Page 1's key figures when the report has a details page: the headline week's time frame
    /// only (the alerts, the weight); the whole range's figures are on the details page.
    public var pageOneFigures: [KeyFigure] { keyFigures.filter { !$0.wholeRange } }
    /// "Details": the heading of the page that says in full what page 1 says briefly.
    public let detailsHeading: String
    /// The details page's lines: every verdict, alert and target line, then the whole range's
    /// key figures, so nothing page 1 leaves out is missing from the report.
    public var detailLines: [Line] {
        words.pageOneLines(headline, alerts: true) + keyFigures.filter(\.wholeRange).map { $0.line(strings) }
    }
    /// The alerts and their lines.
    public let alerts: AlertsSection
    /// The figures of the whole range as `stats` lists them.
    public let wholeRange: WholeRangeFigures
    public let periods: PeriodTable
    /// `--by day|week|month`, as rows of the period table; nil without a grouping.
    public let buckets: [PeriodRow]?
    public let trend: TrendSection?
    public let tags: TagSection?
    public let events: EventSection?
    public let notes: NotesSection?
    /// The daily means, for a sparkline; nil with fewer than two days.
    public var daily: DailySeries? { DailySeries(summary) }
    /// "Weight: 72.5 → 71.8 kg (−0.7), mean 72.1, n=14"; nil without weights.
    public let weight: String?
    /// True when the range holds home blood pressure or office readings (else weights only).
    public let hasPressure: Bool
    /// True when the range holds home blood pressure (the period table has figures).
    public let hasHomePressure: Bool
    /// "Weight only: no blood pressure in this range" (said where the figures would be).
    public let weightOnly: String

    /// The summary the document says; kept for its JSON, its chart and its log, never shown to a front end.
    let summary: BPSummary
    let strings: StringTable
    /// How the sections say things (kept for the chart and the log, made when asked for).
    let words: DocumentWords
    /// When the document was made: the age in the header, the footer's date.
    public let generatedAt: ZonedInstant
    /// Each reading's facts are decided by these rules.
    public let rules: ReadingRules
    /// Each tag's label and colour, in the document's language.
    public let tagLabels: TagLabels

    /// The document of `summary` in `strings`' language; `tags` are the definitions (for labels
    /// and colours), `filter` what the filters kept, `generatedAt` the moment it was made (for
    /// the age in the header).
    public init(summary: BPSummary, tags: [StatusTag], strings: StringTable, filter: String? = nil, generatedAt: ZonedInstant) {
        self.summary = summary
        self.strings = strings
        let labels = TagLabels(tags, language: strings.language)
        tagLabels = labels
        rules = ReadingRules(summary: summary)
        let wording = SummaryWording(summary: summary, strings: strings, tagLabel: labels.label(of:))
        let headline = Headline(summary: summary, strings: strings, tagLabel: labels.label(of:))
        let words = DocumentWords(summary: summary, strings: strings, wording: wording, labels: labels)
        self.words = words
        self.generatedAt = generatedAt
        self.headline = headline
        header = DocumentHeader(summary: summary, strings: strings, filter: filter, generatedAt: generatedAt)
        clinicalSummary = headline.clinicalSummary
        clinicalLines = [wording.clinicalSafety.map { Line($0, tone: .bad, emphasised: true) }, wording.clinicalBody.map { Line($0, tone: .accent) }]
            .compactMap { $0 }
        headlineBox = HeadlineBox(headline: headline, words: words)
        keyFigures = KeyFigure.rows(words)
        week = WeekGrid(words)
        pageOneLines = words.pageOneLines(headline)
        pageOneBrief = words.pageOneLines(headline, brief: true)
        detailsHeading = strings.text("details")
        alerts = AlertsSection(words)
        wholeRange = WholeRangeFigures(words)
        periods = PeriodTable(words)
        buckets = summary.buckets.map { $0.map { PeriodRow(name: $0.key, group: $0.statistics, isTotal: false, words: words) } }
        trend = TrendSection(words)
        self.tags = TagSection(words)
        events = EventSection(words)
        notes = NotesSection(words)
        weight = summary.weight.map { weight in
            strings.text("cli.stats.weight", [
                "first": Figures.oneDecimal(weight.first), "last": Figures.oneDecimal(weight.last),
                "change": Figures.signed(weight.change, decimals: 1), "mean": Figures.oneDecimal(weight.mean), "n": String(weight.count),
            ])
        }
        hasPressure = summary.overall.systolic.count > 0 || summary.office != nil
        hasHomePressure = summary.overall.systolic.count > 0
        weightOnly = strings.text("weightOnly")
    }
}

/// The document's means of saying things: the summary, its strings and wording, the tag labels,
/// and the dates as the range writes them. Internal to the sections' builders.
struct DocumentWords: Sendable {
    let summary: BPSummary
    let strings: StringTable
    let wording: SummaryWording
    let labels: TagLabels

    /// True when the range crosses a year, so every date carries its year.
    var datesNeedYear: Bool { summary.from.year != summary.to.year }

    /// A date as the range writes it: `25 Nov` / `11月25日`, with the year when the range crosses one.
    func date(_ date: CivilDate) -> String { strings.tickDate(date, withYear: datesNeedYear) }

    /// `138/86 (n=24)` / `138/86（n=24）`: a figure with its count, in the language's brackets.
    func counted(_ mean: String, _ count: Int) -> String { strings.text("events.window", ["mean": mean, "n": String(count)]) }

    /// The verdicts, alerts and the target line as page 1 lists them: what the readings say,
    /// then the alerts, then what was done, then the target and threshold the page reads against.
    /// `brief` leaves out what the clinical summary says (``saidInSummary``) and the target line;
    /// `alerts` adds the alert lines, which page 1 says in its clinical summary (the details page's).
    func pageOneLines(_ headline: Headline, brief: Bool = false, alerts: Bool = false) -> [Line] {
        var lines: [Line] = []
        if summary.verdict == nil { lines.append(Line(strings.text("weightOnly"), tone: .muted)) }
        let line = { (verdict: Headline.Verdict) in Line(verdict.text, tone: Tone(verdict.tone), emphasised: verdict.emphasised) }
        let beforeAlerts: Set<Headline.Verdict.Kind> = [
            .threshold, .target, .low, .recentWeek, .weekQuality, .medicationChange, .isolatedSystolic, .isolatedDiastolic, .widePulsePressure,
            .office, .findings,
        ]
        let verdicts = brief ? headline.verdicts.filter { !saidInSummary.contains($0.kind) } : headline.verdicts
        lines += verdicts.filter { beforeAlerts.contains($0.kind) }.map(line)
        if alerts { lines += wording.alertLines.map { Line($0, tone: .bad, emphasised: true) } }
        lines += verdicts.filter { !beforeAlerts.contains($0.kind) }.map(line)
        if !brief || summary.verdict == nil { lines.append(Line(targets, tone: .muted)) }
        return lines
    }

    /// The verdicts the clinical summary already says (``SummaryWording/clinicalBody``): the home
    /// figure against the threshold and the target, a low figure, the symptom notes, treatment
    /// and adherence, the office comparison and the week's deviations when it states them.
    private var saidInSummary: Set<Headline.Verdict.Kind> {
        guard summary.verdict != nil else { return [] }
        var kinds: Set<Headline.Verdict.Kind> = [.threshold, .target, .low, .symptoms, .medication]
        // The monitor's flags are the AF sentence's when there is one: AF is said once.
        if summary.atrialFibrillation != nil { kinds.insert(.findings) }
        if summary.protocolAverage != nil {
            kinds.insert(.deviations)
            if summary.office?.phenotype != nil { kinds.insert(.office) }
        }
        if summary.tooEarlyToJudge != nil { kinds.insert(.medicationChange) }
        if wording.namesIsolatedSystolic { kinds.insert(.isolatedSystolic) }
        return kinds
    }

    /// "Target 125/80 mmHg (set for Dad) · home threshold 135/85 mmHg (ESH 2023)".
    private var targets: String {
        let goals = summary.goals
        let guideline = summary.options.guideline.label(in: strings)
        let target = goals.targetSource == .threshold && goals.treated && goals.relaxed != nil
            ? strings.text("targetRelaxed", ["who": wording.relaxedWho(goals.relaxed!), "limit": goals.lowerLimit.description])
            : goals.targetSource == .threshold ? strings.text("noTarget")
            : goals.targetSource == .treatedBand ? strings.text("targetBand", ["guideline": guideline])
            : strings.text("target", ["target": goals.target.description])
        return target + " · " + strings.text("threshold", ["target": goals.threshold.description, "guideline": SummaryWording.thresholdSource(goals, strings: strings)])
    }
}

extension Tone {
    /// How a verdict's line reads, as page 1 draws it.
    public init(_ tone: Headline.Verdict.Tone) {
        switch tone {
        case .good: self = .good
        case .bad: self = .bad
        case .muted: self = .muted
        case .plain: self = .plain
        }
    }
}

/// The top of every page of the report, and the first line of `stats`: who, when, which guideline.
public struct DocumentHeader: Sendable {
    /// `Home Blood Pressure Report` / `家庭血压报告`.
    public let title: String
    /// The title in the other language, under it.
    public let otherTitle: String
    public let profileID: String
    /// The profile's name as given (a front end shows its controls as escapes).
    public let name: String
    /// `born 1954 (age 72)`, `male`, `diabetes, chronic kidney disease`: the details the report
    /// prints under the name.
    public let details: [String]
    /// The first and last measurement days summarised.
    public let from: CivilDate
    public let to: CivilDate
    /// `6 Oct 2026 – 30 Nov 2026`.
    public let range: String
    /// `2026-10-06 – 2026-11-30`, as the terminal writes a range.
    public let isoRange: String
    /// `45 home readings`.
    public let homeReadings: String
    /// `ESH 2023`.
    public let guideline: String
    /// `ESH`, as the report's metadata names the guideline.
    public let guidelineCode: String
    /// What the filters kept, e.g. `only readings tagged bp-med`; nil without filters.
    public let filter: String?
    /// The filter as a line of its own: `Filtered: only readings tagged bp-med`.
    public let filterLine: String?

    init(summary: BPSummary, strings: StringTable, filter: String?, generatedAt: ZonedInstant) {
        let profile = summary.profile
        title = strings.text("title")
        otherTitle = strings.text("otherTitle")
        profileID = profile.id
        name = profile.name
        var details: [String] = []
        if let year = profile.birthYear { details.append(strings.text("born", ["year": String(year), "age": String(generatedAt.localDate.year - year)])) }
        if let sex = profile.sex { details.append(strings.text(sex.rawValue)) }
        // What changes what the guideline says is printed beside who it is about.
        if let days = summary.gestationalDays {
            details.append(strings.text("header.pregnant", ["weeks": String(days / 7), "days": String(days % 7)]))
        }
        if profile.frail { details.append(strings.text("relaxed.frail")) }
        // Diabetes, kidney disease, AF…: what the doctor reads every figure against, as a clinic writes them (CKD, AF).
        if !profile.conditions.isEmpty { details.append(strings.list(profile.conditions.map { strings.text("header.condition.\($0.rawValue)") })) }
        // A shift worker's morning and evening follow her sleep: the reader is told whose day it is.
        if let sleep = profile.sleep, sleep.isShifted {
            details.append(strings.text("header.shiftWork", ["hours": sleep.description.replacing("-", with: "–")]))
        }
        self.details = details
        from = summary.from
        to = summary.to
        range = strings.text("range", ["from": strings.longDate(summary.from), "to": strings.longDate(summary.to)])
        isoRange = strings.text("cli.range.between", ["from": summary.from.description, "to": summary.to.description])
        homeReadings = strings.text(summary.overall.count == 1 ? "cli.count.homeReading.one" : "cli.count.homeReading", ["n": String(summary.overall.count)])
        guideline = summary.options.guideline.label(in: strings)
        guidelineCode = summary.options.guideline.rawValue.uppercased()
        self.filter = filter
        filterLine = filter.map { strings.text("filter", ["filter": $0]) }
    }
}

extension SummaryDocument {
    /// The document as `stats --format json` prints it (``SummaryJSON``): the figures unrounded,
    /// with page 1's headline word for word; `filter` is the request's filter as JSON.
    public func json(filter: JSONValue) -> JSONValue {
        SummaryJSON.document(summary, headline: headline, strings: strings, filter: filter, tagLabel: tagLabels.definedLabel(of:),
            namesIsolatedSystolic: words.wording.namesIsolatedSystolic
        )
    }
}

extension SummaryDocument {
    /// "Summary": the report's bookmark for its first section.
    public var summaryHeading: String { strings.text("summary") }

    /// "Page 1 of 3 · generated 30 Nov 2026 · HealthLog 0.1.0".
    public func footer(page: Int, of pages: Int, version: String) -> String {
        strings.text("footer", [
            "page": String(page), "pages": String(pages), "date": strings.longDate(generatedAt.localDate), "version": version,
        ])
    }
}
