import HealthCore
import HealthUseCases

/// The log of one profile's readings over a span, newest first.
enum LogPage {
    static func render(
        _ visit: Visit, profile: Profile, profiles: [Profile], readings: [Reading], tags: [StatusTag], days: Int, deleted: Bool,
        assets: StaticAssets
    ) -> HTML {
        let words = visit.words
        let spans = LogRoutes.spans.map { span -> HTML in
            span == days
                ? "<strong>\(words.web("log.days", ["n": String(span)]))</strong>"
                : "<a href=\"/log?profile=\(Percent.encoded(profile.id))&amp;days=\(span)\">\(words.web("log.days", ["n": String(span)]))</a>"
        }
        let notice: HTML = deleted ? "<div class=\"notice\" role=\"status\"><p>\(words.web("log.deleted"))</p></div>" : .empty
        return PageShell.document(
            visit, title: words.web("log.title", ["name": profile.name]), heading: ProfileHeading.render(visit, profile: profile, profiles: profiles, path: "/log"),
            content: """
                \(notice)
                <nav class="spans">\(HTML.joined(spans, separator: "\n"))</nav>
                \(ReadingRowView.list(readings, rules: visit.rules(profile, tags: tags), tags: tags, words: words, editable: visit.device?.may(.manage, profile: profile.id) ?? false))
                """, assets: assets)
    }
}

/// A reading's edit form, and its deletion (for a device that may manage).
enum EditPage {
    static func render(_ visit: Visit, shown: ShownReading, tags: [StatusTag], refusal: (String, ReadingFormView.Values)?, assets: StaticAssets) -> HTML {
        let words = visit.words
        let reading = shown.reading
        let values = refusal?.1 ?? ReadingFormView.Values.of(reading)
        var openTime = values
        if openTime.at.isEmpty { openTime.at = ReadingFormView.Values.of(reading).at }
        let notice: HTML = refusal.map { "<div class=\"notice refused\" role=\"alert\"><p>\($0.0)</p></div>" } ?? .empty
        let hidden = ReadingFormView.hidden(csrf: visit.csrf, profile: shown.profile.id)
        return PageShell.document(
            visit, title: words.web("edit.title", ["name": shown.profile.name]),
            content: """
                \(notice)
                <form class="entry" method="post" action="/readings/\(reading.id)" autocomplete="off">
                \(hidden)
                \(ReadingFormView.wheels(words, values))
                \(ReadingFormView.weight(words, values))
                \(ReadingFormView.stamps(words, tags: tags, checked: values.tags))
                \(ReadingFormView.note(words, values))
                \(ReadingFormView.dateAndTime(words, at: openTime.at, required: true))
                <button type="submit" class="primary" aria-label="\(words.web("edit.save"))">\(words.web("entry.save"))</button>
                </form>
                <form class="delete" method="post" action="/readings/\(reading.id)/delete">
                \(hidden)
                <button type="submit" class="danger">\(words.web("edit.delete"))</button>
                </form>
                <p class="actions"><a href="/log?profile=\(Percent.encoded(shown.profile.id))">\(words.web("edit.back"))</a></p>
                """, assets: assets)
    }
}
