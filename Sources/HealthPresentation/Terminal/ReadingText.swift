public import HealthAnalytics
public import HealthCore

/// How readings read on a terminal, in the words of `words`: `list`'s table, `show`'s block and
/// the line `add` and `edit` print. Each reading's slot, office mark and colour at or above the
/// target are its facts (``ReadingFacts``), decided by the profile's rules.
public struct ReadingText {
    let tags: [StatusTag]
    /// Each tag's label in the terminal's language.
    public let labels: TagLabels
    let words: StringTable
    let style: any TerminalEmphasis

    public init(tags: [StatusTag], words: StringTable, style: any TerminalEmphasis) {
        self.tags = tags
        self.words = words
        labels = TagLabels(tags, language: words.language)
        self.style = style
    }

    /// The line above `list`'s table: whose readings, the range, what `filter` keeps and how
    /// many are shown (`listed` of the `matching`). On a terminal `width` columns wide it breaks
    /// between its parts, never inside one.
    public func listingHeading(profile: Profile, range: DateRange, filter: ReadingFilter, listed: Int, matching: Int, width: Int?) -> String {
        let shown = matching > listed
            ? words.cli("list.latestOf", ["n": String(listed), "total": words.counted(matching, "reading")])
            : words.counted(listed, "reading")
        // A filtered listing says what it keeps, so its count is never read as the whole log's.
        let kept = filter.description(strings: words, tagLabel: labels.label(of:)).map { $0.visibleControls() }
        let whose = profile.heading
        var heading = [style.bold(whose)]
        var used = whose.displayWidth
        for part in [words.range(range)] + (kept.map { [$0] } ?? []) + [shown] {
            if let width, used + 3 + part.displayWidth > width {
                heading.append("\n  " + part)
                used = 2 + part.displayWidth
            } else {
                heading.append(" · " + part)
                used += 3 + part.displayWidth
            }
        }
        return heading.joined()
    }

    /// The label of a tag ID, safe for a terminal; an ID with no definition is shown as it is.
    func label(ofTag id: String) -> String {
        labels.label(of: id).visibleControls()
    }

    /// The rules `profile`'s readings are marked by on their own: its target, else the home
    /// threshold of the terminal's language's guideline.
    func rules(_ profile: Profile) -> ReadingRules {
        ReadingRules(profile: profile, guideline: .standard(for: words.language), tags: tags)
    }

    /// `138/86 mmHg · pulse 72 · 72.5 kg`.
    func values(_ reading: Reading, facts: ReadingFacts) -> String {
        var parts: [String] = []
        if let pressure = reading.bloodPressure {
            let text = "\(pressure) mmHg"
            parts.append(facts.atOrAboveTarget ? style.red(text) : style.bold(text))
        }
        if let pulse = reading.pulse { parts.append(words.cli("values.pulse", ["pulse": String(pulse)])) }
        if let grams = reading.weightGrams { parts.append("\(formatKilograms(grams)) kg") }
        return parts.joined(separator: " · ")
    }

    /// What a new reading asks of the person who took it, a line each (never colour alone):
    /// a warning symptom, very high under `guideline` (from 160/110 when `profile` is pregnant),
    /// low, or a note of dizziness, fainting or a fall. Every front end (`add`, the web page)
    /// asks here, with the profile, so none can judge a pregnant woman's reading by the
    /// ordinary limit.
    public func attention(_ reading: Reading, guideline: Guideline, profile: Profile) -> [String] {
        let pregnant = profile.isPregnant(on: reading.takenAt.measurementDay)
        return ReadingAttention.of(reading, guideline: guideline, pregnant: pregnant).map {
            $0.advice(in: words, guideline: guideline, pregnant: pregnant)
        }
    }

    /// The one line `add` and `edit` print; `verb` is a `cli.` key (`add.added`, `edit.updated`).
    public func confirmation(_ verb: String, _ reading: Reading, profile: Profile) -> String {
        let facts = rules(profile).facts(of: reading)
        let when = "\(words.weekdayAndDate(reading.takenAt.localDate)) \(reading.takenAt.localTimeText) \(facts.slot.word(in: words))"
        let site = facts.isOffice ? " · " + words.cli("site.office") : ""
        var line = "\(words.cli(verb)) \(style.dim(shortID(reading.id))) · \(profile.id) · \(when)\(site) · \(values(reading, facts: facts))"
        if !reading.tagIDs.isEmpty { line += " · " + words.list(reading.tagIDs.map(label(ofTag:))) }
        return line
    }

    /// The line `add` prints under a reading a year or more before `today`, so a slip of the
    /// year is seen at once; nil for a recent one.
    public func longAgo(_ reading: Reading, today: CivilDate) -> String? {
        guard let years = reading.yearsBefore(today) else { return nil }
        return words.cli(years == 1 ? "add.longAgo.one" : "add.longAgo", ["date": reading.takenAt.localDate.description, "n": String(years)])
    }

    /// `07:45`, or `00:30 (Mon 2)` for a reading after midnight that counts for the day before.
    func timeAsTaken(_ instant: ZonedInstant) -> String { words.timeAsTaken(instant) }

    /// The first 8 characters of an id, enough to name it in show, edit and delete.
    func shortID(_ id: String) -> String { String(id.prefix(8)) }

    /// The `list` table: the measurement day and its weekday once per day (on every row with
    /// `datesOnEveryRow`, for a pipe), values right-aligned, office readings marked.
    ///
    /// With a `width` (the terminal's), no row is wider: notes (30 columns at most) and tags
    /// (20) are cut with "…" first, down to 12 and 10; then columns are left out in this order:
    /// Period, Weight, Tags, ID, Note, so that 40 columns still show the date, time, BP and
    /// pulse (the date then without its year). Without one (a pipe), notes and tags are whole.
    /// On a terminal tags are named by their labels in the terminal's language (降压药); through
    /// a pipe by their ids, which scripts and `grep` rely on.
    public func table(_ readings: [Reading], profile: Profile, datesOnEveryRow: Bool = false, width: Int? = nil) -> String {
        var survey = tableSurvey(width: width)
        for reading in readings { survey.add(reading) }
        var table = self.table(survey, profile: profile, datesOnEveryRow: datesOnEveryRow, width: width)
        var text = table.titles
        for reading in readings { text += table.row(reading) }
        return text + table.legend
    }

    /// Tag names (made safe for a terminal) that fit in `width` columns, then `+N` for the ones
    /// left out, so none is hidden silently.
    func tagList(_ names: [String], separator: String, width: Int) -> String {
        var shown: [String] = []
        for (index, name) in names.enumerated() {
            let rest = names.count - index - 1
            let candidate = (shown + [name]).joined(separator: separator)
            let suffix = rest > 0 ? " +\(rest)" : ""
            if (candidate + suffix).displayWidth > width {
                let hidden = names.count - shown.count
                if shown.isEmpty { return name.clipped(toWidth: width - 3 - String(hidden - 1).count) + (hidden > 1 ? " +\(hidden - 1)" : "") }
                return shown.joined(separator: separator) + " +\(hidden)"
            }
            shown.append(name)
        }
        return shown.joined(separator: separator)
    }

    /// The columns of the `list` table.
    enum ListColumn: Hashable { case id, date, time, period, bp, pulse, weight, tags, note }

    /// `show`'s labelled block.
    public func detail(_ reading: Reading, profile: Profile?) -> String {
        let row = { (key: String, value: String) in "  \((key.isEmpty ? "" : words.cli("show.\(key)")).padding(8))  \(value)\n" }
        var text = words.cli("show.heading", ["id": reading.id]) + "\n"
        text += row("profile", profile.map(\.heading) ?? reading.profileID)
        text += row("taken", words.cli("show.takenAt", [
            "when": "\(words.weekdayAndDate(reading.takenAt.localDate)) \(reading.takenAt.localTimeText)", "period": ReadingSlot(reading).word(in: words),
            "offset": offsetText(reading.takenAt.offsetMinutes),
        ]))
        if reading.measurementDay != reading.takenAt.localDate {
            // 00:00–01:59 is the evening reading of a late night; 02:00–03:59 a night reading,
            // which the protocol's evening figure leaves out.
            let key = ReadingSlot(reading) == .night ? "show.countsFor.night" : "show.countsFor"
            text += row("", words.cli(key, ["day": words.weekdayAndDate(reading.measurementDay)]))
        }
        text += row("site", words.cli(reading.site == .office ? "show.site.office" : "show.site.home"))
        text += row("bp", reading.bloodPressure.map { "\($0) mmHg" } ?? "—")
        text += row("pulse", reading.pulse.map { "\($0) bpm" } ?? "—")
        text += row("weight", reading.weightGrams.map { "\(formatKilograms($0)) kg" } ?? "—")
        let tagText = reading.tagIDs.map { id in
            guard let tag = tags.first(where: { $0.id == id }) else { return words.cli("show.undefinedTag", ["tag": id.visibleControls()]) }
            let label = label(ofTag: id)
            return id.visibleControls() + (label == id ? "" : " (\(label))") + (tag.deviation ? words.cli("tag.deviationMark") : "")
        }
        text += row("tags", tagText.isEmpty ? "—" : words.list(tagText))
        // A note keeps its line breaks, each further line indented under the first.
        let note = reading.note.visibleControls(lineBreaks: .keep).split(separator: "\n", omittingEmptySubsequences: false)
            .joined(separator: "\n" + String(repeating: " ", count: 12))
        text += row("note", reading.note.isEmpty ? "—" : note)
        return text
    }

    private func offsetText(_ minutes: Int) -> String {
        "\(minutes < 0 ? "-" : "+")\(abs(minutes) / 60):\(abs(minutes) % 60 < 10 ? "0" : "")\(abs(minutes) % 60)"
    }
}
