public import HealthCore

extension RecordStore {
    // MARK: - Reading events

    /// The events of `profileID` (every profile's when nil) whose measurement day lies in
    /// `from`...`to` (either bound may be open), oldest first.
    public func events(profileID: String? = nil, from: CivilDate? = nil, to: CivilDate? = nil) throws(RecordsError) -> [Event] {
        try mapErrors {
            var conditions = ["1"]
            var values: [SQLValue] = []
            if let profileID {
                conditions.append("profile_id = ?")
                values.append(.text(profileID))
            }
            let dayStart = Int64(DayPeriod.dayStartHour * 3600)
            let local = "(at + utc_offset_min * 60)"
            if let from {
                conditions.append("\(local) >= ?")
                values.append(.integer(Int64(from.dayNumber) * 86_400 + dayStart))
            }
            if let to {
                conditions.append("\(local) < ?")
                values.append(.integer(Int64(to.dayNumber + 1) * 86_400 + dayStart))
            }
            var result: [Event] = []
            try database.cachedStatement(
                """
                SELECT \(EventColumn.all.names) FROM events WHERE \(conditions.joined(separator: " AND ")) ORDER BY at, id
                """
            ).forEachRow(values) { result.append(RecordStore.event(from: $0)) }
            return result
        }
    }

    /// The event whose id is `idPrefix` or starts with it (at least 6 characters).
    public func event(idPrefix: String) throws(RecordsError) -> Event {
        let prefix = idPrefix.lowercased()
        guard prefix.count >= 6, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw .invalid(Phrase("'{idPrefix}' is not an event id; give at least 6 characters of it (see 'healthlog event list')", ["idPrefix": "\(idPrefix)"]))
        }
        return try mapErrors {
            var found: [Event] = []
            try database.cachedStatement(
                """
                SELECT \(EventColumn.all.names) FROM events WHERE id >= ? AND id < ? ORDER BY id LIMIT 2
                """
            ).forEachRow([.text(prefix), .text(prefix + "~")]) { found.append(RecordStore.event(from: $0)) }
            guard let first = found.first else { throw RecordsError.notFound(Phrase("no event with id '{idPrefix}'", ["idPrefix": "\(idPrefix)"])) }
            guard found.count == 1 else {
                throw RecordsError.invalid(Phrase("id '{idPrefix}' matches more than one event; give more characters", ["idPrefix": "\(idPrefix)"]))
            }
            return first
        }
    }

    // MARK: - Changing events

    /// Stores a new event. Its profile must exist.
    public func addEvent(_ event: Event) throws(RecordsError) {
        try RecordsError.checking(event.validate())
        let now = clock()
        try write {
            let profile = try requireProfile(id: event.profileID)
            try RecordsError.checking(event.checkTime(now: now / 1000, birthYear: profile.birthYear))
            guard try insertEvent(event, now: now) else {
                throw RecordsError.conflict(Phrase("an event with id {id} already exists", ["id": "\(event.id)"]))
            }
        }
    }

    /// Deletes the event with the full id `id`. Readings are never touched.
    public func removeEvent(id: String) throws(RecordsError) {
        try write {
            var profileID: String?
            try database.cachedStatement("DELETE FROM events WHERE id = ? RETURNING profile_id").forEachRow([.text(id)]) {
                profileID = $0.text(0)
            }
            guard let profileID else { throw RecordsError.notFound(Phrase("no event with id '{id}'", ["id": "\(id)"])) }
            try rememberDeletion(.event, id: id)
            record(.eventDeleted(id: id, profileID: profileID))
        }
    }

    /// Inserts `event` unless its id is stored. Returns whether it was inserted.
    func insertEvent(_ event: Event, now: Int64) throws -> Bool {
        let columns = EventColumn.all
        let statement = try database.cachedStatement(
            "INSERT INTO events (\(columns.names)) VALUES (\(columns.placeholders)) ON CONFLICT (id) DO NOTHING")
        try statement.bind(columns) { $0.value(of: event, now: now) }
        try statement.runBound()
        guard database.changes == 1 else { return false }
        record(.eventPut(event.stored(now: now)))
        return true
    }

    /// Overwrites the stored event with the same id.
    func replaceEvent(with event: Event) throws {
        let columns = EventColumn.updated
        let statement = try database.cachedStatement("UPDATE events SET \(columns.assignments) WHERE id = ?")
        try statement.bind(columns) { $0.value(of: event, now: event.updatedAt) }
        try statement.bind(.text(event.id.asciiLowercased()), at: Int32(columns.columns.count + 1))
        try statement.runBound()
        if let stored = try events().first(where: { $0.id == event.id.asciiLowercased() }) { record(.eventPut(stored)) }
    }

    static func event(from row: Row) -> Event {
        let columns = EventColumn.all
        var medicine: MedicineChange?
        if let name = row.text(columns.index(.medicine)), let action = row.text(columns.index(.medicineAction)).flatMap(MedicineAction.init(rawValue:)) {
            medicine = MedicineChange(
                name: name, action: action, dose: row.text(columns.index(.dose)),
                times: MedicineChange.times(row.text(columns.index(.doseTimes)) ?? "") ?? [], reason: row.text(columns.index(.reason)))
        }
        return Event(
            id: row.text(columns.index(.id)) ?? "", profileID: row.text(columns.index(.profileID)) ?? "",
            at: ZonedInstant(utcSeconds: row.int(columns.index(.at)), offsetMinutes: Int(row.int(columns.index(.offset)))),
            kind: row.text(columns.index(.kind)).flatMap(EventKind.init(rawValue:)) ?? .other, text: row.text(columns.index(.text)) ?? "",
            medicine: medicine, createdAt: row.int(columns.index(.createdAt)), updatedAt: row.int(columns.index(.updatedAt)))
    }
}
