import HealthCore

/// The parts of a reading's form: three number fields the script turns into wheels, the
/// stamps as chips, the note and the time. Without script it is the same form, with plain
/// number fields.
enum ReadingFormView {
    /// What the fields show: a person's last values, or what was typed before a refusal.
    struct Values {
        var systolic = ""
        var diastolic = ""
        var pulse = ""
        var weight = ""
        var note = ""
        var at = ""
        var tags: Set<String> = []

        /// The last values of `readings` (the latest reading with each), for the wheels to start at.
        static func lastOf(_ readings: [Reading]) -> Values {
            var values = Values()
            if let pressure = readings.last(where: { $0.bloodPressure != nil })?.bloodPressure {
                values.systolic = String(pressure.systolic)
                values.diastolic = String(pressure.diastolic)
            }
            if let pulse = readings.last(where: { $0.pulse != nil })?.pulse { values.pulse = String(pulse) }
            return values
        }

        /// The values of `reading`, for its edit form.
        static func of(_ reading: Reading) -> Values {
            var values = Values()
            values.systolic = reading.systolic.map(String.init) ?? ""
            values.diastolic = reading.diastolic.map(String.init) ?? ""
            values.pulse = reading.pulse.map(String.init) ?? ""
            values.weight = reading.weightGrams.map(formatKilograms) ?? ""
            values.note = reading.note
            values.at = "\(reading.takenAt.localDate)T\(reading.takenAt.localTimeText)"
            values.tags = Set(reading.tagIDs)
            return values
        }

        /// What was typed in `input`.
        static func typed(_ input: ReadingFormInput) -> Values {
            var values = Values()
            values.systolic = input.value("systolic")
            values.diastolic = input.value("diastolic")
            values.pulse = input.value("pulse")
            values.weight = input.value("weight")
            values.note = input.typed["note"] ?? ""
            values.at = input.value("at")
            values.tags = Set(input.tagIDs)
            return values
        }
    }

    /// The wheels' ranges (the diary's), inside what the log accepts, which the plain fields take.
    /// A wheel with no value to start at starts at `start`.
    static let wheelRanges: [(name: String, wheel: ClosedRange<Int>, start: Int, limit: NumberLimit)] = [
        ("systolic", 60...250, 120, ValueLimits.systolic), ("diastolic", 40...150, 80, ValueLimits.diastolic), ("pulse", 40...180, 72, ValueLimits.pulse),
    ]

    /// Systolic, diastolic and pulse side by side, each labelled with its name and, for a column
    /// too narrow for the name at the reader's text size, the monitor's short label (SYS, DIA,
    /// PULSE), which the stylesheet shows instead.
    static func wheels(_ words: StringTable, _ values: Values, pulseOptional: Bool = true) -> HTML {
        let fields = wheelRanges.map { field -> HTML in
            let value =
                switch field.name {
                case "systolic": values.systolic
                case "diastolic": values.diastolic
                default: values.pulse
                }
            let unit = field.name == "pulse" ? words.web("unit.bpm") : "mmHg"
            let blank: HTML = field.name == "pulse" && pulseOptional ? " data-wheel-blank=\"—\"" : ""
            return """
                <label class="wheel-field" for="\(field.name)"><span class="wheel-label"><span class="long">\(words.web("field.\(field.name)"))</span>\
                <span class="short" aria-hidden="true">\(words.web("field.\(field.name).short"))</span></span>\
                <input type="number" id="\(field.name)" name="\(field.name)" inputmode="numeric" min="\(field.limit.range.lowerBound)" \
                max="\(field.limit.range.upperBound)" step="1" value="\(value)" data-wheel-min="\(field.wheel.lowerBound)" \
                data-wheel-max="\(field.wheel.upperBound)" data-wheel-start="\(field.start)"\(blank)><span class="unit">\(unit)</span></label>
                """
        }
        return """
            <fieldset class="wheels"><legend>\(words.web("field.bloodPressure"))</legend><div class="wheel-row">\(fields)</div></fieldset>
            """
    }

    /// The status stamps as chips, BP medication first.
    static func stamps(_ words: StringTable, tags: [StatusTag], checked: Set<String>) -> HTML {
        // The diary's order: BP medication, then the other built-in stamps, then the family's own.
        let order = { (tag: StatusTag) in StatusTag.builtIns.firstIndex { $0.id == tag.id } ?? StatusTag.builtIns.count }
        let shown = tags.filter { !$0.removed }.sorted { (order($0), $0.label) < (order($1), $1.label) }
        let chips = shown.map { tag -> HTML in
            let on: HTML = checked.contains(tag.id) ? " checked" : ""
            let color = StatusTag.isColor(tag.color) ? tag.color : "#6C757D"
            return """
                <label class="chip"><input type="checkbox" name="tags" value="\(tag.id)"\(on)>\
                <svg class="dot" viewBox="0 0 10 10" aria-hidden="true"><circle cx="5" cy="5" r="5" fill="\(color)"/></svg>\
                <span>\(tag.label(in: words.language))</span></label>
                """
        }
        return """
            <fieldset class="stamps"><legend>\(words.web("field.stamps"))</legend><div class="chips">\(chips)</div></fieldset>
            """
    }

    /// The note.
    static func note(_ words: StringTable, _ values: Values) -> HTML {
        """
        <label class="block" for="note">\(words.web("field.note"))</label>
        <textarea id="note" name="note" rows="1" maxlength="\(ValueLimits.note.maximum)">\(values.note)</textarea>
        """
    }

    /// The time: now, unless changed for a reading written down earlier. The date and the time of
    /// day are two fields, each as wide as the column, so that on a 320 px phone at 200 % text
    /// the hour and minute show whole (one `datetime-local` box showed only the date). The
    /// summary names a time once one is chosen: the server's words when the page comes back
    /// with one, the script's as it is typed (`data-chosen`, `{time}` filled in). Without script
    /// the line cannot follow the boxes, so it says "now, or the date and time below"; the
    /// script says "now" (`data-now`) only while the boxes are empty.
    static func time(_ words: StringTable, _ values: Values) -> HTML {
        let open: HTML = values.at.isEmpty ? "" : " open"
        let summary = values.at.isEmpty ? words.web("field.timeNowOrBelow") : words.web("field.timeChosen", ["time": shown(values.at, words)])
        return """
            <details class="time"\(open)><summary data-now="\(words.web("field.timeNow"))" data-chosen="\(words.web("field.timeChosen", ["time": "{time}"]))">\(summary)</summary>
            \(dateAndTime(words, at: values.at, required: false))
            </details>
            """
    }

    /// The date and time-of-day fields (`date`, `time`) of a reading's time `at` (`2026-12-05T21:45`).
    static func dateAndTime(_ words: StringTable, at: String, required: Bool) -> HTML {
        let parts = at.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let date = parts.first ?? ""
        let clock = parts.count > 1 ? String(parts[1].prefix(5)) : ""
        let needed: HTML = required ? " required" : ""
        return """
            <fieldset class="when"><legend>\(words.web("field.time"))</legend><div class="when-fields">\
            <label class="when-field"><span>\(words.web("field.date"))</span><input type="date" id="date" name="date" value="\(date)"\(needed)></label>\
            <label class="when-field"><span>\(words.web("field.clock"))</span><input type="time" id="time" name="time" value="\(clock)" step="60"\(needed)></label>\
            </div></fieldset>
            """
    }

    /// `Sat 5 Dec 21:45` for `2026-12-05T21:45`, as the notice after a save writes a time; the
    /// text as it is when it is not a date and a time.
    private static func shown(_ at: String, _ words: StringTable) -> String {
        let parts = at.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let date = CivilDate(iso: parts[0]), ZonedInstant.parseClock(parts[1]) != nil else { return at }
        return "\(words.shortDate(date)) \(parts[1].prefix(5))"
    }

    /// The weight field.
    static func weight(_ words: StringTable, _ values: Values) -> HTML {
        """
        <label class="block" for="weight">\(words.web("field.weight"))</label>
        <div class="with-unit"><input type="text" id="weight" name="weight" inputmode="decimal" autocomplete="off" \
        pattern="[0-9]{1,3}([.,][0-9]{1,3})?" value="\(values.weight)"><span class="unit">kg</span></div>
        """
    }

    /// The hidden fields every form carries.
    static func hidden(csrf: String, profile: String) -> HTML {
        """
        <input type="hidden" name="csrf" value="\(csrf)"><input type="hidden" name="profile" value="\(profile)">
        """
    }
}
