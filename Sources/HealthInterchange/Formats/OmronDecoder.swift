import HealthCore

/// Omron Connect's CSV, found by column name, so the 9-, 16- and 17-column exports and the newer
/// `Measurement Date` layout all read, in any column order:
/// - dates as `Jan 12 2025`, `12 Jan 2025`, `2024/05/01`, or numeric with `--date-order`;
///   times as `08:12`, `8:12` or `8:12 AM`; a `Timezone` column, when there is one, wins over `--tz`;
/// - `-` is an empty cell, and `-2147483648` a value the monitor failed to measure: a row
///   without its blood pressure is a device error row, a missing pulse only leaves the pulse out;
///   so is a row whose blood pressure reads `Err` or `E2`, or is empty beside an `Error No.`
///   (a code beside real values is kept in the note);
/// - the monitor's findings become tags: `irregular-heartbeat`, `possible-afib`, `body-movement`;
/// - notes, symptoms, what was consumed and the device go into the note.
///
/// Exports in other languages keep the English file's columns in the same order and translate
/// the header, the month names and the flag words: Dutch, German, French, Spanish, Italian and
/// Portuguese are read by name; any other language with the same layout (the units `(mmHg)` in
/// its third and fourth columns) by position, its flags named in one note as not understood.
/// A TruRead session's average row (marked in the TruRead column) is skipped: its individual
/// readings are kept.
struct OmronDecoder: CSVRowDecoder {
    private static let systolicNames = [
        "Systolic (mmHg)", "SYS(mmHg)", "SYS (mmHg)", "Systolic", "SYS", "Systolisch (mmHg)", "Sistólica (mmHg)",
        "Systolique (mmHg)", "Sistolica (mmHg)", "Pressione sistolica (mmHg)", "Pressão sistólica (mmHg)",
    ]
    private static let diastolicNames = [
        "Diastolic (mmHg)", "DIA(mmHg)", "DIA (mmHg)", "Diastolic", "DIA", "Diastolisch (mmHg)", "Diastólica (mmHg)",
        "Diastolique (mmHg)", "Diastolica (mmHg)", "Pressione diastolica (mmHg)", "Pressão diastólica (mmHg)",
    ]
    private static let dateNames = ["Date", "Datum", "Fecha", "Data"]
    private static let timeNames = ["Time", "Tijd", "Zeit", "Uhrzeit", "Hora", "Heure", "Ora"]
    private static let pulseNames = [
        "Pulse (bpm)", "Pulse(bpm)", "Pulse", "Pulse(Beats/Min)", "Hartslag (spm)", "Hartslag", "Puls (bpm)", "Puls (S/min)", "Puls",
        "Pulso (ppm)", "Pulso (lpm)", "Pulso (bpm)", "Pulso", "Pouls (bpm)", "Pouls", "Frequenza cardiaca (bpm)", "Pulsazioni (bpm)",
        "Frequência cardíaca (bpm)",
    ]
    /// The languages read by name, for messages.
    static let languages = Phrase("English, Dutch, German, French, Spanish, Italian and Portuguese")
    /// A finding the monitor reports, in each of those languages.
    private static let flagWords: Set<String> = [
        "detected", "yes", "true", "1", "gedetecteerd", "ja", "erkannt", "festgestellt", "détecté", "detecte", "détectée", "oui",
        "detectado", "detectada", "sí", "si", "rilevato", "rilevata", "sim",
    ]
    /// How the TruRead column marks a session's average row: in the languages read by name, and
    /// in the others Omron Connect ships, so a file read by position never keeps an average too.
    private static let averageWords: Set<String> = [
        "average", "avg", "gemiddeld", "durchschnitt", "mittelwert", "moyenne", "promedio", "media", "média",
        "średnia", "srednia", "průměr", "priemer", "átlag", "medie", "prosjek", "povprečje", "gennemsnit", "gjennomsnitt",
        "genomsnitt", "medel", "medelvärde", "keskiarvo", "keskmine", "vidurkis", "vidējais", "prosek", "ortalama", "среднее",
        "середнє", "средно", "μέσος όρος", "ממוצע", "متوسط", "เฉลี่ย", "trung bình", "rata-rata", "平均", "平均值", "평균",
    ]
    /// The monitor's "no value".
    static let missing = "-2147483648"

    private let date, time, dateTime, timeZone, systolic, diastolic, pulse: Int?
    private let irregular, afib, movement, device, notes, symptoms, consumed, errorCode, truRead: Int?
    /// True for a header in a language read by position: its flag words are not understood.
    private let byPosition: Bool
    private let context: DecodeContext
    private let profile: String
    private var zones: [String: any TimeZoneRule] = [:]
    /// Omron Connect writes newest first.
    private var wallClock = WallClockResolver(newestFirst: true)

    static func recognizes(_ header: CSVColumns, context: DecodeContext) -> Bool { recognizes(header) }

    /// True for a header with Omron's blood-pressure columns in mmHg and a date, in a language
    /// read by name, or in the English layout with `(mmHg)` in the third and fourth columns.
    static func recognizes(_ header: CSVColumns) -> Bool {
        let named = header.has(systolicNames.filter { $0.contains("mmHg") }) && header.has(diastolicNames.filter { $0.contains("mmHg") })
            && (header.has(dateNames) || header.has(["Measurement Date"]))
        return named || isUnknownLanguageLayout(header)
    }

    /// True for iHealth's export: Omron's columns, its pulse in `Beats/Min`, and a `Source`.
    private static func isIHealth(_ header: CSVColumns) -> Bool {
        header.has(["Pulse(Beats/Min)"]) && header.has(["Source"])
    }

    /// The English layout in a language not read by name: date, time, then two `(mmHg)` columns.
    private static func isUnknownLanguageLayout(_ header: CSVColumns) -> Bool {
        let names = header.names
        guard names.count == 5 || names.count >= 9 else { return false }
        return isStandardLayout(header)
    }

    /// Where the column at `position` of the 17-column layout is in a file of `columns` columns:
    /// the 16-column one has no `Error No.` (13) and the 9-column one ends with `Notes`.
    private static func layoutPosition(_ position: Int, columns: Int) -> Int? {
        switch columns {
        case 17: return position
        case 16: return position < 13 ? position : position == 13 ? nil : position - 1
        case 9: return position < 8 ? position : position == 16 ? 8 : nil
        default: return position < columns ? position : nil
        }
    }

    /// Date, time, systolic and diastolic in `(mmHg)`, then the pulse: the English file's order.
    private static func isStandardLayout(_ header: CSVColumns) -> Bool {
        let names = header.names
        guard names.count >= 5 else { return false }
        return names[2].lowercased().contains("(mmhg)") && names[3].lowercased().contains("(mmhg)") && !names[4].lowercased().contains("mmhg")
    }

    init(header: CSVColumns, context: DecodeContext) throws(InterchangeError) {
        let profile = try Self.profile(for: .omron, context)
        let named = header.has(OmronDecoder.systolicNames) && header.has(OmronDecoder.diastolicNames)
        byPosition = !named && OmronDecoder.isUnknownLanguageLayout(header)
        // A translated header keeps the English file's order, so a column whose name is spelled
        // another way (`FA possible`, `detetado`) is still the one at its place in that layout.
        let layout = [9, 16, 17].contains(header.names.count) && OmronDecoder.isStandardLayout(header)
        let at = { (names: [String], position: Int) -> Int? in
            let placed = OmronDecoder.layoutPosition(position, columns: header.names.count)
            return named ? header.position(names) ?? (layout ? placed : nil) : placed
        }
        date = at(OmronDecoder.dateNames, 0)
        time = at(OmronDecoder.timeNames, 1)
        dateTime = named ? header.position(["Measurement Date", "Date Time", "DateTime"]) : nil
        timeZone = named ? header.position(["Timezone", "Time Zone"]) : nil
        systolic = at(OmronDecoder.systolicNames, 2)
        diastolic = at(OmronDecoder.diastolicNames, 3)
        pulse = at(OmronDecoder.pulseNames, 4) ?? header.position(prefix: ["pulse", "puls", "hartslag", "pouls", "heartrate"])
        irregular = at(
            [
                "Irregular heartbeat detected", "Irregular heartbeat", "Onregelmatige hartslag gedetecteerd", "Unregelmäßiger Herzschlag erkannt",
                "Unregelmäßiger Herzschlag", "Se detectó latido arrítmico", "Latido irregular detectado", "Battement cardiaque irrégulier détecté",
                "Rythme cardiaque irrégulier détecté", "Battito cardiaco irregolare rilevato", "Batimento cardíaco irregular detectado",
                "Batimento cardíaco irregular detetado",
            ], 8)
        afib = at(["Possible AFib", "AFib", "Mogelijke AFib", "Mögliches VHF", "Mögliches AFib", "Posible AFib", "Possible FA", "FA possible", "Possibile FA", "Possível FA", "Possível AFib"], 14)
        movement = at(["Body Movement", "Lichaamsbeweging", "Körperbewegung", "Movimiento corporal", "Mouvement du corps", "Movimento del corpo", "Movimento corporal"], 9)
        // iHealth's export has Omron's columns and names its monitor under `Source`.
        device = at(["Device", "Apparaat", "Gerät", "Dispositivo", "Appareil", "Source"], 15)
        notes = at(["Notes", "Note", "Memo", "Opmerkingen", "Notizen", "Notas", "Remarques", "Commentaires", "Nota"], 16)
        symptoms = at(["Symptoms", "Symptomen", "Symptome", "Síntomas", "Symptômes", "Sintomi", "Sintomas"], 5)
        consumed = at(["Consumed", "Ingenomen", "Eingenommen", "Consumido", "Consommé", "Assunto", "Assunti"], 6)
        errorCode = at(["Error No.", "Error Code", "Error number", "Error", "Foutcode", "Fehlercode", "Error n.º", "Code d'erreur", "N° d'erreur", "N.º de erro", "Codice errore", "Código de erro"], 13)
        truRead = at(["TruRead"], 7)
        try Self.requireColumns(
            ((date != nil && time != nil) || dateTime != nil) && systolic != nil && diastolic != nil, context,
            expected: Phrase("an Omron Connect file needs the columns Date, Time, Systolic (mmHg) and Diastolic (mmHg)"))
        // A column with a value HealthLog keeps is read, or the file is refused: never dropped.
        if let weight = header.position(prefix: ["weight", "gewicht", "poids", "peso"]) {
            throw .malformed(
                path: context.name,
                reason: Phrase(
                    "line {line}: column '{header}' holds weights, which an Omron file does not; import it with --columns",
                    ["line": String(context.headerLineNumber), "header": "\(header.names[weight])"]))
        }
        self.context = context
        self.profile = profile
    }

    /// The note an import prints about this file, if any.
    func note(_ header: CSVColumns) -> Phrase? {
        if Self.isIHealth(header) {
            return Phrase("the columns are iHealth's, which are Omron Connect's: read as such, the monitor named under Source going into each reading's note")
        }
        guard byPosition else { return nil }
        let flags = [irregular, movement, afib].compactMap { $0 }.filter { $0 < header.names.count }.map { "'\(header.names[$0])'" }
        guard !flags.isEmpty else {
            return Phrase(
                "the header is in a language HealthLog does not read by name (it reads {languages}): date, time, blood pressure and pulse were read by position",
                terms: ["languages": OmronDecoder.languages])
        }
        return Phrase(
            "the header is in a language HealthLog does not read by name (it reads {languages}): date, time, blood pressure and pulse were read by position; the flags {flags} were not understood and not imported",
            ["flags": flags.joined(separator: ", ")], terms: ["languages": OmronDecoder.languages])
    }

    mutating func decode(_ row: CSVRow, line: Int, into sink: ImportSink) throws(RowFault) {
        let value = { (position: Int?) -> String in
            let text = row[position]
            return text == "-" ? "" : text
        }
        if SummaryRow.isSummary(row, when: [date, time, dateTime]) {
            sink.skip(SummaryRow.skipped)
            return
        }
        if OmronDecoder.averageWords.contains(value(truRead).lowercased()) {
            // A TruRead session's average, at the same minute as its readings: they are kept, it is not.
            sink.skip(Phrase("TruRead average rows"))
            return
        }
        let code = value(errorCode) == "0" ? "" : value(errorCode)
        let failed = [systolic, diastolic].contains { OmronDecoder.isFailedMeasurement(value($0)) }
        if failed || (!code.isEmpty && value(systolic).isEmpty && value(diastolic).isEmpty) {
            sink.deviceErrorRow()
            return
        }
        let written = try when(row, line: line, value: value)
        let (day, clock) = (written.date, written.clock)
        let zone = try zone(value(timeZone))
        let takenAt = wallClock.instant(written, in: zone, line: line, sink: sink)
        let pressure = try bloodPressure(value(systolic), value(diastolic))
        let pulseText = value(pulse)
        let beats = pulseText == OmronDecoder.missing ? nil : try number(pulseText, "pulse")
        var tags: [String] = []
        for (column, tag) in [(irregular, "irregular-heartbeat"), (afib, "possible-afib"), (movement, "body-movement")]
        where !byPosition && OmronDecoder.isFlagged(value(column)) {
            tags.append(tag)
        }
        var note: [String] = []
        if !value(notes).isEmpty { note.append(value(notes)) }
        if !value(symptoms).isEmpty { note.append("Symptoms: \(value(symptoms))") }
        if !value(consumed).isEmpty { note.append("Consumed: \(value(consumed))") }
        if !code.isEmpty { note.append("Error: \(code)") }
        if !value(device).isEmpty { note.append("Device: \(value(device))") }
        let reading = Reading(
            id: NameBasedUUID.make("omron/\(profile)/\(day)T\(clock.hour):\(clock.minute):\(clock.second)/\(pressure.map(\.description) ?? "")/\(beats ?? 0)"),
            profileID: profile, takenAt: takenAt, bloodPressure: pressure, pulse: beats, tagIDs: tags,
            note: note.joined(separator: "; "), createdAt: context.now, updatedAt: context.now)
        try take(reading, rule: .sameValuesOrLocalTime, line: line, context: context, into: sink)
    }

    /// A value the monitor could not measure: `-2147483648`, `Err`, `Error`, `E1`, `E2`….
    static func isFailedMeasurement(_ text: String) -> Bool {
        let lowered = text.lowercased()
        if text == missing || lowered == "err" || lowered == "error" { return true }
        return lowered.count >= 2 && lowered.count <= 4 && lowered.first == "e" && lowered.dropFirst().allSatisfy(\.isASCIIDigit)
    }

    /// `Detected` or `Yes`, as the monitor writes a finding, in any language read by name.
    static func isFlagged(_ text: String) -> Bool {
        flagWords.contains(text.lowercased())
    }

    private func when(_ row: CSVRow, line: Int, value: (Int?) -> String) throws(RowFault) -> WrittenDateTime {
        if let dateTime, date == nil || time == nil {
            switch WallClockText.dateTime(value(dateTime), order: context.dateOrder, format: context.table.dateFormat) {
            case .success(let result): return result
            case .failure(let problem):
                throw Self.dateFault(problem, value(dateTime), line: line, context: context, example: Phrase("date '{value}' is not a date and time like 2024/05/01 08:12", ["value": "\(value(dateTime))"]))
            }
        }
        let day: CivilDate
        switch WallClockText.date(value(date), order: context.dateOrder, format: context.table.dateFormat) {
        case .success(let result): day = result
        case .failure(let problem):
            throw Self.dateFault(problem, value(date), line: line, context: context, example: Phrase("date '{value}' is not like Jan 12 2025 or 12 Jan 2025", ["value": "\(value(date))"]))
        }
        guard let clock = WallClockText.timeCell(value(time)) else { throw .invalid(Phrase("time '{value}' is not like 08:12 or 8:12 AM", ["value": "\(value(time))"])) }
        return WrittenDateTime(date: day, clock: clock, offsetMinutes: nil)
    }

    private mutating func zone(_ name: String) throws(RowFault) -> any TimeZoneRule {
        guard !name.isEmpty else { return context.zone }
        if let known = zones[name] { return known }
        guard let zone = timeZoneRule(named: name) else { throw .invalid(Phrase("time zone '{name}' is not known", ["name": name])) }
        zones[name] = zone
        return zone
    }
}

/// A whole number, or nil for an empty cell.
func number(_ text: String, _ name: String) throws(RowFault) -> Int? {
    guard !text.isEmpty else { return nil }
    guard let value = parseWholeNumber(text[...]) else { throw .invalid(Phrase("{name} '{text}' is not a whole number", ["text": "\(text)"], terms: ["name": fieldTerm(name)])) }
    return value
}

/// Both numbers or neither.
func bloodPressure(_ systolic: String, _ diastolic: String) throws(RowFault) -> BloodPressure? {
    switch (try number(systolic, "systolic"), try number(diastolic, "diastolic")) {
    case (nil, nil): return nil
    case let (s?, d?): return BloodPressure(systolic: s, diastolic: d)
    default: throw .invalid(Phrase("systolic and diastolic must be given together"))
    }
}
