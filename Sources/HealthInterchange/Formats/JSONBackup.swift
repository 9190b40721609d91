public import HealthCore

/// HealthLog's full backup: profiles, tag definitions (labels and colours), events and readings.
///
/// Version 2 added events, the reading's `site`, the tag's `deviation` and a `target` that may
/// be null (the guideline's threshold stands in). Version 1 backups read as before: a target of
/// 135/85 there was the old default, not a choice, and is read as none.
///
/// It is written with the profiles and tags first and the readings last, and read as a stream,
/// reading by reading, so a backup of any size moves in flat memory; a backup whose keys come
/// in another order (older ones sorted them) reads the same. Importing merges by reading id:
/// when the same id differs, the newer `updatedAt` wins and the conflict is reported.
/// Importing a file twice changes nothing.
public enum JSONBackup {
    /// The format version this build writes and reads.
    public static let version = 2

    // MARK: - Writing

    /// The backup document as UTF-8 JSON.
    public static func encode(
        profiles: [Profile], tags: [StatusTag], events: [Event] = [], readings: [Reading], exportedAt: Int64
    ) -> [UInt8] {
        let sink = MemorySink()
        write(profiles: profiles, tags: tags, events: events, exportedAt: exportedAt, into: sink) { emit in readings.forEach(emit) }
        return sink.bytes
    }

    /// Writes the backup into `sink`: profiles, tags and events first, then every reading
    /// `readings` hands to its `emit`, one at a time, so a log of any size is written in flat memory.
    public static func write<Failure: Error>(
        profiles: [Profile], tags: [StatusTag], events: [Event], exportedAt: Int64, into sink: any ByteSink,
        readings: (_ emit: (Reading) -> Void) throws(Failure) -> Void
    ) throws(Failure) {
        var writer = JSONDocumentWriter(into: sink)
        writer.member("format", .string("healthlog-backup"))
        writer.member("version", .int(version))
        writer.member("exportedAt", .string(InstantText.format(milliseconds: exportedAt)))
        writer.member("profiles", .array(profiles.map(json)))
        writer.member("tags", .array(tags.map(json)))
        writer.member("events", .array(events.map(json)))
        writer.beginArray("readings")
        try readings { writer.element(json($0)) }
        writer.end()
    }

    public static func json(_ profile: Profile) -> JSONValue {
        .object(
            [
                ("id", .string(profile.id)), ("name", .string(profile.name)), ("birthYear", .optional(profile.birthYear)),
                ("sex", .optional(profile.sex?.rawValue)),
                ("target", profile.target.map { .object([("systolic", .int($0.systolic)), ("diastolic", .int($0.diastolic))]) } ?? .null),
            ] + profile.careJSONMembers + [
                ("createdAt", .string(InstantText.format(milliseconds: profile.createdAt))),
                ("updatedAt", .string(InstantText.format(milliseconds: profile.updatedAt))),
            ])
    }

    public static func json(_ tag: StatusTag) -> JSONValue {
        .object([
            ("id", .string(tag.id)), ("label", .string(tag.label)), ("labelZh", .optional(tag.labelZh)),
            ("color", .string(tag.color)), ("symbol", .string(tag.symbol)), ("deviation", .bool(tag.deviation)),
            ("removed", .bool(tag.removed)),
        ])
    }

    public static func json(_ event: Event) -> JSONValue {
        .object([
            ("id", .string(event.id)), ("profile", .string(event.profileID)), ("at", .string(event.at.iso8601)),
            ("kind", .string(event.kind.rawValue)), ("text", .string(event.text)),
        ] + (event.medicine.map { [("medicine", $0.json)] } ?? []) + [
            ("createdAt", .string(InstantText.format(milliseconds: event.createdAt))),
            ("updatedAt", .string(InstantText.format(milliseconds: event.updatedAt))),
        ])
    }

    public static func json(_ reading: Reading) -> JSONValue {
        .object(
            ReadingJSON.members(reading) + [
                ("createdAt", .string(InstantText.format(milliseconds: reading.createdAt))),
                ("updatedAt", .string(InstantText.format(milliseconds: reading.updatedAt))),
            ])
    }

    // MARK: - Reading

    /// Reads a backup from `input` into `sink`; each bad record becomes a problem naming its position.
    static func decode(_ input: ImportInput, context: DecodeContext, into sink: ImportSink) throws(InterchangeError) {
        let reader = JSONReader(limits: InputLimits.json) { buffer in try input.read(into: buffer) }
        var sawFormat = false
        var fileVersion = 1
        do {
            try reader.enterObject()
            while let key = try reader.nextKey() {
                switch key {
                case "format":
                    guard try reader.readValue().string == "healthlog-backup" else {
                        throw InterchangeError.malformed(path: context.name, reason: Phrase("'format' is not healthlog-backup"))
                    }
                    sawFormat = true
                case "version":
                    let found = try reader.readValue()
                    guard let number = found.int else { throw InterchangeError.malformed(path: context.name, reason: Phrase("'version' must be a whole number")) }
                    guard number <= version else {
                        throw InterchangeError.malformed(
                            path: context.name, reason: Phrase("backup format {number} is newer than this healthlog reads ({version}); upgrade healthlog", ["number": "\(number)", "version": "\(version)"]))
                    }
                    fileVersion = number
                case "profiles":
                    try eachElement(reader) { index, value in
                        let location = "\(context.name): profiles[\(index)]"
                        guard let profile = try sink.passes(at: location, { () throws(ValidationError) in try JSONBackup.profile(from: value, version: fileVersion) }),
                            context.includes(profile.id)
                        else { return }
                        try sink.add(profile, at: "\(location) (\(profile.id))")
                    }
                case "tags":
                    try eachElement(reader) { index, value in
                        let location = "\(context.name): tags[\(index)]"
                        guard let tag = try sink.passes(at: location, { () throws(ValidationError) in try JSONBackup.tag(from: value) }) else { return }
                        try sink.add(tag, at: location)
                    }
                case "events":
                    try eachRecord(
                        reader, named: key, context: context, sink: sink, decode: JSONBackup.event(from:), profileID: \.profileID
                    ) { event, location in try sink.add(event, at: location) }
                case "readings":
                    try eachRecord(
                        reader, named: key, context: context, sink: sink, decode: JSONBackup.reading(from:), profileID: \.profileID
                    ) { reading, location in try sink.add(reading, rule: .sameID, at: location) }
                default:
                    try reader.skipValue()  // a newer HealthLog's additions
                }
            }
            guard try reader.atEnd() else { throw InterchangeError.malformed(path: context.name, reason: Phrase("text after the end of the backup")) }
        } catch let error as InterchangeError {
            throw error
        } catch let error as JSONSyntaxError {
            throw .malformed(path: context.name, reason: Phrase("{error} (is it a complete HealthLog backup?)", ["error": "\(error.description)"]))
        } catch {
            throw .malformed(path: context.name, reason: Phrase(verbatim: "\(error)"))
        }
        guard sawFormat else { throw .malformed(path: context.name, reason: Phrase("'format' is missing; this is not a HealthLog backup")) }
        try sink.flush()
    }

    /// Calls `body` with each element of the array that is next, one at a time.
    /// Each element of the array at `reader` that decodes and belongs to a profile the import
    /// takes, with its place (`FILE: readings[3] (3f2a9c1e)`); one that does not decode is a
    /// problem at that place.
    private static func eachRecord<Record>(
        _ reader: JSONReader, named key: String, context: DecodeContext, sink: ImportSink,
        decode: (JSONValue) throws(ValidationError) -> Record, profileID: (Record) -> String,
        _ body: (Record, String) throws -> Void
    ) throws {
        try eachElement(reader) { index, value in
            let location = "\(context.name): \(key)[\(index)] (\(value["id"]?.string?.prefix(8) ?? "?"))"
            guard let record = try sink.passes(at: location, { () throws(ValidationError) in try decode(value) }),
                context.includes(profileID(record))
            else { return }
            try body(record, location)
        }
    }

    private static func eachElement(_ reader: JSONReader, _ body: (Int, JSONValue) throws -> Void) throws {
        try reader.enterArray()
        var index = 0
        while try reader.nextElement() {
            try body(index, try reader.readValue())
            index += 1
        }
    }

    public static func profile(from value: JSONValue, version: Int = JSONBackup.version) throws(ValidationError) -> Profile {
        let fields = try JSONFields(value)
        var target: BloodPressure?
        if let targetFields = try fields.optionalObject("target") {
            target = BloodPressure(systolic: try targetFields.int("systolic"), diastolic: try targetFields.int("diastolic"))
            if version < 2 && target == BloodPressure(systolic: 135, diastolic: 85) { target = nil }
        }
        var profile = Profile(
            id: try fields.string("id"), name: try fields.string("name"), birthYear: try fields.optionalInt("birthYear"),
            sex: try fields.optionalString("sex").flatMap(Profile.Sex.init(rawValue:)),
            target: target,
            createdAt: try instant(fields, "createdAt"), updatedAt: try instant(fields, "updatedAt"))
        try readCare(fields, into: &profile)
        try profile.validate()
        return profile
    }

    /// The care context members of a profile (see ``HealthCore/Profile/careJSONMembers``); absent ones leave it empty.
    private static func readCare(_ fields: JSONFields, into profile: inout Profile) throws(ValidationError) {
        let names = try fields.strings("conditions")
        if !names.isEmpty {
            guard let conditions = Condition.list(names.joined(separator: ",")), conditions.count == Set(names).count else {
                throw .invalid(Phrase("conditions {names} are not all among {known}", ["names": names.joined(separator: ", "), "known": Condition.allCases.map(\.rawValue).joined(separator: ", ")]))
            }
            profile.conditions = conditions
        }
        if let dueText = try fields.optionalString("pregnancyDue") {
            guard let due = CivilDate(iso: dueText) else { throw .invalid(Phrase("pregnancyDue '{text}' is not a date YYYY-MM-DD", ["text": dueText])) }
            profile.pregnancyDue = due
        }
        profile.frail = try fields.optionalBool("frail") ?? false
        if let sleepText = try fields.optionalString("sleep") {
            guard let sleep = SleepHours(sleepText) else { throw .invalid(Phrase("sleep '{text}' is not two times of day, HH:MM-HH:MM", ["text": sleepText])) }
            profile.sleep = sleep
        }
    }

    /// The medicine member of an event (see ``HealthCore/MedicineChange/json``).
    private static func medicine(_ fields: JSONFields) throws(ValidationError) -> MedicineChange? {
        guard let medicine = try fields.optionalObject("medicine") else { return nil }
        let actionText = try medicine.string("action")
        guard let action = MedicineAction(rawValue: actionText) else {
            throw .invalid(Phrase("medicine action '{text}' is not start, change, stop or taken", ["text": actionText]))
        }
        let timeNames = try medicine.strings("times")
        guard let times = MedicineChange.times(timeNames.joined(separator: ",")) else {
            throw .invalid(Phrase("medicine times {names} are not all morning, noon or evening", ["names": timeNames.joined(separator: ", ")]))
        }
        return MedicineChange(
            name: try medicine.string("name"), action: action, dose: try medicine.optionalString("dose"), times: times,
            reason: try medicine.optionalString("reason"))
    }

    public static func tag(from value: JSONValue) throws(ValidationError) -> StatusTag {
        let fields = try JSONFields(value)
        let id = try fields.string("id")
        let tag = StatusTag(
            id: id, label: try fields.string("label"), labelZh: try fields.optionalString("labelZh"),
            color: try fields.string("color"), symbol: try fields.optionalString("symbol") ?? "tag",
            // A version 1 backup has no flag: a built-in keeps its own.
            deviation: try fields.optionalBool("deviation") ?? StatusTag.builtIns.contains { $0.id == id && $0.deviation },
            removed: try fields.optionalBool("removed") ?? false)
        try tag.validate()
        return tag
    }

    public static func event(from value: JSONValue) throws(ValidationError) -> Event {
        let fields = try JSONFields(value)
        let atText = try fields.string("at")
        guard let at = ZonedInstant(iso8601: atText) else { throw .invalid(Phrase("at '{atText}' is not ISO 8601 with an offset", ["atText": "\(atText)"])) }
        let kindText = try fields.string("kind")
        guard let kind = EventKind(rawValue: kindText) else {
            throw .invalid(Phrase("kind '{kindText}' is not one of {EventKind}", ["kindText": "\(kindText)", "EventKind": "\(EventKind.allCases.map(\.rawValue).joined(separator: ", "))"]))
        }
        let event = Event(
            id: try fields.string("id").lowercased(), profileID: try fields.string("profile"), at: at, kind: kind,
            text: try fields.string("text"), medicine: try medicine(fields), createdAt: try instant(fields, "createdAt"),
            updatedAt: try instant(fields, "updatedAt"))
        try event.validate()
        return event
    }

    public static func reading(from value: JSONValue) throws(ValidationError) -> Reading {
        let fields = try JSONFields(value)
        let takenAtText = try fields.string("takenAt")
        guard let takenAt = ZonedInstant(iso8601: takenAtText) else {
            throw .invalid(Phrase("takenAt '{takenAtText}' is not ISO 8601 with an offset", ["takenAtText": "\(takenAtText)"]))
        }
        var weight: Int?
        if let kilograms = try fields.optionalDouble("weightKg") {
            guard let value = grams(kilograms, unit: "kg") else { throw .invalid(Phrase("weightKg {kilograms} is out of range ({weightText})", ["kilograms": "\(kilograms)", "weightText": "\(ValueLimits.weightText)"])) }
            weight = value
        }
        var pressure: BloodPressure?
        switch (try fields.optionalInt("systolic"), try fields.optionalInt("diastolic")) {
        case (nil, nil): break
        case let (s?, d?): pressure = BloodPressure(systolic: s, diastolic: d)
        default: throw .invalid(Phrase("systolic and diastolic must be given together"))
        }
        let reading = Reading(
            id: try fields.string("id").lowercased(), profileID: try fields.string("profile"), takenAt: takenAt, bloodPressure: pressure,
            pulse: try fields.optionalInt("pulse"), weightGrams: weight, tagIDs: try fields.strings("tags"),
            note: try fields.optionalString("note") ?? "", site: try site(fields), createdAt: try instant(fields, "createdAt"),
            updatedAt: try instant(fields, "updatedAt"))
        try reading.validate()
        return reading
    }

    /// `home` (also when absent, as in version 1) or `office`.
    private static func site(_ fields: JSONFields) throws(ValidationError) -> MeasurementSite {
        guard let text = try fields.optionalString("site") else { return .home }
        guard let site = MeasurementSite(rawValue: text) else { throw .invalid(Phrase("site '{text}' must be home or office", ["text": "\(text)"])) }
        return site
    }

    /// An instant in milliseconds from an ISO 8601 string.
    private static func instant(_ fields: JSONFields, _ key: String) throws(ValidationError) -> Int64 {
        let text = try fields.string(key)
        guard let milliseconds = InstantText.parse(text) else {
            throw .invalid(Phrase("'{fields}' must be an ISO 8601 instant, not '{text}'", ["fields": "\(fields.name(key))", "text": "\(text)"]))
        }
        return milliseconds
    }
}
