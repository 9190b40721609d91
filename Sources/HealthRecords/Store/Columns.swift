import HealthCore

/// A column of one of the log's tables, named once: the SELECT lists, the INSERT and UPDATE
/// column lists, the binds and the decoding all come from the same cases, so they cannot drift
/// apart (adding a column is adding a case).
protocol TableColumn: CaseIterable, Hashable, Sendable, RawRepresentable where RawValue == Int {
    /// The column's name in the schema.
    var name: String { get }
}

/// Some columns of a table, in an order a statement uses: where each one is, for binding
/// parameters and reading result columns.
struct ColumnList<Column: TableColumn>: Sendable {
    let columns: [Column]
    /// Each column's place in the list, by the column's case number (-1 when not in it): read
    /// for every column of every row, so an array, never a hashed lookup.
    private let positions: [Int32]

    init(_ columns: [Column]) {
        self.columns = columns
        var positions = [Int32](repeating: -1, count: Column.allCases.count)
        for (index, column) in columns.enumerated() { positions[column.rawValue] = Int32(index) }
        self.positions = positions
    }

    /// Every column of the table, in declaration order.
    static var all: ColumnList { ColumnList(Array(Column.allCases)) }

    /// `a, b, c`.
    var names: String { columns.map(\.name).joined(separator: ", ") }

    /// `?, ?, ?`.
    var placeholders: String { Array(repeating: "?", count: columns.count).joined(separator: ", ") }

    /// `a = ?, b = ?`.
    var assignments: String { columns.map { "\($0.name) = ?" }.joined(separator: ", ") }

    /// The 0-based result column of `column` (in a SELECT of this list).
    func index(_ column: Column) -> Int32 {
        let position = positions[column.rawValue]
        precondition(position >= 0, "column \(column.name) is not in this list")
        return position
    }
}

/// The columns of `readings`.
enum ReadingColumn: Int, TableColumn {
    case seq, id, profileID, takenAt, offset, systolic, diastolic, pulse, weight, note, createdAt, updatedAt, tags, site

    var name: String {
        switch self {
        case .seq: "seq"
        case .id: "id"
        case .profileID: "profile_id"
        case .takenAt: "taken_at"
        case .offset: "utc_offset_min"
        case .systolic: "systolic"
        case .diastolic: "diastolic"
        case .pulse: "pulse"
        case .weight: "weight_g"
        case .note: "note"
        case .createdAt: "created_at"
        case .updatedAt: "updated_at"
        case .tags: "tags"
        case .site: "site"
        }
    }

    /// What an INSERT writes (`seq` is SQLite's own).
    static let inserted = ColumnList<ReadingColumn>(allCases.filter { $0 != .seq })
    /// What an UPDATE may change: everything but the reading's identity and creation.
    static let updated = ColumnList<ReadingColumn>(allCases.filter { ![.seq, .id, .createdAt].contains($0) })
    /// What a SELECT reads.
    static let selected = ColumnList<ReadingColumn>.all

    /// The value `reading` stores in this column; `now` stands in for a creation or update time not set.
    func value(of reading: Reading, now: Int64) -> SQLValue {
        switch self {
        case .seq: .null
        case .id: .text(reading.id.asciiLowercased())
        case .profileID: .text(reading.profileID)
        case .takenAt: .integer(reading.takenAt.utcSeconds)
        case .offset: .integer(Int64(reading.takenAt.offsetMinutes))
        case .systolic: .optional(reading.systolic)
        case .diastolic: .optional(reading.diastolic)
        case .pulse: .optional(reading.pulse)
        case .weight: .optional(reading.weightGrams)
        case .note: .text(reading.note)
        case .createdAt: .integer(reading.createdAt == 0 ? now : reading.createdAt)
        case .updatedAt: .integer(reading.updatedAt == 0 ? now : reading.updatedAt)
        case .tags: .text(tagColumn(reading.tagIDs))
        case .site: .text(reading.site.rawValue)
        }
    }
}

/// The columns of `profiles`.
enum ProfileColumn: Int, TableColumn {
    case id, name, birthYear, sex, targetSystolic, targetDiastolic, targetSet, createdAt, updatedAt
    case conditions, pregnancyDue, frail, sleepFrom, sleepTo

    var name: String {
        switch self {
        case .id: "id"
        case .name: "name"
        case .conditions: "conditions"
        case .pregnancyDue: "pregnancy_due"
        case .frail: "frail"
        case .sleepFrom: "sleep_from_min"
        case .sleepTo: "sleep_to_min"
        case .birthYear: "birth_year"
        case .sex: "sex"
        case .targetSystolic: "target_systolic"
        case .targetDiastolic: "target_diastolic"
        case .targetSet: "target_set"
        case .createdAt: "created_at"
        case .updatedAt: "updated_at"
        }
    }

    static let all = ColumnList<ProfileColumn>.all
    static let updated = ColumnList<ProfileColumn>(allCases.filter { $0 != .id && $0 != .createdAt })

    /// The value `profile` stores in this column. A target that is not set is stored as 135/85
    /// with `target_set` 0: the columns predate an unset target.
    func value(of profile: Profile, now: Int64) -> SQLValue {
        switch self {
        case .id: .text(profile.id)
        case .name: .text(profile.name)
        case .birthYear: .optional(profile.birthYear)
        case .sex: profile.sex.map { .text($0.rawValue) } ?? .null
        case .targetSystolic: .integer(Int64(profile.target?.systolic ?? 135))
        case .targetDiastolic: .integer(Int64(profile.target?.diastolic ?? 85))
        case .targetSet: .integer(profile.target == nil ? 0 : 1)
        case .createdAt: .integer(profile.createdAt == 0 ? now : profile.createdAt)
        case .updatedAt: .integer(profile.updatedAt == 0 ? now : profile.updatedAt)
        case .conditions: .text(tagColumn(profile.conditions.map(\.rawValue)))
        case .pregnancyDue: profile.pregnancyDue.map { .text($0.description) } ?? .null
        case .frail: .integer(profile.frail ? 1 : 0)
        case .sleepFrom: .optional(profile.sleep?.bedtime)
        case .sleepTo: .optional(profile.sleep?.wake)
        }
    }
}

/// The columns of `events`.
enum EventColumn: Int, TableColumn {
    case id, profileID, at, offset, kind, text, createdAt, updatedAt
    case medicine, medicineAction, dose, doseTimes, reason

    var name: String {
        switch self {
        case .id: "id"
        case .profileID: "profile_id"
        case .medicine: "medicine"
        case .medicineAction: "medicine_action"
        case .dose: "dose"
        case .doseTimes: "dose_times"
        case .reason: "reason"
        case .at: "at"
        case .offset: "utc_offset_min"
        case .kind: "kind"
        case .text: "text"
        case .createdAt: "created_at"
        case .updatedAt: "updated_at"
        }
    }

    static let all = ColumnList<EventColumn>.all
    static let updated = ColumnList<EventColumn>(allCases.filter { $0 != .id && $0 != .createdAt })

    func value(of event: Event, now: Int64) -> SQLValue {
        switch self {
        case .id: .text(event.id.asciiLowercased())
        case .profileID: .text(event.profileID)
        case .at: .integer(event.at.utcSeconds)
        case .offset: .integer(Int64(event.at.offsetMinutes))
        case .kind: .text(event.kind.rawValue)
        case .text: .text(event.text)
        case .createdAt: .integer(event.createdAt == 0 ? now : event.createdAt)
        case .updatedAt: .integer(event.updatedAt == 0 ? now : event.updatedAt)
        case .medicine: event.medicine.map { .text($0.name) } ?? .null
        case .medicineAction: event.medicine.map { .text($0.action.rawValue) } ?? .null
        case .dose: event.medicine?.dose.map(SQLValue.text) ?? .null
        case .doseTimes: .text(event.medicine?.timesText ?? "")
        case .reason: event.medicine?.reason.map(SQLValue.text) ?? .null
        }
    }
}

/// The columns of `status_tags`.
enum TagColumn: Int, TableColumn {
    case id, label, labelZh, color, symbol, deviation, createdAt, updatedAt, removedAt

    var name: String {
        switch self {
        case .id: "id"
        case .label: "label_en"
        case .labelZh: "label_zh"
        case .color: "color"
        case .symbol: "symbol"
        case .deviation: "deviation"
        case .createdAt: "created_at"
        case .updatedAt: "updated_at"
        case .removedAt: "removed_at"
        }
    }

    static let all = ColumnList<TagColumn>.all
    /// What defining a tag again changes: all but its id and creation.
    static let redefined = ColumnList<TagColumn>(allCases.filter { $0 != .id && $0 != .createdAt })

    func value(of tag: StatusTag, now: Int64) -> SQLValue {
        switch self {
        case .id: .text(tag.id)
        case .label: .text(tag.label)
        case .labelZh: tag.labelZh.map(SQLValue.text) ?? .null
        case .color: .text(tag.color.uppercased())
        case .symbol: .text(tag.symbol)
        case .deviation: .integer(tag.deviation ? 1 : 0)
        case .createdAt, .updatedAt: .integer(now)
        case .removedAt: tag.removed ? .integer(now) : .null
        }
    }
}

/// Records as the columns above store them, for ``LogChange``: what a change reports is what a
/// later read returns.
extension Reading {
    func stored(now: Int64) -> Reading {
        var stored = self
        stored.id = id.asciiLowercased()
        if stored.createdAt == 0 { stored.createdAt = now }
        if stored.updatedAt == 0 { stored.updatedAt = now }
        return stored
    }
}

extension Profile {
    func stored(now: Int64) -> Profile {
        var stored = self
        if stored.createdAt == 0 { stored.createdAt = now }
        if stored.updatedAt == 0 { stored.updatedAt = now }
        return stored
    }
}

extension Event {
    func stored(now: Int64) -> Event {
        var stored = self
        stored.id = id.asciiLowercased()
        if stored.createdAt == 0 { stored.createdAt = now }
        if stored.updatedAt == 0 { stored.updatedAt = now }
        return stored
    }
}

extension StatusTag {
    func stored() -> StatusTag {
        var stored = self
        stored.color = color.uppercased()
        return stored
    }
}

extension SQLValue {
    /// A number, or NULL for nil.
    static func optional(_ value: Int?) -> SQLValue { value.map { .integer(Int64($0)) } ?? .null }
}

extension Statement {
    /// Resets the statement and binds `values(column)` for every column of `list`, in order.
    func bind<Column>(_ list: ColumnList<Column>, _ value: (Column) -> SQLValue) throws(SQLiteError) {
        reset()
        for (index, column) in list.columns.enumerated() { try bind(value(column), at: Int32(index + 1)) }
    }
}
