import HealthCore

/// Withings Health Mate's "Download my data" files, told apart by their columns:
/// - `bp.csv`: `Date,"Heart rate",Systolic,Diastolic,Comments`; a row with a heart rate but no
///   blood pressure (from a scale) is a pulse-only reading;
/// - `weight.csv`: `Date,"Weight (kg)","Fat mass (kg)",…,Comments` (or `Weight (lb)` from an
///   account set to pounds); only the weight is kept, a decimal comma read as a point.
/// Dates are local wall times like `2025-10-02 07:34:49`, newest first, or ISO 8601 times with
/// their UTC offset (`2025-10-02T07:34:49+02:00`), which win over `--tz`; the old web export's
/// `"2014-02-13 6:04 Uhr"` reads too. The headers of the German, French, Spanish, Italian,
/// Portuguese and Dutch apps read by name (the first column stays `Date`).
struct WithingsDecoder: CSVRowDecoder {
    private static let kilogramColumns = [
        "Weight (kg)", "Weight", "Gewicht (kg)", "Gewicht", "Poids (kg)", "Poids", "Peso (kg)", "Peso", "Gewicht (kg)",
    ]
    private static let poundColumns = ["Weight (lb)", "Weight (lbs)", "Gewicht (lb)", "Poids (lb)", "Peso (lb)"]
    private static let heartRateNames = [
        "Heart rate", "Herzfrequenz", "Fréquence cardiaque", "Frecuencia cardíaca", "Frequenza cardiaca", "Frequência cardíaca", "Hartslag",
    ]
    private static let systolicNames = ["Systolic", "Systole", "Systolique", "Sistólica", "Sistolica", "Systolisch"]
    private static let diastolicNames = ["Diastolic", "Diastole", "Diastolique", "Diastólica", "Diastolica", "Diastolisch"]
    private static let commentNames = ["Comments", "Comment", "Kommentare", "Kommentar", "Commentaires", "Comentarios", "Commenti", "Comentários", "Opmerkingen"]
    private let date, heartRate, systolic, diastolic, weight, comments: Int?
    private let weightUnit: String
    private let context: DecodeContext
    private let profile: String
    /// The app writes newest first, its old web export oldest first: the rows tell.
    private var wallClock = WallClockResolver()

    /// True for either file's header.
    static func recognizes(_ header: CSVColumns) -> Bool {
        header.has(["Date", "Datum"])
            && (header.has(kilogramColumns.filter { $0.contains("(kg)") }) || header.has(poundColumns)
                || (header.has(heartRateNames) && header.has(systolicNames)))
    }

    static func recognizes(_ header: CSVColumns, context: DecodeContext) -> Bool { recognizes(header) }

    /// True when the first rows' dates are Withings' date-and-time cells: a file with Withings'
    /// column names and a date alone in `Date` (Livongo's, which has a `Time` column) is not one.
    static func agrees(_ header: CSVColumns, rows: [CSVRow]) -> Bool {
        let date = header.position(["Date", "Datum"])
        return rows.allSatisfy { row in
            row[date].isEmpty || ZonedInstant(iso8601: row[date]) != nil
                || (try? WallClockText.dateTime(row[date], order: .ymd).get()) != nil
        }
    }

    init(header: CSVColumns, context: DecodeContext) throws(InterchangeError) {
        let profile = try Self.profile(for: .withings, context)
        date = header.position(["Date", "Datum"])
        heartRate = header.position(WithingsDecoder.heartRateNames)
        systolic = header.position(WithingsDecoder.systolicNames)
        diastolic = header.position(WithingsDecoder.diastolicNames)
        let kilograms = header.position(WithingsDecoder.kilogramColumns)
        weight = kilograms ?? header.position(WithingsDecoder.poundColumns)
        weightUnit = kilograms == nil ? "lb" : "kg"
        comments = header.position(WithingsDecoder.commentNames)
        try Self.requireColumns(
            date != nil && (weight != nil || (systolic != nil && diastolic != nil)), context,
            expected: Phrase("a Withings file starts with Date,\"Heart rate\",Systolic,Diastolic,Comments or Date,\"Weight (kg)\",…"))
        self.context = context
        self.profile = profile
    }

    mutating func decode(_ row: CSVRow, line: Int, into sink: ImportSink) throws(RowFault) {
        if [weight, systolic, diastolic, heartRate, comments].allSatisfy({ row[$0].isEmpty }) {
            // A measure HealthLog does not keep (fat mass alone, a bone mass): nothing to read.
            sink.skip(Phrase("rows with no value HealthLog keeps"))
            return
        }
        let takenAt = try time(row[date], line: line, sink: sink)
        var grams: Int?
        if !row[weight].isEmpty {
            guard let value = decimalNumber(row[weight]), let converted = HealthInterchange.grams(value, unit: weightUnit) else {
                throw .invalid(
                    weightUnit == "kg"
                        ? Phrase("weight '{value}' is not a number of kilograms", ["value": row[weight]])
                        : Phrase("weight '{value}' is not a number of pounds", ["value": row[weight]]))
            }
            grams = converted
        }
        let reading = Reading(
            id: NameBasedUUID.make("withings/\(profile)/\(row[date])/\(row[systolic])/\(row[diastolic])/\(row[heartRate])/\(row[weight])"),
            profileID: profile, takenAt: takenAt, bloodPressure: try bloodPressure(row[systolic], row[diastolic]),
            pulse: try number(row[heartRate], "heart rate"), weightGrams: grams, note: row[comments],
            createdAt: context.now, updatedAt: context.now)
        try take(reading, rule: .sameValuesOrLocalTime, line: line, context: context, into: sink)
    }

    /// A time with its own offset as it says, else a wall time in the zone.
    private mutating func time(_ text: String, line: Int, sink: ImportSink) throws(RowFault) -> ZonedInstant {
        if let zoned = ZonedInstant(iso8601: text) { return zoned }
        // The old web export writes `2014-02-13 6:04 Uhr`.
        switch WallClockText.dateTime(text, order: .ymd) {
        case .success(let written):
            return wallClock.instant(written, in: context.zone, line: line, sink: sink)
        case .failure: throw .invalid(Phrase("date '{text}' is not like 2025-10-02 07:34:49 or 2025-10-02T07:34:49+02:00", ["text": "\(text)"]))
        }
    }
}

/// The CSV export of the open-source blood-pressure-monitor app (derdilla/blood-pressure-monitor-fl):
/// `timestampUnixMs,systolic,diastolic,pulse,notes,needlePin`. Times are milliseconds since
/// 1970 (UTC), shown in `--tz`; a missing value is written `null`; `needlePin` and `color` (a
/// colour) are dropped. Its first versions separate cells with `, ` (`1703175600000, 123, 41, 43, "note"`);
/// current ones use `;` and add `intakes` and `bodyweight` (kilograms, `72.0`), which may be a
/// row's only value.
struct BPMonitorDecoder: CSVRowDecoder {
    private let timestamp, systolic, diastolic, pulse, notes, bodyweight: Int?
    private let context: DecodeContext
    private let profile: String

    static func recognizes(_ header: CSVColumns, context: DecodeContext) -> Bool { header.has(["timestampUnixMs"]) }

    init(header: CSVColumns, context: DecodeContext) throws(InterchangeError) {
        let profile = try Self.profile(for: .bpMonitor, context)
        timestamp = header.position(["timestampUnixMs"])
        systolic = header.position(["systolic"])
        diastolic = header.position(["diastolic"])
        pulse = header.position(["pulse"])
        notes = header.position(["notes", "note"])
        bodyweight = header.position(["bodyweight", "weight"])
        try Self.requireColumns(
            timestamp != nil && systolic != nil && diastolic != nil, context,
            expected: Phrase("a bp-monitor file starts with timestampUnixMs,systolic,diastolic,pulse,notes,needlePin"))
        self.context = context
        self.profile = profile
    }

    mutating func decode(_ row: CSVRow, line: Int, into sink: ImportSink) throws(RowFault) {
        let value = { (position: Int?) -> String in row[position] == "null" ? "" : row[position] }
        guard let milliseconds = Int64(value(timestamp)), abs(milliseconds) < 1 << 50 else {
            throw .invalid(Phrase("timestampUnixMs '{value}' is not milliseconds since 1970", ["value": "\(value(timestamp))"]))
        }
        let takenAt = context.zone.zoned(utcSeconds: floorDivide(milliseconds, 1000))
        var grams: Int?
        if !value(bodyweight).isEmpty {
            guard let kilograms = decimalNumber(value(bodyweight)), let converted = HealthInterchange.grams(kilograms, unit: "kg") else {
                throw .invalid(Phrase("bodyweight '{value}' is not a number of kilograms like 72.0", ["value": "\(value(bodyweight))"]))
            }
            grams = converted
        }
        // The id of a reading without a weight is as earlier versions made it.
        let weightPart = grams.map { "/\($0)g" } ?? ""
        let reading = Reading(
            id: NameBasedUUID.make("bp-monitor/\(profile)/\(milliseconds)/\(value(systolic))/\(value(diastolic))/\(value(pulse))" + weightPart),
            profileID: profile, takenAt: takenAt, bloodPressure: try bloodPressure(value(systolic), value(diastolic)),
            pulse: try number(value(pulse), "pulse"), weightGrams: grams, note: value(notes), createdAt: context.now, updatedAt: context.now)
        try take(reading, rule: .sameValuesOrLocalTime, line: line, context: context, into: sink)
    }
}
