import HealthCore

/// A blood-pressure notebook a Chinese family keeps, typed into a sheet (Excel, WPS, LibreOffice;
/// CSV, `.xlsx` or `.ods`), read by its Chinese headers with no mapping:
/// - the date in `日期` and the time in `时间`, or both in one `测量时间`; the time may be only the
///   part of the day (`早`, `晚`), or that part may have a column of its own (`时段`);
/// - `收缩压` or `高压`, `舒张压` or `低压`, `脉搏` or `心率`, each with or without its unit
///   (`高压(mmHg)`), or the pair in one cell `135/85` (`血压`), the pulse after it if written;
/// - a column per part of the day: `早`/`晚` or `上午`/`下午` holding `135/85`, or `早高压`,
///   `早低压`, `早脉搏`…: each filled one is a reading at that part's time;
/// - `体重(kg)` or `体重(斤)` (1 斤 = 0.5 kg; a `体重` with no unit is left out, and the import
///   says so); `备注`, the note.
/// Dates are read as ``NotebookText`` reads them; a date without its year takes it from the rows
/// around it (``DatedRows``).
struct NotebookDecoder: CSVRowDecoder {
    /// What a column holds.
    enum Role: Equatable {
        case date, time, dateOrDateTime, dayPart, systolic, diastolic, pulse, pair, weightKilograms, weightJin, weightNoUnit, note
    }

    /// The values of one reading's columns: one set for a row, or one per part of the day.
    struct Session {
        var part: NotebookText.DayPart?
        var systolic, diastolic, pulse, pair, time: Int?
        var hasValues: Bool { pair != nil || (systolic != nil && diastolic != nil) || pulse != nil }
    }

    private let date, dayPartColumn, weight, note: Int?
    private let time: Int?
    /// True when the time column may hold a date and time (`测量时间`).
    private let timeMayHoldDate: Bool
    private let weightIsJin: Bool
    private let sessions: [Session]
    private let context: DecodeContext
    private let profile: String
    private var wallClock = WallClockResolver()
    private var saidDayPart = false
    private var saidYear = false

    // MARK: - The header

    /// The role of a header cell, and the part of the day it is for.
    static func role(of name: String) -> (role: Role, part: NotebookText.DayPart?)? {
        var key = CSVColumns.normalized(name)
        for unit in ["mmhg", "次分钟", "次分", "bpm"] where key.hasSuffix(unit) { key = String(key.dropLast(unit.count)) }
        switch key {
        case "日期", "测量日期", "记录日期", "date": return (.date, nil)
        case "时间", "测量时刻", "time": return (.time, nil)
        case "测量时间", "记录时间", "日期时间": return (.dateOrDateTime, nil)
        case "时段", "早晚", "时间段", "上下午": return (.dayPart, nil)
        case "体重kg", "体重公斤", "体重千克": return (.weightKilograms, nil)
        case "体重斤", "体重市斤": return (.weightJin, nil)
        case "体重": return (.weightNoUnit, nil)
        case "备注", "说明", "备忘", "备注说明": return (.note, nil)
        default: break
        }
        var part: NotebookText.DayPart?
        if let found = NotebookText.dayPart(key) {
            part = found.part
            key = found.rest
        }
        switch key {
        case "收缩压", "高压", "收缩": return (.systolic, part)
        case "舒张压", "低压", "舒张": return (.diastolic, part)
        case "脉搏", "心率", "脉率", "脉搏次分": return (.pulse, part)
        case "血压", "血压值", "测量值", "收缩压舒张压", "高压低压", "血压收缩压舒张压", "血压高压低压": return (.pair, part)
        case "" where part != nil: return (.pair, part)
        case "时间" where part != nil: return (.time, part)
        default: return nil
        }
    }

    /// True for a notebook's header: a Chinese name among its columns, a date, and a blood
    /// pressure (two columns or one pair) for the row or for a part of the day.
    static func recognizes(_ header: CSVColumns) -> Bool {
        guard header.names.contains(where: { $0.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } }) else { return false }
        let roles = header.names.compactMap(role(of:))
        guard roles.contains(where: { [.date, .dateOrDateTime].contains($0.role) || ($0.role == .time && $0.part == nil) }) else { return false }
        return sessions(header).contains { $0.pair != nil || ($0.systolic != nil && $0.diastolic != nil) }
            || roles.contains { $0.role == .weightKilograms || $0.role == .weightJin }
    }

    static func recognizes(_ header: CSVColumns, context: DecodeContext) -> Bool { recognizes(header) }

    /// The row's own values, then each part of the day's, by the header.
    private static func sessions(_ header: CSVColumns) -> [Session] {
        var sessions: [Session] = [Session(part: nil)]
        for (position, name) in header.names.enumerated() {
            guard let (role, part) = role(of: name) else { continue }
            guard [.systolic, .diastolic, .pulse, .pair].contains(role) || (role == .time && part != nil) else { continue }
            if !sessions.contains(where: { $0.part == part }) { sessions.append(Session(part: part)) }
            let index = sessions.firstIndex { $0.part == part }!
            switch role {
            case .systolic: sessions[index].systolic = sessions[index].systolic ?? position
            case .diastolic: sessions[index].diastolic = sessions[index].diastolic ?? position
            case .pulse: sessions[index].pulse = sessions[index].pulse ?? position
            case .pair: sessions[index].pair = sessions[index].pair ?? position
            case .time: sessions[index].time = sessions[index].time ?? position
            default: break
            }
        }
        return sessions.filter { $0.systolic != nil || $0.diastolic != nil || $0.pulse != nil || $0.pair != nil }
    }

    static func yearSurveyColumn(_ header: CSVColumns) -> Int? {
        let first = { (wanted: Role) in header.names.firstIndex { role(of: $0).map { $0.role == wanted && $0.part == nil } ?? false } }
        return first(.date) ?? first(.dateOrDateTime) ?? first(.time)
    }

    init(header: CSVColumns, context: DecodeContext) throws(InterchangeError) {
        profile = try Self.profile(for: .notebook, context)
        let first = { (wanted: [Role]) in header.names.firstIndex { name in Self.role(of: name).map { wanted.contains($0.role) && $0.part == nil } ?? false } }
        let dateColumn = first([.date])
        // Without a 日期 column, 测量时间 (or 时间) holds the date and the time.
        let dateTimeColumn = first([.dateOrDateTime]) ?? (dateColumn == nil ? first([.time]) : nil)
        date = dateColumn ?? dateTimeColumn
        time = dateColumn != nil ? (first([.time]) ?? dateTimeColumn) : nil
        timeMayHoldDate = dateColumn == nil
        dayPartColumn = first([.dayPart])
        let kilograms = first([.weightKilograms]), jin = first([.weightJin])
        weight = kilograms ?? jin
        weightIsJin = kilograms == nil && jin != nil
        note = first([.note])
        sessions = Self.sessions(header)
        try Self.requireColumns(
            date != nil && (!sessions.isEmpty || first([.weightKilograms, .weightJin]) != nil), context,
            expected: Phrase("a notebook has a 日期 (or 测量时间) column and 高压 and 低压, or 血压 written 135/85"))
        let rowSession = sessions.first { $0.part == nil }
        try Self.requireColumns(
            rowSession == nil || time != nil || dayPartColumn != nil || timeMayHoldDate, context,
            expected: Phrase("a notebook's readings need their time: a 时间 column (7:30, 早, 晚) or a 时段 column (早, 晚)"))
        self.context = context
        if let unnamed = first([.weightNoUnit]), weight == nil {
            sinkNote = Phrase(
                "the column {name} names no unit, kg or 斤: it was left out; name it 体重(kg) or 体重(斤) to import it", ["name": header.names[unnamed]])
        }
    }

    /// What the header left out, said once the import starts.
    private var sinkNote: Phrase?

    func note(_ header: CSVColumns) -> Phrase? { sinkNote }

    // MARK: - The rows

    mutating func decode(_ row: CSVRow, line: Int, into sink: ImportSink) throws(RowFault) {
        if SummaryRow.isSummary(row, when: [date, time]) {
            sink.skip(SummaryRow.skipped)
            return
        }
        let filled = sessions.filter { session in [session.systolic, session.diastolic, session.pulse, session.pair].contains { !row[$0].isEmpty } }
        let grams = try weightGrams(row)
        if filled.isEmpty && grams == nil {
            sink.skip(row.cells.allSatisfy { $0.trimmingWhitespace().isEmpty } ? Phrase("empty rows") : Phrase("rows with a date but no reading"))
            return
        }
        let day = try self.day(row, line: line, sink: sink)
        // The weight is one per row: with its first reading, or alone at the row's time.
        var weightLeft = grams
        for session in filled.isEmpty ? [sessions.first { $0.part == nil } ?? Session(part: nil)] : filled {
            let clock = try self.clock(row, session: session, written: day.clock, line: line, sink: sink)
            var systolic = row[session.systolic], diastolic = row[session.diastolic], pulse = row[session.pulse]
            // `135/85` typed into the 高压 column, 低压 left empty: the pair in one cell.
            let pairCell = !row[session.pair].isEmpty ? row[session.pair] : systolic.contains("/") && diastolic.isEmpty ? systolic : ""
            if !pairCell.isEmpty {
                let parts = pairCell.split { $0 == "/" || $0 == "／" || $0 == " " || $0 == "," || $0 == "，" }.map(String.init)
                guard parts.count == 2 || parts.count == 3 else {
                    throw .invalid(Phrase("blood pressure '{cell}' is not like 135/85", ["cell": pairCell]))
                }
                (systolic, diastolic) = (parts[0], parts[1])
                if parts.count == 3 {
                    guard pulse.isEmpty || pulse == parts[2] else {
                        throw .invalid(Phrase("'{cell}' gives the pulse {a}, the pulse column {b}", ["cell": pairCell, "a": parts[2], "b": pulse]))
                    }
                    pulse = parts[2]
                }
            }
            if let cellClock = day.dateCellClock, session.part == nil, !row[time].isEmpty,
                (cellClock.hour, cellClock.minute) != (clock.hour, clock.minute)
            {
                throw .invalid(
                    Phrase(
                        "the date '{date}' holds the time {a}, the 时间 column {b}; write one time",
                        ["date": row[date], "a": Self.hhmm(cellClock), "b": Self.hhmm(clock)]))
            }
            // The offset a time stamp was written with belongs to its own time only.
            let stamped = day.clock ?? day.dateCellClock ?? (0, 0, 0)
            let offset = (stamped.hour, stamped.minute) == (clock.hour, clock.minute) ? day.offsetMinutes : nil
            let takenAt = wallClock.instant(
                WrittenDateTime(date: day.date, clock: clock, offsetMinutes: offset), in: context.zone, line: line, sink: sink)
            let weight = weightLeft
            weightLeft = nil
            let values = [systolic, diastolic, pulse, weight.map(String.init) ?? ""].joined(separator: "/")
            let reading = Reading(
                id: NameBasedUUID.make("notebook/\(profile)/\(day.date)T\(clock.hour):\(clock.minute):\(clock.second)/\(values)"),
                profileID: profile, takenAt: takenAt, bloodPressure: try bloodPressure(systolic, diastolic),
                pulse: try number(pulse, "pulse"), weightGrams: weight, note: row[note], createdAt: context.now, updatedAt: context.now)
            try take(reading, rule: .sameValuesOrLocalTime, line: line, context: context, into: sink)
        }
    }

    /// The weight in grams: kilograms, or 斤 halved.
    private func weightGrams(_ row: CSVRow) throws(RowFault) -> Int? {
        guard !row[weight].isEmpty else { return nil }
        guard let value = decimalNumber(row[weight]), let grams = HealthInterchange.grams(weightIsJin ? value / 2 : value, unit: "kg") else {
            throw .invalid(
                weightIsJin
                    ? Phrase("weight '{value}' is not a number of 斤", ["value": row[weight]])
                    : Phrase("weight '{value}' is not a number of kilograms", ["value": row[weight]]))
        }
        return grams
    }

    /// `07:30`, as a refusal names a time.
    private static func hhmm(_ clock: Clock) -> String {
        "\(clock.hour < 10 ? "0" : "")\(clock.hour):\(clock.minute < 10 ? "0" : "")\(clock.minute)"
    }

    /// A row's date as its date cell writes it.
    private struct Day {
        var date: CivilDate
        /// The reading's time, when the cell holds the date and the time (`测量时间`).
        var clock: Clock?
        /// A time the 日期 cell holds beside the 时间 column (a workbook's date cell typed with
        /// its time, shown as the date alone): the 时间 column must not say otherwise.
        var dateCellClock: Clock?
        /// The offset an app's time stamp was written with (`2026-11-03T07:30:00+08:00`, `…Z`).
        var offsetMinutes: Int?
    }

    /// The row's date, and its time when the date cell holds one (`测量时间`).
    private mutating func day(_ row: CSVRow, line: Int, sink: ImportSink) throws(RowFault) -> Day {
        // A time stamp with its offset, or a 日期 cell holding a time as well, as an app or a
        // spreadsheet writes them: `2026-11-03T07:30:00+08:00`, `2026-11-03 21:00:00`.
        if case .success(let written) = WallClockText.dateTime(row[date], order: .ymd), written.offsetMinutes != nil || !timeMayHoldDate {
            let clock = (written.clock.hour, written.clock.minute, written.clock.second)
            if timeMayHoldDate { return Day(date: written.date, clock: clock, offsetMinutes: written.offsetMinutes) }
            return Day(date: written.date, dateCellClock: clock == (0, 0, 0) ? nil : clock, offsetMinutes: written.offsetMinutes)
        }
        var text = row[date]
        var clockText: String?
        if timeMayHoldDate, let space = text.firstIndex(where: { $0 == " " || $0 == "\u{3000}" }) {
            clockText = String(String(text[text.index(after: space)...]).trimmingWhitespace())
            text = String(text[..<space])
        }
        var clock: Clock?
        if let clockText {
            guard case .clock(let hour, let minute, let second) = NotebookText.time(clockText) else {
                throw .invalid(Phrase("time '{cell}' is not like 7:30, 7点30 or 晚上9点", ["cell": clockText]))
            }
            clock = (hour, minute, second)
        }
        switch NotebookText.date(text) {
        case .full(let date): return Day(date: date, clock: clock)
        case .yearless(let month, let day):
            let today = context.zone.zoned(utcSeconds: floorDivide(context.now, 1000)).localDate
            switch (context.datedRows ?? DatedRows()).date(month: month, day: day, line: line, today: today) {
            case .success(let found):
                if found.fromToday && !saidYear {
                    saidYear = true
                    sink.note(
                        Phrase(
                            "line {line}: dates without a year, such as {written}, are read in {year}, the latest year that puts them not after today",
                            ["line": String(line), "written": text, "year": String(found.date.year)]))
                }
                return Day(date: found.date, clock: clock)
            case .failure(.ambiguous(let a, let b)):
                throw .invalid(Phrase("date '{written}' has no year, and the rows around it give {a} or {b}; write its year", ["written": text, "a": a.description, "b": b.description]))
            case .failure(.future(let date)):
                throw .invalid(Phrase("date '{written}' has no year, and read as {date} it is after today; write its year", ["written": text, "date": date.description]))
            case .failure(.impossible):
                throw .invalid(Phrase("date '{written}' is not a date in any year", ["written": text]))
            }
        case .unreadable:
            throw .invalid(Phrase("date '{written}' is not a date like 2026/11/3, 2026年11月3日 or 11月3日", ["written": text]))
        }
    }

    /// The time of a reading: the session's own time column, the row's time, or the part of the
    /// day its column or the row's `时段` names (at that part's stated time, said once).
    private mutating func clock(_ row: CSVRow, session: Session, written: Clock?, line: Int, sink: ImportSink) throws(RowFault) -> Clock {
        if let written, session.part == nil { return written }
        var part = session.part
        if part == nil, !row[dayPartColumn].isEmpty {
            guard let found = NotebookText.dayPart(row[dayPartColumn]), found.rest.isEmpty else {
                throw .invalid(Phrase("'{cell}' is not a part of the day like 早, 晚, 上午 or 下午", ["cell": row[dayPartColumn]]))
            }
            part = found.part
        }
        let timeCell = session.part == nil ? row[time] : row[session.time]
        if !timeCell.isEmpty {
            switch NotebookText.time(timeCell) {
            case .clock(let hour, let minute, let second):
                // A bare `7:30` in the evening's column or beside 晚 is 19:30.
                if let part, hour < 12, let adjusted = part.hour(hour) { return (adjusted, minute, second) }
                return (hour, minute, second)
            case .dayPart(let found): part = found
            case .unreadable:
                if let clock = WallClockText.timeCell(timeCell) { return clock }
                throw .invalid(Phrase("time '{cell}' is not like 7:30, 7点30 or 晚上9点", ["cell": timeCell]))
            }
        }
        guard let part, let clock = part.defaultClock else {
            throw .invalid(Phrase("the reading has no time: write it (7:30) or the part of the day (早, 晚)"))
        }
        if !saidDayPart {
            saidDayPart = true
            sink.note(
                Phrase(
                    "line {line}: a reading marked only 早 or 上午 is put at 07:00, 下午 at 15:00, 晚 at 20:00 (the home protocol's morning and evening sessions); write the time where it matters",
                    ["line": String(line)]))
        }
        return clock
    }
}
