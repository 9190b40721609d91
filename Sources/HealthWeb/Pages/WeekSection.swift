import HealthCore
import HealthPresentation

/// The week on the entry page: the 7-day home average with the badge and words of page 1 of
/// the report (the same document), and the chart of the last four weeks with its key.
enum WeekSection {
    /// The weeks the chart shows.
    static let days = 28

    static func render(_ document: SummaryDocument, words: StringTable) -> HTML {
        let box = document.headlineBox
        let badge: HTML = box.badge.map { badge in
            let tone = badge.tone == .bad ? " alert" : badge.tone == .good ? " ok" : ""
            return "<span class=\"badge\(tone)\">\(badge.text)</span>"
        } ?? .empty
        let figure: HTML = box.figure.map { "<p class=\"figure\"><strong>\($0)</strong> <span class=\"unit\">\(box.unit)</span> \(badge)</p>" } ?? badge
        // Page 1 and `stats` say beside the figure when it is the last complete week because the
        // latest days have too few readings; so does the page, in their words.
        let caveats = document.headline.verdicts.filter { $0.kind == .recentWeek }.map { Line($0.text, tone: Tone($0.tone)) }
        let lines = (box.lines + caveats).map { line -> HTML in
            "<p class=\"\(line.tone == .bad ? "attention" : line.tone == .muted ? "quiet" : "")\">\(WholeDates.marked(line.text))</p>"
        }
        let content = document.chart(barsUpTo: 400, showsPulse: false)
        let chart = ChartSVG.render(content, title: words.web("week.chart", ["days": String(days)]))
        let key = ChartKey.render(content, words: words)
        return """
            <section class="week"><h2>\(words.web("week.title"))</h2>
            <h3>\(box.heading)</h3>\(figure)\(lines)
            <figure class="chart">\(chart)\(key)</figure>
            </section>
            """
    }
}
