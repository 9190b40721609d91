package import HealthCore

/// The text `edit ID` gives `$EDITOR`: one `field: value` line for each of the reading's
/// values, its note last (every line after `note:` is the note). What the person changed is read
/// back as `edit`'s own arguments, so an edited value is checked exactly as a typed one is.
package struct ReadingEditForm {
    /// The fields, in the order the form shows them.
    package static let fields = ["bp", "pulse", "weight", "tags", "at", "site", "note"]

    /// Each field's text as the form shows it.
    package let values: [String: String]

    package init(_ reading: Reading) {
        var values: [String: String] = [:]
        values["bp"] = reading.bloodPressure.map { "\($0.systolic)/\($0.diastolic)" } ?? ""
        values["pulse"] = reading.pulse.map(String.init) ?? ""
        values["weight"] = reading.weightGrams.map(formatKilograms) ?? ""
        values["tags"] = reading.tagIDs.joined(separator: ",")
        values["at"] = reading.takenAt.localDateAndTime
        values["site"] = reading.site.rawValue
        values["note"] = reading.note
        self.values = values
    }

    /// The form, under `header` (comment lines, each starting with `#`).
    package func text(header: [String]) -> String {
        var lines = header.map { "# " + $0 }
        lines += ReadingEditForm.fields.map { field in "\(field): \(values[field] ?? "")" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The fields an edited form sets: blank lines and `#` lines before the note are passed over,
    /// and a field left out keeps its value. A line that is not `field: value` is refused, naming it.
    package static func values(in text: String, words: StringTable?) throws(CLIError) -> [String: String] {
        var values: [String: String] = [:]
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            let trimmed = String(line.trimmingWhitespace())
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            // A Chinese input method may type the full-width colon.
            guard let colon = trimmed.firstIndex(where: { $0 == ":" || $0 == "：" }) else {
                throw .data(Phrase("line {line} ('{text}') is not 'field: value'", ["line": String(index), "text": trimmed]).said(in: words))
            }
            let field = String(String(trimmed[..<colon]).trimmingWhitespace()).lowercased()
            var value = String(String(trimmed[trimmed.index(after: colon)...]).trimmingWhitespace())
            guard fields.contains(field) else {
                throw .data(
                    Phrase("line {line}: unknown field '{field}'; the fields are {fields}", ["line": String(index), "field": field, "fields": fields.joined(separator: ", ")])
                        .said(in: words))
            }
            if field == "note" {
                // The note runs to the end, line breaks and all.
                var note = [value] + lines[index...]
                while let last = note.last, last.trimmingWhitespace().isEmpty { note.removeLast() }
                value = note.joined(separator: "\n")
                if note.count > 1, note[0].isEmpty { value = note.dropFirst().joined(separator: "\n") }
                values[field] = value
                break
            }
            values[field] = value
        }
        return values
    }

    /// `edit`'s arguments that make the reading `id` what `edited` says; empty when nothing changed.
    package func arguments(id: String, edited: [String: String], words: StringTable?) throws(CLIError) -> [String] {
        var options: [String] = []
        var bloodPressure: String?
        for field in ReadingEditForm.fields {
            guard let value = edited[field], value != values[field] else { continue }
            switch field {
            case "bp":
                if value.isEmpty { options += ["--clear=bp"] } else { bloodPressure = value }
            case "site":
                switch value.lowercased() {
                case "office": options.append("--office")
                case "home": options.append("--home")
                default: throw .data(Phrase("site '{value}' is home or office", ["value": value]).said(in: words))
                }
            case "at":
                options.append("--at=\(value)")
            default:
                let option = field == "tags" ? "--tag" : "--\(field)"
                options.append(value.isEmpty ? "--clear=\(field)" : "\(option)=\(value)")
            }
        }
        guard !options.isEmpty || bloodPressure != nil else { return [] }
        return options + ["--", id] + (bloodPressure.map { [$0] } ?? [])
    }
}
