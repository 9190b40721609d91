public import HealthAnalytics
public import HealthCore

/// The top of a summary, as page 1 of the report and the top of `stats` both show it: the
/// figure as shown, its badge, the protocol week's parts, and the one-line verdicts. Made in
/// one place so the two can never disagree about what the figure is or what it means.
public struct Headline: Sendable {
    /// What the figure is.
    public enum Kind: String, Sendable {
        /// The 7-day home-BP protocol average.
        case protocolAverage
        /// The mean of every home reading (no protocol week: one day, or noon readings only).
        case overallMean
        /// A range with weights and no blood pressure.
        case weight
        /// Nothing to headline (only office readings or only pulses).
        case none
    }

    /// The badge beside the figure.
    public enum Badge: String, Sendable {
        /// The protocol average lacks the readings guidelines ask for: a figure, not a verdict.
        case tooFew
        /// At or above the target (the profile's own, else the guideline's home threshold).
        case aboveTarget
        /// Below it.
        case atTarget
        /// Below the lower limit (``Goals/lowerLimit``): low, to be asked about, never good news.
        case low
        /// A medication change inside the week or less than 2 weeks before it
        /// (``BPSummary/tooEarlyToJudge``): neither controlled nor uncontrolled yet.
        case tooEarly

        /// The string table key of the badge's words.
        public var stringKey: String {
            switch self {
            case .tooFew: "badge.tooFew"
            case .aboveTarget: "aboveTarget"
            case .atTarget: "atTarget"
            case .low: "badge.low"
            case .tooEarly: "badge.tooEarly"
            }
        }
    }

    /// One verdict sentence, with how it reads: what it is about, and its tone.
    public struct Verdict: Sendable {
        public enum Kind: String, Sendable {
            case threshold, target, low, symptoms, recentWeek, weekQuality, medicationChange, isolatedSystolic, isolatedDiastolic, widePulsePressure, office, findings
            case medication, deviations
        }

        /// How a verdict is to be read: good news, bad news, not yet decided, or plain information.
        public enum Tone: String, Sendable { case good, bad, muted, plain }

        public let kind: Kind
        public let text: String
        public let tone: Tone
        /// True for a decided verdict that should stand out (bold in the report).
        public let emphasised: Bool
    }

    /// A half of the protocol week: morning or evening, as shown, with its count.
    public struct WeekPart: Sendable {
        public let shown: BloodPressure
        public let count: Int
        /// The mean as text, in whole mmHg (`136/85`), even under a headline figure that keeps a decimal.
        public let text: String
    }

    public let kind: Kind
    private let isJustBelow: Bool
    /// The blood pressure figure in whole mmHg. The badge and verdicts compare the unrounded mean
    /// (``HomeVerdict/atOrAboveThreshold``); within 1 mmHg of a limit ``figureText`` keeps the decimal.
    public let shown: BloodPressure?
    /// The figure as written: `138/86`, `134.6/80` within 1 mmHg of a limit, or the last weight `72.5`.
    public let figureText: String?
    /// nil for a weight or no figure.
    public let badge: Badge?
    /// True when the figure is an average with too few readings (shown muted).
    public let isProvisional: Bool
    /// The protocol average behind the figure, when it is one.
    public let protocolAverage: ProtocolAverage?
    public let morning: WeekPart?
    public let evening: WeekPart?
    /// Morning minus evening over the protocol week, as `+6/+3`.
    public let weekDifference: String?
    /// "Day 1 (24 Nov) left out, as the protocol asks".
    public let excludedDay: String?
    /// Why the figure is only provisional; nil when it is not.
    public let provisionalReason: String?
    /// The one-line verdicts, in order: threshold, target, low, symptom notes, the recent week, the week's quality, a medication
    /// change inside the week, isolated systolic or diastolic, a wide pulse pressure, office, findings, medication, deviations.
    public let verdicts: [Verdict]
    /// The weight over the range, for a weight-only headline and the weight line.
    public let weight: WeightSummary?
    /// True when no treatment target is set: the figure is read against the threshold only.
    public let targetIsThreshold: Bool
    /// One or two sentences a specialist would write, from the figures above (``SummaryWording/clinicalSummary``).
    public let clinicalSummary: String?
    /// The average is below the threshold but its mornings reach it (``HomeVerdict/morningHypertension``):
    /// the badge says so, as bad news, never green.
    public let morningHypertension: Bool

    public init(summary: BPSummary, strings: StringTable, tagLabel: @escaping @Sendable (String) -> String) {
        let wording = SummaryWording(summary: summary, strings: strings, tagLabel: tagLabel)
        let verdict = summary.verdict
        clinicalSummary = wording.clinicalSummary
        morningHypertension = verdict?.morningHypertension != nil
        lacksAPart = wording.weekLacksAPart
        isBelowBand = summary.goals.targetSource == .treatedBand
        weight = summary.weight
        targetIsThreshold = summary.goals.targetSource == .threshold
        protocolAverage = verdict == nil ? nil : summary.protocolAverage
        if let verdict {
            kind = summary.protocolAverage == nil ? .overallMean : .protocolAverage
            shown = verdict.mean.shown
            // Within 1 mmHg of a limit the number keeps its decimal, as the badge reads it unrounded.
            figureText = SummaryWording.figure(verdict)
            isProvisional = !verdict.sufficient
            isJustBelow = [verdict.nearThreshold, verdict.nearTarget].contains { $0 != nil && $0?.reached == false }
            if !verdict.sufficient {
                badge = .tooFew
            } else if summary.tooEarlyToJudge != nil {
                badge = .tooEarly
            } else {
                badge = verdict.low ? .low : verdict.atOrAboveTarget ?? verdict.atOrAboveThreshold ? .aboveTarget : .atTarget
            }
        } else {
            kind = summary.weight == nil ? .none : .weight
            shown = nil
            figureText = summary.weight.map { Figures.oneDecimal($0.last) }
            isProvisional = false
            isJustBelow = false
            badge = nil
        }
        let average = protocolAverage
        // Whole mmHg, as every mean but the headline figure is shown (``SummaryWording/pressure(_:)``).
        let part = { (mean: PressureMean) in WeekPart(shown: mean.shown, count: mean.count, text: SummaryWording.pressure(mean)) }
        // Mornings said to reach the threshold are printed as the sentence prints them (136/84.7
        // beside 135/85), so page 1 never shows one mean two ways.
        let threshold = summary.goals.threshold
        morning = average?.morning.map { mean in
            verdict?.morningHypertension == nil ? part(mean)
                : WeekPart(shown: mean.shown, count: mean.count, text: SummaryWording.pressure(mean, against: threshold))
        }
        evening = average?.evening.map(part)
        // The difference of the means as printed, so the three figures always agree.
        // Withheld with fewer than 6 mornings or evenings (``ProtocolAverage/morningEveningDifference``).
        weekDifference = average.flatMap { average in
            average.morningEveningDifference == nil ? nil
                : average.morning.flatMap { morning in average.evening.map { SummaryWording.shownDifference(morning, $0) } }
        }
        excludedDay = average == nil ? nil : wording.excludedDay
        provisionalReason = wording.provisional
        // A provisional verdict is muted: the numbers do not support a colour yet.
        let sufficient = verdict?.sufficient == true
        // A low average is never good news: below the threshold and the target is said plainly.
        let low = verdict?.low == true
        // Below the threshold with mornings above it is not good news either.
        let mornings = verdict?.morningHypertension != nil
        let tooEarly = summary.tooEarlyToJudge != nil
        let decided = { (bad: Bool) -> Verdict.Tone in !sufficient ? .muted : tooEarly ? .plain : bad ? .bad : low || mornings ? .plain : .good }
        // At a limit a rounding decides: neither good nor bad news.
        let atLimit = { (near: NearLimit?, bad: Bool) -> Verdict.Tone in near != nil && sufficient ? .plain : decided(bad) }
        let pattern: Verdict.Tone = sufficient ? .plain : .muted
        let candidates: [(Verdict.Kind, String?, Verdict.Tone, Bool)] = [
            (.threshold, wording.thresholdVerdict, atLimit(verdict?.nearThreshold, summary.hypertensive), sufficient),
            (.target, low ? nil : wording.targetVerdict, atLimit(verdict?.nearTarget, verdict?.atOrAboveTarget == true), sufficient),
            // Below ESC 2024's band is a question (over-treatment?), said plainly, not an alarm.
            (.low, wording.lowLine, !sufficient ? .muted : summary.goals.targetSource == .treatedBand ? .plain : .bad, sufficient),
            // What the patient felt is a finding whatever the figure's quality.
            (.symptoms, wording.symptomLine, .bad, true),
            (.recentWeek, wording.recentWeekLine, .muted, false),
            (.weekQuality, wording.weekQualityLine, .plain, false),
            (.medicationChange, wording.medicationChangeLine, .plain, true),
            (.isolatedSystolic, wording.isolatedSystolic, pattern, sufficient),
            (.isolatedDiastolic, wording.isolatedDiastolic, pattern, sufficient),
            (.widePulsePressure, wording.widePulsePressure, pattern, sufficient),
            (.office, wording.officeLine, .plain, true),
            (.findings, wording.findingsLine, .bad, true),
            (.medication, wording.medicationLine, .plain, false),
            (.deviations, wording.deviationLine, .plain, false),
        ]
        verdicts = candidates.compactMap { kind, text, tone, emphasised in
            text.map { Verdict(kind: kind, text: $0, tone: tone, emphasised: emphasised) }
        }
    }

    /// The badge's words in `strings`' language: "threshold" where no target is set.
    public func badgeText(_ strings: StringTable) -> String? {
        badge.map { badge in
            switch (badge, targetIsThreshold) {
            case (.aboveTarget, true): strings.text("aboveThreshold")
            case (.atTarget, _) where morningHypertension: strings.text("badge.morningHypertension")
            case (.atTarget, true): strings.text(justBelow ? "badge.justBelowThreshold" : "belowThreshold")
            case (.atTarget, false) where justBelow: strings.text("badge.justBelowTarget")
            case (.tooFew, _) where lacksAPart: strings.text("badge.onePart")
            case (.low, _) where belowBand: strings.text("badge.belowBand")
            default: strings.text(badge.stringKey)
            }
        }
    }

    /// True when the mean is below its limit by less than 1 mmHg (134.6 under 135): the badge
    /// says "just below" and is not good news, since the tables round it to the limit.
    public var justBelow: Bool { badge == .atTarget && isJustBelow }

    /// True when the average is below ESC 2024's treated band: the badge asks about
    /// over-treatment, muted, rather than sounding an alarm.
    public var belowBand: Bool { badge == .low && isBelowBand }
    private let isBelowBand: Bool

    /// True when the protocol week has readings enough but only mornings or only evenings: its
    /// badge says what is missing, not "too few".
    public let lacksAPart: Bool

    /// The weight line: "72.5 → 71.8 kg (−0.7), mean 72.1, n=14" in `strings`' language.
    public func weightText(_ strings: StringTable) -> String? {
        weight.map { weight in
            strings.text("weightSummary", [
                "first": Figures.oneDecimal(weight.first), "last": Figures.oneDecimal(weight.last),
                "change": Figures.signed(weight.change, decimals: 1), "mean": Figures.oneDecimal(weight.mean), "n": String(weight.count),
            ])
        }
    }

    /// The headline as JSON (the `headline` key of `stats --format json`).
    public func json(_ strings: StringTable) -> JSONValue {
        .object([
            ("kind", .string(kind.rawValue)), ("figure", .optional(figureText)),
            ("shown", shown.map { .object([("systolic", .int($0.systolic)), ("diastolic", .int($0.diastolic))]) } ?? .null),
            ("badge", .optional(badge?.rawValue)), ("badgeText", .optional(badgeText(strings))),
            ("provisional", .bool(isProvisional)), ("clinicalSummary", .optional(clinicalSummary)), ("verdicts", .array(verdicts.map { .object([("kind", .string($0.kind.rawValue)), ("text", .string($0.text)), ("tone", .string($0.tone.rawValue))]) })),
        ])
    }
}
