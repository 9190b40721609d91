import HealthCore
import HealthRecords

/// Reads a CSV export row by row: the header must match, every row must have as many cells,
/// and each bad row becomes a `FILE:LINE: reason` problem instead of stopping the rest from
/// being checked.
///
/// With `batches`, readings are handed over every ``batchSize`` rows as they are decoded
/// (and none are returned); without, they are all returned. The first batch is small, so
/// the writer starts at once.
enum CSVFileImporter {
    static let batchSize = 4096
    static let firstBatchSize = 256

    static func decode(
        _ settings: ImportSettings, header expected: [String], formatName: String, batches: ReadingBatchSink?,
        row: ([String]) throws(ValidationError) -> Reading?
    ) throws(InterchangeError) -> DecodedImport {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(settings.path)
        } catch {
            throw .unreadable(path: settings.path, reason: error.reason)
        }
        var result = DecodedImport()
        var sawHeader = false
        var batchesSent = 0
        let path = settings.path
        do {
            let progress = settings.progress.map { report in { (done: Int, total: Int) in report(Int64(done), Int64(total)) } }
            try CSVReader(bytes: bytes).forEachRecord(progress: progress) { record in
                guard sawHeader else {
                    sawHeader = true
                    let cells = record.cells.map { String($0.drop { $0 == " " }) }
                    guard cells == expected else {
                        throw InterchangeError.malformed(
                            path: path, reason: "line \(record.line): a \(formatName) file starts with the header \(expected.joined(separator: ","))")
                    }
                    return
                }
                do {
                    guard record.cells.count == expected.count else {
                        throw ValidationError.invalid("expected \(expected.count) cells, found \(record.cells.count)")
                    }
                    if let reading = try row(record.cells) { result.readings.append(reading) }
                } catch {
                    result.problems.append("\(path):\(record.line): \(error)")
                }
                if let batches, result.readings.count == (batchesSent == 0 ? firstBatchSize : batchSize) {
                    batchesSent += 1
                    try batches(result.readings)
                    result.readings.removeAll(keepingCapacity: true)
                }
            }
            if let batches, !result.readings.isEmpty {
                try batches(result.readings)
                result.readings = []
            }
        } catch let error as InterchangeError {
            throw error
        } catch let error as CSVReader.SyntaxError {
            result.problems.append("\(path):\(error.line): \(error.reason)")
        } catch {
            throw .malformed(path: path, reason: "\(error)")
        }
        guard sawHeader else { throw .malformed(path: path, reason: "the file is empty") }
        return result
    }
}

/// HealthLog's own CSV. With a profile in `settings`, other profiles' readings are checked
/// and left out.
enum HealthLogCSVImporter {
    static func decode(_ settings: ImportSettings, batches: ReadingBatchSink?) throws(InterchangeError) -> DecodedImport {
        try CSVFileImporter.decode(settings, header: ReadingCSVCodec.header, formatName: "HealthLog CSV", batches: batches) {
            cells throws(ValidationError) in
            let reading = try ReadingCSVCodec.decode(cells, zone: settings.zone, now: settings.now)
            return settings.profileID.map { $0 == reading.profileID } ?? true ? reading : nil
        }
    }
}

/// Omron Connect's CSV: `Jan 12 2025`, `08:12` or `8:12 AM`, and `-` for an empty value.
enum OmronImporter {
    static func decode(_ settings: ImportSettings, batches: ReadingBatchSink?) throws(InterchangeError) -> DecodedImport {
        guard let profile = settings.profileID else { throw .profileRequired(format: .omron) }
        return try CSVFileImporter.decode(
            settings, header: InterchangeFormat.omronHeader, formatName: "Omron Connect", batches: batches
        ) { cells throws(ValidationError) in
            let value = { (index: Int) -> String in
                let text = String(cells[index].trimmingWhitespace())
                return text == "-" ? "" : text
            }
            guard let date = parseMonthDayYear(value(0)) else {
                throw .invalid("date '\(value(0))' is not like Jan 12 2025")
            }
            guard let (hour, minute) = parseClock12(value(1)) else {
                throw .invalid("time '\(value(1))' is not like 08:12 or 8:12 AM")
            }
            guard let takenAt = settings.zone.instant(date: date, hour: hour, minute: minute, second: 0) else {
                throw .invalid("\(value(0)) \(value(1)) does not exist in the time zone (a daylight-saving gap)")
            }
            var notes: [String] = []
            if !value(8).isEmpty { notes.append(value(8)) }
            if !value(5).isEmpty { notes.append("Symptoms: \(value(5))") }
            if !value(6).isEmpty { notes.append("Consumed: \(value(6))") }
            let reading = Reading(
                profileID: profile, takenAt: takenAt,
                bloodPressure: try pressure(value(2), value(3)), pulse: try number(value(4), "pulse"),
                note: notes.joined(separator: "; "), createdAt: settings.now, updatedAt: settings.now)
            try reading.validate()
            return reading
        }
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `Jan 12 2025` (also `Jan 12, 2025`).
    static func parseMonthDayYear(_ text: String) -> CivilDate? {
        let words = text.replacingCommas().split(separator: " ")
        guard words.count == 3, let month = months.firstIndex(of: String(words[0].prefix(3)).lowercased()),
            let day = Int(words[1]), let year = Int(words[2])
        else { return nil }
        return CivilDate(year: year, month: month + 1, day: day)
    }

    /// `08:12`, `8:12`, `8:12 AM`, `12:05 PM`.
    static func parseClock12(_ text: String) -> (Int, Int)? {
        let words = text.split(separator: " ")
        guard (1...2).contains(words.count) else { return nil }
        let parts = words[0].split(separator: ":")
        guard parts.count == 2 || parts.count == 3, let hour = Int(parts[0]), let minute = Int(parts[1]), minute < 60 else { return nil }
        if words.count == 2 {
            let suffix = words[1].uppercased()
            guard (1...12).contains(hour), suffix == "AM" || suffix == "PM" else { return nil }
            return ((hour % 12) + (suffix == "PM" ? 12 : 0), minute)
        }
        guard hour < 24 else { return nil }
        return (hour, minute)
    }
}

/// Withings' `bp.csv`: local times like `2025-10-02 07:34:49`, newest first.
enum WithingsImporter {
    static func decode(_ settings: ImportSettings, batches: ReadingBatchSink?) throws(InterchangeError) -> DecodedImport {
        guard let profile = settings.profileID else { throw .profileRequired(format: .withings) }
        return try CSVFileImporter.decode(
            settings, header: InterchangeFormat.withingsHeader, formatName: "Withings", batches: batches
        ) { cells throws(ValidationError) in
            let value = { (index: Int) in String(cells[index].trimmingWhitespace()) }
            let parts = value(0).split(separator: " ")
            guard parts.count == 2, let date = CivilDate(iso: parts[0]),
                let (hour, minute, second) = ZonedInstant.parseClock(parts[1])
            else { throw .invalid("date '\(value(0))' is not like 2025-10-02 07:34:49") }
            guard let takenAt = settings.zone.instant(date: date, hour: hour, minute: minute, second: second) else {
                throw .invalid("\(value(0)) does not exist in the time zone (a daylight-saving gap)")
            }
            let reading = Reading(
                profileID: profile, takenAt: takenAt, bloodPressure: try pressure(value(2), value(3)),
                pulse: try number(value(1), "heart rate"), note: value(4), createdAt: settings.now, updatedAt: settings.now)
            try reading.validate()
            return reading
        }
    }
}

/// A whole number, or nil for an empty cell.
private func number(_ text: String, _ name: String) throws(ValidationError) -> Int? {
    guard !text.isEmpty else { return nil }
    guard let value = Int(text) else { throw .invalid("\(name) '\(text)' is not a whole number") }
    return value
}

/// Both numbers or neither.
private func pressure(_ systolic: String, _ diastolic: String) throws(ValidationError) -> BloodPressure? {
    let s = try number(systolic, "systolic")
    let d = try number(diastolic, "diastolic")
    switch (s, d) {
    case (nil, nil): return nil
    case let (s?, d?): return BloodPressure(systolic: s, diastolic: d)
    default: throw .invalid("systolic and diastolic must be given together")
    }
}

extension String {
    fileprivate func replacingCommas() -> String { String(map { $0 == "," ? " " : $0 }) }
}
