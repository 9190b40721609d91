import HealthCore

/// Samsung Health's CSV exports of blood pressure and of weight.
///
/// The first line names the data type (`com.samsung.shealth.blood_pressure,6315007,5`), the header
/// is on line 2 with names that may carry the type as a prefix
/// (`com.samsung.health.blood_pressure.systolic`), times are `start_time` in UTC
/// (`2024-06-01 08:00:00.000`) with the offset in `time_offset` (`UTC+0200`), and every row ends
/// in a separator. Columns are found by the last part of their names.
struct SamsungHealthDecoder: CSVRowDecoder {
    static let preambleLines = 1
    private let start, offset, systolic, diastolic, pulse, weight, comment: Int?
    private let context: DecodeContext
    private let profile: String

    /// True for a first line like `com.samsung.shealth.blood_pressure,6315007,5`.
    static func recognizes(firstLine: String) -> Bool {
        firstLine.hasPrefix("com.samsung.shealth.") || firstLine.hasPrefix("com.samsung.health.")
    }

    init(header: CSVColumns, context: DecodeContext) throws(InterchangeError) {
        let profile = try Self.profile(for: .samsungHealth, context)
        let column = { (suffix: String) -> Int? in
            header.names.firstIndex { name in name == suffix || name.hasSuffix("." + suffix) }
        }
        start = column("start_time")
        offset = column("time_offset")
        systolic = column("systolic")
        diastolic = column("diastolic")
        pulse = column("pulse") ?? column("heart_rate")
        weight = column("weight")
        comment = column("comment")
        try Self.requireColumns(
            start != nil && ((systolic != nil && diastolic != nil) || weight != nil), context,
            expected: Phrase("a Samsung Health file has start_time and systolic and diastolic (or weight) on line 2"))
        self.context = context
        self.profile = profile
    }

    mutating func decode(_ row: CSVRow, line: Int, into sink: ImportSink) throws(RowFault) {
        let startText = row[start]
        guard case .success(let written) = WallClockText.dateTime(startText, order: .ymd), written.offsetMinutes == nil else {
            throw .invalid(Phrase("start_time '{startText}' is not a UTC time like 2024-06-01 08:00:00.000", ["startText": "\(startText)"]))
        }
        let minutes = try offsetMinutes(row[offset])
        let (day, clock) = (written.date, written.clock)
        let utc = ZonedInstant(date: day, hour: clock.hour, minute: clock.minute, second: clock.second, offsetMinutes: 0).utcSeconds
        let takenAt = minutes.map { ZonedInstant(utcSeconds: utc, offsetMinutes: $0) } ?? context.zone.zoned(utcSeconds: utc)
        var grams: Int?
        if !row[weight].isEmpty {
            guard let kilograms = decimalNumber(row[weight]), let converted = HealthInterchange.grams(kilograms, unit: "kg") else {
                throw .invalid(Phrase("weight '{row}' is not a number of kilograms", ["row": "\(row[weight])"]))
            }
            grams = converted
        }
        // Samsung writes some values as decimals (`128.0`).
        let whole = { (text: String) -> String in text.hasSuffix(".0") ? String(text.dropLast(2)) : text }
        let reading = Reading(
            id: NameBasedUUID.make("samsung-health/\(profile)/\(startText)/\(row[systolic])/\(row[diastolic])/\(row[pulse])/\(row[weight])"),
            profileID: profile, takenAt: takenAt, bloodPressure: try bloodPressure(whole(row[systolic]), whole(row[diastolic])),
            pulse: try number(whole(row[pulse]), "pulse"), weightGrams: grams, note: row[comment], createdAt: context.now,
            updatedAt: context.now)
        try take(reading, rule: .sameValuesOrLocalTime, line: line, context: context, into: sink)
    }

    /// `UTC+0200`, `UTC-0530`, `UTC+02:00` as minutes; nil for an empty cell.
    private func offsetMinutes(_ text: String) throws(RowFault) -> Int? {
        guard !text.isEmpty else { return nil }
        var rest = Substring(text)
        if rest.hasPrefix("UTC") || rest.hasPrefix("GMT") { rest = rest.dropFirst(3) }
        guard let sign = rest.first, sign == "+" || sign == "-" else { throw .invalid(Phrase("time_offset '{text}' is not like UTC+0200", ["text": "\(text)"])) }
        let digits = rest.dropFirst().filter { $0 != ":" }
        guard digits.count == 4, digits.allSatisfy(\.isASCIIDigit), let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)),
            hours <= 18, minutes < 60
        else { throw .invalid(Phrase("time_offset '{text}' is not like UTC+0200", ["text": "\(text)"])) }
        return (sign == "-" ? -1 : 1) * (hours * 60 + minutes)
    }
}
