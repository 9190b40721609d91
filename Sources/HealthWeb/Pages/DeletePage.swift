import HealthCore
import HealthUseCases

/// The question before a reading is deleted, as `healthlog delete` asks it: which reading, that
/// it cannot be undone, and a form that deletes only with its `confirm` field (no script needed).
enum DeletePage {
    static func render(_ visit: Visit, shown: ShownReading, assets: StaticAssets) -> HTML {
        let words = visit.words
        let reading = shown.reading
        var values: [String] = []
        if let pressure = reading.bloodPressure { values.append("\(pressure) mmHg") }
        if let pulse = reading.pulse { values.append(words.web("row.pulse", ["pulse": String(pulse)])) }
        if let grams = reading.weightGrams { values.append("\(formatKilograms(grams)) kg") }
        let when = "\(words.shortDate(reading.measurementDay)) \(words.timeAsTaken(reading.takenAt))"
        let question = words.web("delete.question", ["values": ValuesText.joined(values), "when": when])
        return PageShell.document(
            visit, title: words.web("delete.title", ["name": shown.profile.name]),
            content: """
                <div class="notice urgent" role="alert"><p>\(WholeDates.marked(question))</p></div>
                <form class="delete" method="post" action="/readings/\(reading.id)/delete">
                \(ReadingFormView.hidden(csrf: visit.csrf, profile: shown.profile.id))<input type="hidden" name="confirm" value="yes">
                <button type="submit" class="danger">\(words.web("delete.confirm"))</button>
                </form>
                <p class="actions"><a class="button" href="/readings/\(reading.id)/edit">\(words.web("delete.keep"))</a></p>
                """, assets: assets)
    }
}
