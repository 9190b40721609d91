public import HealthCore

/// Which column of a spreadsheet holds what, for a file that is no export HealthLog knows by
/// its header: a sheet kept by hand, or a paper log typed up.
///
/// Written as `FIELD=Column` pairs separated by commas, each column named as its header cell
/// says (without regard to case, spaces or punctuation):
///
/// ```
/// date=Datum,time=Zeit,systolic=SYS,diastolic=DIA,pulse=Puls,note=Notiz
/// datetime=Measured,bp=Blood pressure,weight=Weight (kg),tags=Tags
/// ```
///
/// The fields are `date` and `time`, or one `datetime`; `systolic` and `diastolic`, or one `bp`
/// written `138/86`; `pulse`; `weight` in kilograms or `weight_lb` in pounds; `note`; `tags`
/// (tag ids separated by `;`, `,` or spaces). A time and at least one value are needed: a
/// `time` or `datetime` column, or for a sheet with dates only, a `date` column and `--time`.
public struct ColumnMapping: Sendable, Equatable {
    /// What a column can hold.
    public enum Field: String, CaseIterable, Sendable {
        case date, time, datetime, systolic, diastolic, bp, pulse, weight
        case weightLb = "weight_lb"
        case note, tags
    }

    /// The header name given for each field, as written.
    public let columns: [Field: String]

    /// Reads `text`; a mistake is described in one line that quotes it.
    public init(parsing text: String) throws(ColumnMappingError) {
        try self.init(parsing: text, timeGiven: false)
    }

    /// Reads `text`; with `timeGiven` (`--time`), `date=` alone is enough of a time.
    public init(parsing text: String, timeGiven: Bool) throws(ColumnMappingError) {
        var columns: [Field: String] = [:]
        for pair in text.split(separator: ",", omittingEmptySubsequences: true) {
            guard let equals = pair.firstIndex(of: "=") else {
                throw ColumnMappingError(Phrase("'{pair}' is not FIELD=Column (for example systolic=SYS)", ["pair": "\(pair)"]))
            }
            let name = String(pair[..<equals]).trimmingWhitespace().lowercased()
            let column = String(String(pair[pair.index(after: equals)...]).trimmingWhitespace())
            guard let field = Field(rawValue: name) else {
                throw ColumnMappingError(Phrase("'{name}' is not a field; the fields are {Field}", ["name": name, "Field": "\(Field.allCases.map(\.rawValue).joined(separator: ", "))"]))
            }
            guard !column.isEmpty else { throw ColumnMappingError(Phrase("{name}= names no column", ["name": name])) }
            guard columns[field] == nil else { throw ColumnMappingError(Phrase("{name} is given twice", ["name": name])) }
            columns[field] = column
        }
        try self.init(columns, timeGiven: timeGiven)
    }

    /// The mapping `columns` makes, checked as ``init(parsing:)`` checks it; with `timeGiven`
    /// (`--time`), `date=` alone is enough of a time.
    public init(_ columns: [Field: String], timeGiven: Bool = false) throws(ColumnMappingError) {
        let has = { (field: Field) in columns[field] != nil }
        if has(.datetime) && (has(.date) || has(.time)) {
            throw ColumnMappingError(Phrase("give datetime= or date= and time=, not both"))
        }
        guard has(.datetime) || (has(.date) && (has(.time) || timeGiven)) else {
            throw ColumnMappingError(Phrase("a reading needs its time: give date= and time=, or datetime= (for a sheet with dates only, date= and --time 08:00)"))
        }
        if has(.bp) && (has(.systolic) || has(.diastolic)) {
            throw ColumnMappingError(Phrase("give bp= or systolic= and diastolic=, not both"))
        }
        guard has(.systolic) == has(.diastolic) else { throw ColumnMappingError(Phrase("systolic= and diastolic= go together")) }
        guard !(has(.weight) && has(.weightLb)) else { throw ColumnMappingError(Phrase("give weight= (kg) or weight_lb=, not both")) }
        guard [.systolic, .bp, .pulse, .weight, .weightLb].contains(where: has) else {
            throw ColumnMappingError(Phrase("no value is mapped: give systolic= and diastolic=, bp=, pulse=, weight= or weight_lb="))
        }
        self.columns = columns
    }

    /// `date=Datum,time=Zeit,…`, in the fields' order.
    public var text: String {
        Field.allCases.compactMap { field in columns[field].map { "\(field.rawValue)=\($0)" } }.joined(separator: ",")
    }

    // MARK: - A mapping suggested for a header

    /// Header names, by field, that a mapping may be suggested from (normalized as ``CSVColumns`` compares them).
    private static let commonNames: [(Field, [String])] = [
        (.datetime, ["datetime", "date time", "timestamp", "measured at", "measured", "zeitpunkt", "fecha y hora", "date et heure"]),
        (.date, ["date", "datum", "fecha", "data", "day", "tag", "jour", "dia"]),
        (.time, ["time", "zeit", "uhrzeit", "hora", "heure", "ora", "tijd"]),
        (.systolic, ["sys", "systolic", "systole", "systolisch", "systolique", "sistolica", "sistólica", "upper", "oberer wert", "oben", "oberwert"]),
        (.diastolic, ["dia", "diastolic", "diastole", "diastolisch", "diastolique", "diastolica", "diastólica", "lower", "unterer wert", "unten", "unterwert"]),
        (.bp, ["bp", "blood pressure", "blutdruck", "rr", "tension", "presión", "pressione", "bloeddruk"]),
        (.pulse, ["pulse", "puls", "hr", "heart rate", "bpm", "pouls", "pulso", "hartslag", "herzfrequenz"]),
        (.weight, ["weight", "weight kg", "gewicht", "gewicht kg", "poids", "peso", "kg"]),
        (.note, ["note", "notes", "comment", "comments", "notiz", "notizen", "bemerkung", "bemerkungen", "kommentar", "remarks", "memo", "notas", "remarques"]),
        (.tags, ["tags", "tag ids"]),
    ]

    /// A mapping made from `header`'s names when they look like a blood-pressure or weight
    /// sheet (`Date,Time,SYS,DIA,Pulse`), to suggest in the message that refuses the file; nil
    /// when the header does not tell.
    static func suggested(for header: CSVColumns) -> ColumnMapping? {
        var columns: [Field: String] = [:]
        var used = Set<Int>()
        for (field, names) in commonNames {
            guard let position = header.position(ignoringUnits: names), !used.contains(position) else { continue }
            // `Tag` is German for the date column but would also be a tags column: the date wins.
            used.insert(position)
            columns[field] = header.names[position]
        }
        if columns[.datetime] != nil && (columns[.date] != nil || columns[.time] != nil) { columns[.datetime] = nil }
        // A lone `time` column with no date beside it holds both (Zepp Life's `2022-03-07 00:04:35+0000`).
        if columns[.time] != nil && columns[.date] == nil && columns[.datetime] == nil { (columns[.datetime], columns[.time]) = (columns[.time], nil) }
        if columns[.bp] != nil && columns[.systolic] != nil { columns[.bp] = nil }
        return try? ColumnMapping(columns)
    }
}

/// Why a `--columns` mapping cannot be used.
public struct ColumnMappingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with the mapping, in the reader's language (see ``Phrase``).
    public let phrase: Phrase
    init(_ phrase: Phrase) { self.phrase = phrase }
    public var description: String { phrase.english }
}
