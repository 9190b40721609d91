import HealthCore

/// A record as journal format 2 carries it between devices: the sync protocol's own form,
/// apart from the JSON backup's, so a change to backups never changes what devices say to
/// each other. Times a record was made and changed are milliseconds since 1970; a reading's
/// weight is whole grams; a time of day keeps its UTC offset.
///
/// ```
/// {"id":"…","profile":"dad","takenAt":"2026-11-29T07:30:00+08:00","systolic":150,"diastolic":95,
///  "pulse":80,"weightG":null,"tags":["bp-med"],"note":"","site":"home","createdAt":…,"updatedAt":…}
/// ```
///
/// A reader ignores members it does not know. A writer that adds a member an older reader
/// would drop when it writes the record back must name it in the line's `needs`, so that
/// reader holds the line for a newer HealthLog instead (see ``JournalLine``).
enum JournalRecord {
    static func json(_ change: LogChange) -> JSONValue? {
        switch change {
        case .readingPut(let reading): json(reading)
        case .profilePut(let profile): json(profile)
        case .tagPut(let tag): json(tag)
        case .eventPut(let event): json(event)
        case .readingDeleted, .profileDeleted, .eventDeleted, .defaultProfileSet, .restored: nil
        }
    }

    static func json(_ reading: Reading) -> JSONValue {
        .object([
            ("id", .string(reading.id)), ("profile", .string(reading.profileID)), ("takenAt", .string(reading.takenAt.iso8601)),
            ("systolic", .optional(reading.systolic)), ("diastolic", .optional(reading.diastolic)), ("pulse", .optional(reading.pulse)),
            ("weightG", .optional(reading.weightGrams)), ("tags", .array(reading.tagIDs.map(JSONValue.string))),
            ("note", .string(reading.note)), ("site", .string(reading.site.rawValue)),
            ("createdAt", .number(String(reading.createdAt))), ("updatedAt", .number(String(reading.updatedAt))),
        ])
    }

    static func json(_ profile: Profile) -> JSONValue {
        .object([
            ("id", .string(profile.id)), ("name", .string(profile.name)), ("birthYear", .optional(profile.birthYear)),
            ("sex", .optional(profile.sex?.rawValue)),
            ("target", profile.target.map { .object([("systolic", .int($0.systolic)), ("diastolic", .int($0.diastolic))]) } ?? .null),
        ] + careMembers(profile) + [
            ("createdAt", .number(String(profile.createdAt))), ("updatedAt", .number(String(profile.updatedAt))),
        ])
    }

    /// What a record carries of the care record (issue 35), which a HealthLog from before it
    /// would drop when writing the record back: its line names ``careRecordNeed`` in `needs`.
    static let careRecordNeed = "care-record"

    /// What a dose event (`took`) carries: a kind and a medicine action a HealthLog from before
    /// doses would refuse or misread, so its line names this in `needs` as well.
    static let dosesNeed = "doses"

    /// The needs of `change`'s record: ``careRecordNeed`` when it carries the care record.
    static func needs(_ change: LogChange) -> [String] {
        switch change {
        case .profilePut(let profile) where !careMembers(profile).isEmpty: [careRecordNeed]
        case .eventPut(let event) where event.kind == .dose || event.medicine?.action == .taken: [careRecordNeed, dosesNeed]
        case .eventPut(let event) where event.medicine != nil || event.kind == .monitor: [careRecordNeed]
        default: []
        }
    }

    /// The profile's care context, each member only when set.
    private static func careMembers(_ profile: Profile) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if !profile.conditions.isEmpty { members.append(("conditions", .array(profile.conditions.map { .string($0.rawValue) }))) }
        if let due = profile.pregnancyDue { members.append(("pregnancyDue", .string(due.description))) }
        if profile.frail { members.append(("frail", .bool(true))) }
        if let sleep = profile.sleep { members.append(("sleep", .string(sleep.description))) }
        return members
    }

    static func json(_ tag: StatusTag) -> JSONValue {
        .object([
            ("id", .string(tag.id)), ("label", .string(tag.label)), ("labelZh", .optional(tag.labelZh)), ("color", .string(tag.color)),
            ("symbol", .string(tag.symbol)), ("deviation", .bool(tag.deviation)), ("removed", .bool(tag.removed)),
        ])
    }

    static func json(_ event: Event) -> JSONValue {
        .object([
            ("id", .string(event.id)), ("profile", .string(event.profileID)), ("at", .string(event.at.iso8601)),
            ("kind", .string(event.kind.rawValue)), ("text", .string(event.text)),
        ] + (event.medicine.map { medicine in
            [("medicine", .object([
                ("name", .string(medicine.name)), ("action", .string(medicine.action.rawValue)), ("dose", .optional(medicine.dose)),
                ("times", .array(medicine.times.map { .string($0.rawValue) })), ("reason", .optional(medicine.reason)),
            ]))]
        } ?? []) + [
            ("createdAt", .number(String(event.createdAt))), ("updatedAt", .number(String(event.updatedAt))),
        ])
    }

    // MARK: - Reading

    /// The put that `record` of `kind` describes, checked as the log checks a record.
    static func change(_ kind: RecordKind, from record: JSONValue) throws(ValidationError) -> LogChange {
        let fields = try JSONFields(record, path: "record")
        switch kind {
        case .reading: return .readingPut(try reading(fields))
        case .profile: return .profilePut(try profile(fields))
        case .tag: return .tagPut(try tag(fields))
        case .event: return .eventPut(try event(fields))
        }
    }

    private static func reading(_ fields: JSONFields) throws(ValidationError) -> Reading {
        var pressure: BloodPressure?
        switch (try fields.optionalInt("systolic"), try fields.optionalInt("diastolic")) {
        case (nil, nil): break
        case let (systolic?, diastolic?): pressure = BloodPressure(systolic: systolic, diastolic: diastolic)
        default: throw .invalid(Phrase("systolic and diastolic must be given together"))
        }
        let siteText = try fields.string("site")
        guard let site = MeasurementSite(rawValue: siteText) else {
            throw .invalid(Phrase("site '{text}' must be home or office", ["text": siteText]))
        }
        let reading = Reading(
            id: try fields.string("id").asciiLowercased(), profileID: try fields.string("profile"), takenAt: try instant(fields, "takenAt"),
            bloodPressure: pressure, pulse: try fields.optionalInt("pulse"), weightGrams: try fields.optionalInt("weightG"),
            tagIDs: try fields.strings("tags"), note: try fields.string("note"), site: site,
            createdAt: try milliseconds(fields, "createdAt"), updatedAt: try milliseconds(fields, "updatedAt"))
        try reading.validate()
        return reading
    }

    private static func profile(_ fields: JSONFields) throws(ValidationError) -> Profile {
        var target: BloodPressure?
        if let targetFields = try fields.optionalObject("target") {
            target = BloodPressure(systolic: try targetFields.int("systolic"), diastolic: try targetFields.int("diastolic"))
        }
        let sexText = try fields.optionalString("sex")
        let sex = try sexText.map { (text: String) throws(ValidationError) -> Profile.Sex in
            guard let sex = Profile.Sex(rawValue: text) else { throw .invalid(Phrase("sex '{text}' is not female, male or other", ["text": text])) }
            return sex
        }
        var profile = Profile(
            id: try fields.string("id"), name: try fields.string("name"), birthYear: try fields.optionalInt("birthYear"), sex: sex,
            target: target, createdAt: try milliseconds(fields, "createdAt"), updatedAt: try milliseconds(fields, "updatedAt"))
        let conditions = try fields.strings("conditions")
        guard let known = Condition.list(conditions.joined(separator: ",")), known.count == Set(conditions).count else {
            throw .invalid(Phrase("conditions {names} are not all known", ["names": conditions.joined(separator: ", ")]))
        }
        profile.conditions = known
        if let due = try fields.optionalString("pregnancyDue") {
            guard let date = CivilDate(iso: due) else { throw .invalid(Phrase("pregnancyDue '{text}' is not a date YYYY-MM-DD", ["text": due])) }
            profile.pregnancyDue = date
        }
        profile.frail = try fields.optionalBool("frail") ?? false
        if let sleep = try fields.optionalString("sleep") {
            guard let hours = SleepHours(sleep) else { throw .invalid(Phrase("sleep '{text}' is not two times of day, HH:MM-HH:MM", ["text": sleep])) }
            profile.sleep = hours
        }
        try profile.validate()
        return profile
    }

    private static func tag(_ fields: JSONFields) throws(ValidationError) -> StatusTag {
        let tag = StatusTag(
            id: try fields.string("id"), label: try fields.string("label"), labelZh: try fields.optionalString("labelZh"),
            color: try fields.string("color"), symbol: try fields.string("symbol"), deviation: try fields.bool("deviation"),
            removed: try fields.bool("removed"))
        try tag.validate()
        return tag
    }

    private static func event(_ fields: JSONFields) throws(ValidationError) -> Event {
        let kindText = try fields.string("kind")
        guard let kind = EventKind(rawValue: kindText) else {
            throw .invalid(Phrase("kind '{kindText}' is not one of {EventKind}", ["kindText": kindText, "EventKind": EventKind.allCases.map(\.rawValue).joined(separator: ", ")]))
        }
        let event = Event(
            id: try fields.string("id").asciiLowercased(), profileID: try fields.string("profile"), at: try instant(fields, "at"), kind: kind,
            text: try fields.string("text"), medicine: try medicine(fields), createdAt: try milliseconds(fields, "createdAt"),
            updatedAt: try milliseconds(fields, "updatedAt"))
        try event.validate()
        return event
    }

    private static func medicine(_ fields: JSONFields) throws(ValidationError) -> MedicineChange? {
        guard let medicine = try fields.optionalObject("medicine") else { return nil }
        let actionText = try medicine.string("action")
        guard let action = MedicineAction(rawValue: actionText) else {
            throw .invalid(Phrase("medicine action '{text}' is not start, change, stop or taken", ["text": actionText]))
        }
        let names = try medicine.strings("times")
        guard let times = MedicineChange.times(names.joined(separator: ",")) else {
            throw .invalid(Phrase("medicine times {names} are not all morning, noon or evening", ["names": names.joined(separator: ", ")]))
        }
        return MedicineChange(
            name: try medicine.string("name"), action: action, dose: try medicine.optionalString("dose"), times: times,
            reason: try medicine.optionalString("reason"))
    }

    private static func instant(_ fields: JSONFields, _ key: String) throws(ValidationError) -> ZonedInstant {
        let text = try fields.string(key)
        guard let instant = ZonedInstant(iso8601: text) else {
            throw .invalid(Phrase("{field} '{text}' is not ISO 8601 with an offset", ["field": fields.name(key), "text": text]))
        }
        return instant
    }

    private static func milliseconds(_ fields: JSONFields, _ key: String) throws(ValidationError) -> Int64 {
        guard case .number(let digits) = try fields.required(key), let value = Int64(digits), value >= 0 else {
            throw .invalid(Phrase("{field} must be milliseconds since 1970", ["field": fields.name(key)]))
        }
        return value
    }
}
