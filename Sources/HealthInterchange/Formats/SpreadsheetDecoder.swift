import HealthCore

/// Any spreadsheet saved as CSV, or a paper log typed up, read by a ``ColumnMapping``
/// (`--columns`): each mapped column is found in the header by name, the others are ignored.
/// Dates read as ``WallClockText`` reads them (numeric ones in the order `--date-format` or
/// `--date-order` gives, else the one the rows settle), times as `08:12`, `8:12 PM` or `0812` (24-hour, no colon), both in
/// `--tz`; a row whose mapped cells are all empty is skipped. The same checks, duplicate rule
/// and daylight-saving rule apply as for a device's file.
struct SpreadsheetDecoder: CSVRowDecoder {
    private let positions: [ColumnMapping.Field: Int]
    private let context: DecodeContext
    private let profile: String
    private var wallClock = WallClockResolver()
    /// True once the import has said that `--time` put the readings at its time.
    private var saidSheetTime = false

    init(header: CSVColumns, context: DecodeContext) throws(InterchangeError) {
        guard let mapping = context.table.columns else {
            throw .malformed(path: context.name, reason: Phrase("a spreadsheet is read with a mapping of its columns: --columns 'date=…,time=…,systolic=…,diastolic=…'"))
        }
        let profile = try Self.profile(for: .spreadsheet, context)
        var positions: [ColumnMapping.Field: Int] = [:]
        for field in ColumnMapping.Field.allCases {
            guard let name = mapping.columns[field] else { continue }
            guard let position = header.position([name]) else {
                let names = header.names.map { "'\($0)'" }.joined(separator: ", ")
                throw .malformed(
                    path: context.name,
                    reason: Phrase(
                        "line {line}: --columns maps {field} to '{name}', which is not in the header; its columns are {names}",
                        ["line": String(context.headerLineNumber), "field": "\(field.rawValue)", "name": "\(name)", "names": "\(names)"]))
            }
            positions[field] = position
        }
        self.positions = positions
        self.context = context
        self.profile = profile
    }

    /// True for the row that holds every column the mapping names.
    static func recognizes(_ header: CSVColumns, context: DecodeContext) -> Bool {
        context.table.columns?.columns.values.allSatisfy { header.has([$0]) } ?? false
    }

    mutating func decode(_ row: CSVRow, line: Int, into sink: ImportSink) throws(RowFault) {
        let positions = self.positions
        let cell = { (field: ColumnMapping.Field) in row[positions[field]] }
        if positions.keys.allSatisfy({ cell($0).isEmpty }) {
            sink.skip(Phrase("empty rows"))
            return
        }
        if SummaryRow.isSummary(row, when: [positions[.date], positions[.time], positions[.datetime]]) {
            sink.skip(SummaryRow.skipped)
            return
        }
        if positions.keys.allSatisfy({ [.date, .time, .datetime].contains($0) || cell($0).isEmpty }) {
            // A sheet laid out ahead, its days written in and no reading taken yet.
            sink.skip(Phrase("rows with a time but no value"))
            return
        }
        let written = try when(cell, line: line, sink: sink)
        let (day, clock) = (written.date, written.clock)
        let takenAt = wallClock.instant(written, in: context.zone, line: line, sink: sink)
        var systolic = cell(.systolic), diastolic = cell(.diastolic)
        if positions[.bp] != nil, !cell(.bp).isEmpty {
            let parts = cell(.bp).split(separator: "/").map { String(String($0).trimmingWhitespace()) }
            guard parts.count == 2 else { throw .invalid(Phrase("blood pressure '{cell}' is not like 138/86", ["cell": "\(cell(.bp))"])) }
            (systolic, diastolic) = (parts[0], parts[1])
        }
        let pressure = try bloodPressure(try whole(systolic, "systolic"), try whole(diastolic, "diastolic"))
        var grams: Int?
        for (field, unit) in [(ColumnMapping.Field.weight, "kg"), (.weightLb, "lb")] where !cell(field).isEmpty {
            guard let value = decimal(cell(field)), let converted = HealthInterchange.grams(value, unit: unit) else {
                let refusal =
                    unit == "kg"
                    ? Phrase("weight '{value}' is not a number of kilograms", ["value": cell(field)])
                    : Phrase("weight '{value}' is not a number of pounds", ["value": cell(field)])
                throw .invalid(context.table.decimalComma ? refusal : Phrase("{refusal} (for 72,5 give --decimal-comma)", terms: ["refusal": refusal]))
            }
            grams = converted
        }
        let tags = cell(.tags).split { $0 == ";" || $0 == "," || $0 == " " }.map { $0.lowercased() }
        let values = [systolic, diastolic, cell(.pulse), grams.map(String.init) ?? ""].joined(separator: "/")
        let reading = Reading(
            id: NameBasedUUID.make("spreadsheet/\(profile)/\(day)T\(clock.hour):\(clock.minute):\(clock.second)/\(values)"),
            profileID: profile, takenAt: takenAt, bloodPressure: pressure, pulse: try number(try whole(cell(.pulse), "pulse"), "pulse"),
            weightGrams: grams, tagIDs: tags, note: cell(.note), createdAt: context.now, updatedAt: context.now)
        try take(reading, rule: .sameValuesOrLocalTime, line: line, context: context, into: sink)
    }

    /// A whole number's text as written, or `120,0` / `120.0` made whole.
    private func whole(_ text: String, _ name: String) throws(RowFault) -> String {
        guard text.contains(where: { $0 == "," || $0 == "." }) else { return text }
        guard let value = decimal(text), value == value.rounded() else { throw .invalid(Phrase("{name} '{text}' is not a whole number", ["text": "\(text)"], terms: ["name": fieldTerm(name)])) }
        return String(Int(value))
    }

    /// A decimal number: with `--decimal-comma`, `72,5` and `1.234,5`; else `72.5` (a lone comma is still a decimal comma).
    private func decimal(_ text: String) -> Double? {
        guard context.table.decimalComma else { return decimalNumber(text) }
        return decimalNumber(String(text.filter { $0 != "." }))
    }

    private mutating func when(_ cell: (ColumnMapping.Field) -> String, line: Int, sink: ImportSink) throws(RowFault) -> WrittenDateTime {
        let written = positions[.datetime] != nil ? cell(.datetime) : cell(.date)
        var result = positions[.datetime] != nil
            ? WallClockText.dateTime(written, order: context.dateOrder, format: context.table.dateFormat)
            : WallClockText.date(written, order: context.dateOrder, format: context.table.dateFormat).map {
                WrittenDateTime(date: $0, clock: (0, 0, 0), offsetMinutes: nil)
            }
        // A date cell holding its time as well (a workbook's date cell typed with the time and
        // shown as the date alone, `2026-11-03 21:00:00`): the date, whose time the time column
        // must not contradict.
        var dateCellTime: WrittenDateTime?
        if positions[.datetime] == nil, case .failure = result,
            case .success(let stamped) = WallClockText.dateTime(written, order: context.dateOrder, format: context.table.dateFormat)
        {
            result = .success(stamped)
            dateCellTime = stamped
        }
        var when: WrittenDateTime
        switch result {
        case .success(let found): when = found
        case .failure(let problem):
            throw Self.dateFault(
                problem, written, line: line, context: context,
                example: positions[.datetime] != nil
                    ? Phrase("'{written}' is not a date and time like 2026-03-01 08:12", ["written": written])
                    : Phrase("date '{written}' is not a date like 2026-03-01 or 01.03.2026", ["written": written]))
        }
        if positions[.time] != nil {
            guard let time = WallClockText.timeCell(cell(.time)) else {
                if WallClockText.isCompactTime(cell(.time)) {
                    throw .invalid(Phrase("time '{cell}' is not a time of day: read as HHMM, its hour must be 0-23 and its minutes 0-59", ["cell": cell(.time)]))
                }
                throw .invalid(Phrase("time '{cell}' is not like 08:12, 8:12 PM or 0812", ["cell": "\(cell(.time))"]))
            }
            if let stamped = dateCellTime, stamped.clock != (0, 0, 0), (stamped.clock.hour, stamped.clock.minute) != (time.hour, time.minute) {
                throw .invalid(
                    Phrase("the date '{date}' holds a time, the time column '{time}'; write one time", ["date": written, "time": cell(.time)]))
            }
            let sameTime = dateCellTime.map { ($0.clock.hour, $0.clock.minute) == (time.hour, time.minute) } ?? false
            when = WrittenDateTime(date: when.date, clock: time, offsetMinutes: sameTime ? dateCellTime?.offsetMinutes : nil)
        } else if positions[.datetime] == nil, let sheetTime = context.table.sheetTime {
            // A sheet with dates only: the time `--time` gives, said once.
            when = WrittenDateTime(date: when.date, clock: (sheetTime.hour, sheetTime.minute, 0), offsetMinutes: nil)
            if !saidSheetTime {
                saidSheetTime = true
                sink.note(Phrase("the sheet has no time column: every reading is put at {time} on its date (--time)", ["time": sheetTime.description]))
            }
        }
        return when
    }
}
