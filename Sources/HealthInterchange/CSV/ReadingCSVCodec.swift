public import HealthCore

/// HealthLog's own CSV format: `id,profile,taken_at,systolic,diastolic,pulse,weight_kg,tags,note,site`.
///
/// `taken_at` is ISO 8601 with its offset, tags are separated by `;`, `site` is `home` or
/// `office`, and a missing value is an empty cell. Files without the `site` column (older
/// exports, sheets edited by hand) read as home readings.
public enum ReadingCSVCodec {
    /// The exact header line.
    public static let header = ["id", "profile", "taken_at", "systolic", "diastolic", "pulse", "weight_kg", "tags", "note", "site"]

    /// One CSV line (without the line break) for `reading`.
    public static func encode(_ reading: Reading) -> String {
        let cells: [String] = [
            reading.id, reading.profileID, reading.takenAt.iso8601,
            optionalText(reading.systolic), optionalText(reading.diastolic), optionalText(reading.pulse),
            reading.weightGrams.map(formatKilograms) ?? "",
            reading.tagIDs.joined(separator: ";"), CSVReader.escape(SpreadsheetGuard.guarded(reading.note)), reading.site.rawValue,
        ]
        return cells.joined(separator: ",")
    }

    private static func optionalText(_ value: Int?) -> String {
        value.map(String.init) ?? ""
    }

    /// The whole file: header, then one line per reading, each ending in `\n`.
    public static func encode(_ readings: [Reading]) -> String {
        let sink = MemorySink()
        write(into: sink) { emit in readings.forEach(emit) }
        return String(decoding: sink.bytes, as: UTF8.self)
    }

    /// Writes the file into `sink`: the header, then a line for every reading `readings` hands
    /// to its `emit`, one at a time, in flat memory.
    public static func write<Failure: Error>(into sink: any ByteSink, readings: (_ emit: (Reading) -> Void) throws(Failure) -> Void) throws(Failure) {
        sink.write(header.joined(separator: ",") + "\n")
        try readings { reading in sink.write(encode(reading) + "\n") }
    }

    /// Where each of HealthLog's columns is in a file's header (any order; only profile and
    /// taken_at are required, so a sheet edited by hand still reads).
    struct Columns {
        let id, profile, takenAt, systolic, diastolic, pulse, weight, tags, note, site: Int?

        init(_ header: CSVColumns) {
            id = header.position(["id"])
            profile = header.position(["profile"])
            takenAt = header.position(["taken_at"])
            systolic = header.position(["systolic"])
            diastolic = header.position(["diastolic"])
            pulse = header.position(["pulse"])
            weight = header.position(["weight_kg"])
            tags = header.position(["tags"])
            note = header.position(["note"])
            site = header.position(["site"])
        }

        /// The columns in the order HealthLog writes them.
        static let standard = Columns(CSVColumns(header: header))
    }

    /// The reading on one data record in HealthLog's own column order. A time without an
    /// offset is read in `zone`.
    public static func decode(_ cells: [String], zone: any TimeZoneRule, now: Int64) throws(ValidationError) -> Reading {
        guard cells.count == header.count || cells.count == header.count - 1 else {
            throw .invalid(Phrase("expected {count} cells, found {count2}", ["count": "\(header.count)", "count2": "\(cells.count)"]))
        }
        return try decode(CSVRow(cells: cells), columns: .standard, now: now) { (date, clock, written) throws(ValidationError) in
            try zone.wallClockInstant(date: date, hour: clock.hour, minute: clock.minute, second: clock.second, written: written)
        }.reading
    }

    /// The instant a wall time written without an offset is (the text as written names it in a message).
    typealias WallClock = (CivilDate, (hour: Int, minute: Int, second: Int), _ written: String) throws(ValidationError) -> ZonedInstant

    /// The reading on one data row, and whether its time named an offset; a row with no profile
    /// (no such column, or an empty cell) is `profile`'s.
    static func decode(
        _ row: CSVRow, columns: Columns, now: Int64, profile: String? = nil, wallClock: WallClock
    ) throws(ValidationError) -> (reading: Reading, hasOffset: Bool) {
        let givenID = row[columns.id]
        guard givenID.isEmpty || Reading.isValidID(givenID) else { throw .invalid(Phrase("id '{givenID}' is not a UUID", ["givenID": "\(givenID)"])) }
        let id = givenID.isEmpty ? Reading.newID() : givenID.asciiLowercased()
        let (takenAt, hasOffset) = try parseTime(row[columns.takenAt], wallClock: wallClock)
        let systolic = try optionalNumber(row[columns.systolic][...], name: "systolic")
        let diastolic = try optionalNumber(row[columns.diastolic][...], name: "diastolic")
        guard (systolic == nil) == (diastolic == nil) else {
            throw .invalid(Phrase("systolic and diastolic must be given together"))
        }
        var weight: Int?
        let weightText = row[columns.weight]
        if !weightText.isEmpty {
            // A spreadsheet saved with European settings writes 72,5: one comma between digits
            // is a decimal comma (a weight has no thousands).
            let parts = weightText.split(separator: ",", omittingEmptySubsequences: false)
            let pointed = parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) } ? parts.joined(separator: ".") : weightText
            guard let grams = parseKilograms(pointed) else {
                throw .invalid(Phrase("weight_kg '{weightText}' is not a number like 72.5", ["weightText": "\(weightText)"]))
            }
            weight = grams
        }
        let tagText = row[columns.tags]
        let tags: [String] = tagText.isEmpty ? [] : tagText.split(separator: ";").compactMap { tag -> String? in
            let trimmed = String(tag).trimmingWhitespace()
            return trimmed.isEmpty ? nil : String(trimmed)
        }
        // The note is kept exactly, spaces and all; the guard HealthLog writes for spreadsheets goes.
        let note = SpreadsheetGuard.unguarded(columns.note.flatMap { $0 < row.cells.count ? row.cells[$0] : nil } ?? "")
        let siteText = row[columns.site].lowercased()
        guard let site = siteText.isEmpty ? .home : MeasurementSite(rawValue: siteText) else {
            throw .invalid(Phrase("site '{siteText}' is not home or office", ["siteText": "\(siteText)"]))
        }
        let reading = Reading(
            id: id, profileID: row[columns.profile].isEmpty ? profile ?? "" : row[columns.profile], takenAt: takenAt,
            bloodPressure: systolic.flatMap { s in diastolic.map { BloodPressure(systolic: s, diastolic: $0) } },
            pulse: try optionalNumber(row[columns.pulse][...], name: "pulse"), weightGrams: weight, tagIDs: tags,
            note: note, site: site, createdAt: now, updatedAt: now)
        try reading.validate()
        return (reading, hasOffset)
    }

    private static func optionalNumber(_ text: Substring, name: String) throws(ValidationError) -> Int? {
        guard !text.isEmpty else { return nil }
        guard let number = parseWholeNumber(text) else {
            throw .invalid(Phrase("{name} '{text}' is not a whole number", ["text": "\(text)"], terms: ["name": fieldTerm(name)]))
        }
        return number
    }

    private static func parseTime(_ text: String, wallClock: WallClock) throws(ValidationError) -> (ZonedInstant, Bool) {
        if let instant = ZonedInstant(iso8601: text) { return (instant, true) }
        // No offset: a local wall time in `zone`.
        let scalars = Array(text.utf8)
        if scalars.count >= 16, scalars[10] == UInt8(ascii: "T") || scalars[10] == UInt8(ascii: " "),
            let date = CivilDate(iso: String(decoding: scalars[0..<10], as: UTF8.self)),
            let (hour, minute, second) = ZonedInstant.parseClock(String(decoding: scalars[11...], as: UTF8.self)[...])
        {
            return (try wallClock(date, (hour, minute, second), "taken_at '\(text)'"), false)
        }
        throw .invalid(Phrase("taken_at '{text}' is not a date and time like 2026-11-30T07:45:00+08:00", ["text": "\(text)"]))
    }
}
