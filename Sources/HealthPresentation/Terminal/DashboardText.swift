public import HealthCore
public import HealthAnalytics

/// `healthlog` alone: for each profile, its last reading, the last seven days at home with
/// their badge, and the morning and evening readings still due today; in an empty log, the
/// next step.
public struct DashboardText {
    let words: StringTable
    let style: any TerminalEmphasis

    public init(words: StringTable, style: any TerminalEmphasis) {
        self.words = words
        self.style = style
    }

    /// One profile's lines; `now` decides which slots are still due (a morning past is missed,
    /// not due). A last reading of today or yesterday that needs attention (very high under
    /// `guideline`, low, a warning symptom) says so under it, as `add` said it.
    public func lines(
        profile: Profile, last: Reading?, today: [Reading], week: SummaryDocument?, tags: [StatusTag], now: ZonedInstant,
        guideline: Guideline
    ) -> [String] {
        var lines = [style.bold(profile.heading)]
        guard let last else {
            lines.append("  " + words.cli("dashboard.noReadings", ["profile": profile.id]))
            return lines
        }
        let text = ReadingText(tags: tags, words: words, style: style)
        lines.append("  " + text.confirmation("dashboard.last", last, profile: profile))
        if last.measurementDay >= now.measurementDay.adding(days: -1) {
            lines += text.attention(last, guideline: guideline, profile: profile).map { "  " + $0 }
        }
        if let headline = week?.headline, let figure = headline.figureText {
            let badge = headline.badgeText(words) ?? headline.badge.map { words.text($0.stringKey) } ?? ""
            lines.append("  " + words.cli("dashboard.week", ["figure": figure, "badge": badge.lowercased()]))
        }
        let home = today.filter { $0.site == .home && $0.bloodPressure != nil }
        var due: [String] = []
        if now.period == .morning, !home.contains(where: { $0.period == .morning }) { due.append(words.periodName(.morning)) }
        if !home.contains(where: { $0.period == .evening }) { due.append(words.periodName(.evening)) }
        let morningMissed = now.period != .morning && !home.contains(where: { $0.period == .morning })
        lines.append(
            "  "
                + (!due.isEmpty ? words.cli("dashboard.due", ["slots": words.list(due)])
                    : morningMissed ? words.cli("dashboard.morningMissed") : words.cli("dashboard.allDone")))
        return lines
    }

    /// What an empty log shows: the first commands to type, a profile before any reading.
    public var empty: [String] { [words.cli("dashboard.empty"), words.cli("dashboard.empty.then")] }

    /// The last line: where every command is.
    public var footer: String { style.dim(words.cli("dashboard.help")) }
}
