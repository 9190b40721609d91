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
struct OmronDecoder: CSVRowDecoder {
    private static let systolicNames = ["Systolic (mmHg)", "SYS(mmHg)", "SYS (mmHg)", "Systolic", "SYS"]
    private static let diastolicNames = ["Diastolic (mmHg)", "DIA(mmHg)", "DIA (mmHg)", "Diastolic", "DIA"]
    /// The monitor's "no value".
    static let missing = "-2147483648"

    private let date, time, dateTime, timeZone, systolic, diastolic, pulse: Int?
    private let irregular, afib, movement, device, notes, symptoms, consumed, errorCode: Int?
    private let context: DecodeContext
    private let profile: String
    private var zones: [String: any TimeZoneRule] = [:]

    /// True for a header with Omron's blood-pressure columns in mmHg and a date.
    static func recognizes(_ header: CSVColumns) -> Bool {
        header.has(["Systolic (mmHg)", "SYS(mmHg)"]) && header.has(["Diastolic (mmHg)", "DIA(mmHg)"])
            && (header.has(["Date"]) || header.has(["Measurement Date"]))
    }

    init(header: CSVColumns, context: DecodeContext) throws(InterchangeError) {
        let profile = try Self.profile(for: .omron, context)
        date = header.position(["Date"])
        time = header.position(["Time"])
        dateTime = header.position(["Measurement Date", "Date Time", "DateTime"])
        timeZone = header.position(["Timezone", "Time Zone"])
        systolic = header.position(OmronDecoder.systolicNames)
        diastolic = header.position(OmronDecoder.diastolicNames)
        pulse = header.position(["Pulse (bpm)", "Pulse(bpm)", "Pulse"])
        irregular = header.position(["Irregular heartbeat detected", "Irregular heartbeat"])
        afib = header.position(["Possible AFib", "AFib"])
        movement = header.position(["Body Movement"])
        device = header.position(["Device"])
        notes = header.position(["Notes", "Note", "Memo"])
        symptoms = header.position(["Symptoms"])
        consumed = header.position(["Consumed"])
        errorCode = header.position(["Error No.", "Error Code", "Error number", "Error"])
        try Self.requireColumns(
            ((date != nil && time != nil) || dateTime != nil) && systolic != nil && diastolic != nil, context,
            expected: "an Omron Connect file needs the columns Date, Time, Systolic (mmHg) and Diastolic (mmHg)")
        self.context = context
        self.profile = profile
    }

    mutating func decode(_ row: CSVRow, line: Int, into sink: ImportSink) throws(RowFault) {
        let value = { (position: Int?) -> String in
            let text = row[position]
            return text == "-" ? "" : text
        }
        let code = value(errorCode) == "0" ? "" : value(errorCode)
        let failed = [systolic, diastolic].contains { OmronDecoder.isFailedMeasurement(value($0)) }
        if failed || (!code.isEmpty && value(systolic).isEmpty && value(diastolic).isEmpty) {
            sink.deviceErrorRow()
            return
        }
        let (day, clock) = try when(row, line: line, value: value)
        let zone = try zone(value(timeZone))
        let takenAt: ZonedInstant
        do {
            takenAt = try zone.wallClockInstant(
                date: day, hour: clock.hour, minute: clock.minute, second: clock.second, written: "\(day) \(clock.hour):\(pad(clock.minute, 2))")
        } catch {
            throw .invalid(error)
        }
        let pressure = try bloodPressure(value(systolic), value(diastolic))
        let pulseText = value(pulse)
        let beats = pulseText == OmronDecoder.missing ? nil : try number(pulseText, "pulse")
        var tags: [String] = []
        for (column, tag) in [(irregular, "irregular-heartbeat"), (afib, "possible-afib"), (movement, "body-movement")]
        where OmronDecoder.isFlagged(value(column)) {
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

    /// `Detected` or `Yes`, as the monitor writes a finding.
    static func isFlagged(_ text: String) -> Bool {
        ["detected", "yes", "true", "1"].contains(text.lowercased())
    }

    private func when(_ row: CSVRow, line: Int, value: (Int?) -> String) throws(RowFault) -> (CivilDate, (hour: Int, minute: Int, second: Int)) {
        if let dateTime, date == nil || time == nil {
            switch WallClockText.dateTime(value(dateTime), order: context.dateOrder) {
            case .success(let result): return result
            case .failure(.ambiguous):
                throw .file(.dateOrderRequired(path: context.name, line: line, date: value(dateTime)))
            case .failure(.unreadable):
                throw .invalid("date '\(value(dateTime))' is not a date and time like 2024/05/01 08:12")
            }
        }
        let day: CivilDate
        switch WallClockText.date(value(date), order: context.dateOrder) {
        case .success(let result): day = result
        case .failure(.ambiguous): throw .file(.dateOrderRequired(path: context.name, line: line, date: value(date)))
        case .failure(.unreadable):
            if let order = context.dateOrder, value(date).contains(where: \.isNumber), !value(date).contains(where: \.isLetter) {
                throw .invalid("date '\(value(date))' is not a date in \(order.words) order (--date-order \(order.rawValue))")
            }
            throw .invalid("date '\(value(date))' is not like Jan 12 2025 or 12 Jan 2025")
        }
        guard let clock = WallClockText.time(value(time)) else { throw .invalid("time '\(value(time))' is not like 08:12 or 8:12 AM") }
        return (day, clock)
    }

    private mutating func zone(_ name: String) throws(RowFault) -> any TimeZoneRule {
        guard !name.isEmpty else { return context.zone }
        if let known = zones[name] { return known }
        guard let zone = timeZoneRule(named: name) else { throw .invalid("time zone '\(name)' is not known") }
        zones[name] = zone
        return zone
    }
}

/// A whole number, or nil for an empty cell.
func number(_ text: String, _ name: String) throws(RowFault) -> Int? {
    guard !text.isEmpty else { return nil }
    guard let value = parseWholeNumber(text[...]) else { throw .invalid("\(name) '\(text)' is not a whole number") }
    return value
}

/// Both numbers or neither.
func bloodPressure(_ systolic: String, _ diastolic: String) throws(RowFault) -> BloodPressure? {
    switch (try number(systolic, "systolic"), try number(diastolic, "diastolic")) {
    case (nil, nil): return nil
    case let (s?, d?): return BloodPressure(systolic: s, diastolic: d)
    default: throw .invalid("systolic and diastolic must be given together")
    }
}
