import HealthCore
import HealthPresentation
import HealthUseCases

/// The page a paired phone opens: the wheels, stamps, note and Save, what was just saved (with
/// the same attention words as `healthlog add`), today's sessions, the week, and the last readings.
struct EntryPage {
    let visit: Visit
    let profile: Profile
    /// Every profile the device may see, for the switch between them.
    let profiles: [Profile]
    let tags: [StatusTag]
    /// The latest readings, oldest first.
    let recent: [Reading]
    /// Today's readings (the measurement day), oldest first.
    let today: [Reading]
    /// The reading just saved, if the page follows a save.
    var saved: [Reading] = []
    /// Why the form was refused, with what was typed.
    var refusal: (message: String, values: ReadingFormView.Values)?
    /// The week's figures, when there are any (see ``WeekSection``).
    var week: HTML = .empty

    func render(assets: StaticAssets) -> HTML {
        let words = visit.words
        let device = visit.device!
        let canAdd = device.may(.add, profile: profile.id)
        let values = refusal?.values ?? ReadingFormView.Values.lastOf(recent)
        var sections: [HTML] = []
        if let refusal {
            sections.append("<div class=\"notice refused\" role=\"alert\"><p>\(refusal.message)</p></div>")
        } else if !saved.isEmpty {
            sections.append(savedNotice(words))
        }
        if canAdd {
            sections.append(
                """
                <form class="entry" method="post" action="/readings" autocomplete="off">
                \(ReadingFormView.hidden(csrf: visit.csrf, profile: profile.id))
                \(ReadingFormView.wheels(words, values))
                \(ReadingFormView.stamps(words, tags: tags, checked: values.tags))
                \(ReadingFormView.note(words, values))
                \(ReadingFormView.time(words, values))
                <button type="submit" class="primary">\(words.web("entry.save"))</button>
                </form>
                <p class="actions"><a class="button" href="/measure?profile=\(Percent.encoded(profile.id))">\(words.web("measure.link"))</a></p>
                <form class="weight" method="post" action="/readings" autocomplete="off">
                \(ReadingFormView.hidden(csrf: visit.csrf, profile: profile.id))
                \(ReadingFormView.weight(words, refusal == nil ? ReadingFormView.Values() : values))
                <button type="submit">\(words.web("entry.saveWeight"))</button>
                </form>
                """)
        }
        sections.append(todaySection(words))
        sections.append(week)
        let newest = Array(recent.suffix(10).reversed())
        sections.append(
            """
            <section class="log"><h2>\(words.web("log.recent"))</h2>
            \(ReadingRowView.list(newest, rules: visit.rules(profile, tags: tags), tags: tags, words: words, editable: device.may(.manage, profile: profile.id)))
            <p class="actions"><a href="/log?profile=\(Percent.encoded(profile.id))">\(words.web("log.all"))</a>
            <a href="/report?profile=\(Percent.encoded(profile.id))">\(words.web("report.link"))</a></p>
            </section>
            """)
        return PageShell.document(
            visit, title: words.web("entry.title", ["name": profile.name]), heading: ProfileHeading.render(visit, profile: profile, profiles: profiles, path: "/"),
            content: HTML.joined(sections, separator: "\n"), assets: assets)
    }

    /// What was saved, in words, and what it asks of the person who took it.
    private func savedNotice(_ words: StringTable) -> HTML {
        var lines: [HTML] = []
        let labels = TagLabels(tags, language: words.language)
        for reading in saved {
            var values: [String] = []
            if let pressure = reading.bloodPressure { values.append("\(pressure) mmHg") }
            if let pulse = reading.pulse { values.append(words.web("row.pulse", ["pulse": String(pulse)])) }
            if let grams = reading.weightGrams { values.append("\(formatKilograms(grams)) kg") }
            // Its stamps, as `healthlog add` names them: `· BP medication, irregular heartbeat`.
            let stamps = reading.tagIDs.isEmpty ? nil : words.list(reading.tagIDs.map { ValuesText.markedStamp(labels.label(of: $0)) })
            let when = "\(words.shortDate(reading.measurementDay)) \(words.timeAsTaken(reading.takenAt))"
            let said = words.web("entry.saved", ["values": ValuesText.joined(values, stamps: stamps), "when": when])
            lines.append("<p>\(ValuesText.wholeStamps(WholeDates.marked(said)))</p>")
            // A slip of the year (a date picker turned to 2019) is said at once, as `healthlog add`
            // says it: the notice's date has no year, and the reading would sit unseen in the log.
            if let years = reading.yearsBefore(visit.now.localDate) {
                let key = years == 1 ? "entry.longAgo.one" : "entry.longAgo"
                lines.append("<p class=\"attention\">\(WholeDates.marked(words.web(key, ["date": reading.takenAt.localDate.description, "n": String(years)])))</p>")
            }
            // The same advice, from the same rule and words, as `healthlog add` prints.
            for advice in visit.attention(reading, of: profile) { lines.append("<p class=\"attention\">\(advice)</p>") }
        }
        let urgent = saved.contains { !visit.attention($0, of: profile).isEmpty }
        return "<div class=\"notice\(urgent ? " urgent" : "")\" role=\"status\">\(lines)</div>"
    }

    /// Which of today's morning and evening sessions still wait for a reading.
    private func todaySection(_ words: StringTable) -> HTML {
        let rules = visit.rules(profile, tags: tags)
        let slots = today.filter { $0.bloodPressure != nil && $0.isHome }.map { rules.facts(of: $0).slot }
        let items = [slots.filter { $0 == .morning }.count, slots.filter { $0 == .evening }.count].enumerated().map { index, count -> HTML in
            let name = words.text(index == 0 ? "morning" : "evening")
            return count == 0
                ? "<li class=\"due\">\(words.web("today.due", ["session": name]))</li>"
                : "<li class=\"done\">\(words.web(count == 1 ? "today.done.one" : "today.done", ["session": name, "n": String(count)]))</li>"
        }
        return "<section class=\"today\"><h2>\(words.web("today.title"))</h2><ul class=\"sessions\">\(items)</ul></section>"
    }
}

/// The page's heading: whose readings these are, and the other profiles the device may see.
enum ProfileHeading {
    static func render(_ visit: Visit, profile: Profile, profiles: [Profile], path: String) -> HTML {
        let others = profiles.filter { $0.id != profile.id }.map { other -> HTML in
            "<a href=\"\(path)?profile=\(Percent.encoded(other.id))\">\(other.name)</a>"
        }
        let switcher: HTML = others.isEmpty ? .empty : "<nav class=\"profiles\">\(HTML.joined(others, separator: "\n"))</nav>"
        return "<h1><a href=\"/?profile=\(Percent.encoded(profile.id))\">\(profile.name)</a></h1>\(switcher)"
    }
}
