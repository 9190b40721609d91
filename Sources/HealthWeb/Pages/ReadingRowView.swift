import HealthCore
import HealthPresentation

/// A reading as one row of the page's log: when, the values, the stamps and the note.
enum ReadingRowView {
    /// `rows` newest first; `editable` adds each reading's edit link (a device that may manage).
    static func list(_ readings: [Reading], rules: ReadingRules, tags: [StatusTag], words: StringTable, editable: Bool) -> HTML {
        guard !readings.isEmpty else { return "<p class=\"quiet\">\(words.web("log.empty"))</p>" }
        let labels = TagLabels(tags, language: words.language)
        let rows = readings.map { reading -> HTML in
            let date = words.shortDate(reading.measurementDay)
            let facts = rules.facts(of: reading)
            let when = "\(words.timeAsTaken(reading.takenAt)) · \(facts.slot.label(in: words))"
            var values: [HTML] = []
            var marks: [HTML] = []
            if let pressure = reading.bloodPressure {
                let high: HTML = facts.atOrAboveTarget ? " high" : ""
                values.append("<span class=\"bp\(high)\">\(pressure.description)</span> <span class=\"unit\">mmHg</span>")
                // The colour is never alone: the words say what it means.
                marks = rules.marks(of: facts, in: words).map { mark -> HTML in
                    "<span class=\"mark\(facts.isAlert ? " alert" : "")\">\(mark)</span>"
                }
            }
            if let pulse = reading.pulse { values.append("\(words.web("row.pulse", ["pulse": String(pulse)]))") }
            if let grams = reading.weightGrams { values.append("\(formatKilograms(grams)) kg") }
            if facts.isOffice { marks.insert("<span class=\"tag office\">\(words.web("row.office"))</span>", at: 0) }
            let stamps = reading.tagIDs.map { id -> HTML in "<span class=\"tag\">\(labels.label(of: id))</span>" }
            let note: HTML = reading.note.isEmpty ? .empty : "<p class=\"note\">\(reading.note)</p>"
            let edit: HTML = editable ? "<a class=\"edit\" href=\"/readings/\(reading.id)/edit\">\(words.web("log.edit"))</a>" : .empty
            return """
                <li class="reading"><div class="when"><span class="date">\(date)</span> <span class="time">\(when)</span>\(edit)</div>\
                <div class="values">\(together(values))\(marks.isEmpty ? "" : " ")\(HTML.joined(marks, separator: " "))</div>\
                <div class="tags">\(stamps)</div>\(note)</li>
                """
        }
        return "<ol class=\"readings\">\(rows)</ol>"
    }

    /// The values side by side, each after the first with its `·`, in a span that does not wrap:
    /// a narrow line breaks before a `·`, never after it, and never inside `pulse 65`. The marks
    /// come after the values, so a mark that does not fit moves to the next line on its own,
    /// not the pulse.
    static func together(_ values: [HTML]) -> HTML {
        guard let first = values.first else { return .empty }
        let rest = values.dropFirst().map { value -> HTML in " <span class=\"nowrap\">· \(value)</span>" }
        return "<span class=\"nowrap\">\(first)</span>\(HTML.joined(rest, separator: ""))"
    }
}
