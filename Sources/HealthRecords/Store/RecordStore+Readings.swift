public import HealthCore

extension RecordStore {
    // MARK: - Reading readings

    /// The readings that match `query`, oldest first.
    public func readings(matching query: ReadingQuery = ReadingQuery()) throws(RecordsError) -> [Reading] {
        try mapErrors {
            let (condition, values) = RecordStore.selection(query)
            return try fetchReadings(where: condition, values)
        }
    }

    /// Calls `body` with each reading that matches `query`, oldest first, one at a time: an
    /// export of any size reads the log in flat memory.
    public func forEachReading(matching query: ReadingQuery = ReadingQuery(), _ body: (Reading) throws -> Void) throws(RecordsError) {
        try mapErrors {
            let (condition, values) = RecordStore.selection(query)
            try visitReadings(where: condition, values, body)
        }
    }

    /// How many readings match `query`, its limit aside: counted by SQLite, none decoded.
    public func readingCount(matching query: ReadingQuery) throws(RecordsError) -> Int {
        try mapErrors {
            var unlimited = query
            unlimited.limit = nil
            let (condition, values) = RecordStore.selection(unlimited)
            return Int(try database.cachedStatement("SELECT count(*) FROM readings WHERE \(condition)").scalarInt(values) ?? 0)
        }
    }

    /// The WHERE condition for `query`, with the latest `limit` readings picked when it has one.
    private static func selection(_ query: ReadingQuery) -> (String, [SQLValue]) {
        let (condition, values) = query.whereClause()
        let matching = condition.isEmpty ? "1" : condition
        guard let limit = query.limit else { return (matching, values) }
        let latest = "SELECT seq FROM readings WHERE \(matching) ORDER BY taken_at DESC, seq DESC LIMIT ?"
        return ("seq IN (\(latest))", values + [.integer(Int64(limit))])
    }

    /// Readings matching `condition`, oldest first (readings of one instant by id).
    private func fetchReadings(where condition: String, _ values: [SQLValue]) throws -> [Reading] {
        var result: [Reading] = []
        // Counted first, so a large log is read into one allocation, never grown by doubling
        // (which briefly holds both the old and the new copy).
        if let count = try database.cachedStatement("SELECT count(*) FROM readings WHERE \(condition)").scalarInt(values), count > 64 {
            result.reserveCapacity(Int(count))
        }
        try visitReadings(where: condition, values) { result.append($0) }
        return result
    }

    /// Calls `body` with each reading matching `condition`, oldest first; readings taken at one
    /// instant by id, so every machine lists a shared log alike.
    ///
    /// The order is the (profile_id, taken_at) index's own (rowid is its last column), so
    /// SQLite needs no sort.
    private func visitReadings(where condition: String, _ values: [SQLValue], _ body: (Reading) throws -> Void) throws {
        let sql = "SELECT \(ReadingColumn.selected.names) FROM readings WHERE \(condition) ORDER BY taken_at, seq"
        // Readings share their tag lists: a log of 100,000 readings has a few dozen distinct ones.
        var tagLists: [String: [String]] = [:]
        var sameInstant: [Reading] = []
        let columns = ReadingColumn.selected
        try database.cachedStatement(sql).forEachRow(values) { row in
            var reading = RecordStore.reading(from: row, tags: false, id: false)
            _ = row.withUTF8(columns.index(.id)) { reading.setID(utf8: $0) }
            if let column = row.text(columns.index(.tags)), !column.isEmpty {
                if let shared = tagLists[column] {
                    reading.tagIDs = shared
                } else {
                    let parsed = tagIDs(fromColumn: column)
                    if tagLists.count < 4096 { tagLists[column] = parsed }
                    reading.tagIDs = parsed
                }
            }
            // Readings taken at one instant come in insertion order, which differs from machine
            // to machine: they are held back (rarely more than one) and passed on by id.
            if let first = sameInstant.first, first.takenAt.utcSeconds != reading.takenAt.utcSeconds {
                try flush(&sameInstant, body)
            }
            sameInstant.append(reading)
        }
        try flush(&sameInstant, body)
    }

    /// Passes on readings taken at one instant, by id.
    private func flush(_ readings: inout [Reading], _ body: (Reading) throws -> Void) throws {
        if readings.count > 1 { readings.sort { $0.id < $1.id } }
        for reading in readings { try body(reading) }
        readings.removeAll(keepingCapacity: true)
    }

    /// The latest measurement day, by each reading's own offset, among readings taken at or
    /// after `utcSeconds`; nil when there are none.
    public func latestMeasurementDay(since utcSeconds: Int64) throws(RecordsError) -> CivilDate? {
        try mapErrors {
            var latest: Int?
            try database.cachedStatement("SELECT taken_at, utc_offset_min FROM readings WHERE taken_at >= ?").forEachRow([.integer(utcSeconds)]) { row in
                let day = ZonedInstant(utcSeconds: row.int(0), offsetMinutes: Int(row.int(1))).measurementDayNumber
                latest = max(latest ?? day, day)
            }
            return latest.map(CivilDate.init(dayNumber:))
        }
    }

    /// The reading whose id is `id` or starts with it (at least 6 characters).
    public func reading(idPrefix: String) throws(RecordsError) -> Reading {
        let prefix = idPrefix.lowercased()
        guard prefix.count >= 6, prefix.utf8.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit || $0 == UInt8(ascii: "-") })
        else {
            throw .invalid(Phrase("'{idPrefix}' is not a reading id; give at least 6 characters of it (see 'healthlog list')", ["idPrefix": "\(idPrefix)"]))
        }
        return try mapErrors {
            // '~' sorts after every hex digit and '-', so this is the range of ids with the prefix.
            var ids: [String] = []
            try database.cachedStatement("SELECT id FROM readings WHERE id >= ? AND id < ? ORDER BY id LIMIT 2")
                .forEachRow([.text(prefix), .text(prefix + "~")]) { ids.append($0.text(0) ?? "") }
            guard !ids.isEmpty else { throw RecordsError.unknownReading(idPrefix) }
            guard ids.count == 1 else {
                throw RecordsError.invalid(Phrase("id '{idPrefix}' matches more than one reading; give more characters", ["idPrefix": "\(idPrefix)"]))
            }
            return try fetchReadings(where: "id = ?", [.text(ids[0])])[0]
        }
    }

    // MARK: - Changing readings

    /// Stores a new reading. Its profile must exist and its tags must be defined.
    @discardableResult
    public func add(_ reading: Reading) throws(RecordsError) -> AddOutcome {
        try add(reading, for: .named(reading.profileID))
    }

    /// Stores a new reading for the profile `choice` means, all in one transaction: when the
    /// log has no profiles yet and `firstProfile` is given, that profile is created for it.
    /// The reading's own ``Reading/profileID`` is replaced by the chosen profile's.
    ///
    /// Tags must be defined, the values in range and the time plausible
    /// (``Reading/checkTime(now:birthYear:)``). A reading identical to one already stored in the
    /// same minute is kept (people measure twice) and counted in the outcome.
    @discardableResult
    public func add(_ reading: Reading, for choice: ProfileChoice, creatingFirst firstProfile: Profile? = nil) throws(RecordsError) -> AddOutcome {
        let now = clock()
        return try write {
            var createdProfile = false
            let profile: Profile
            do {
                profile = try self.profile(choice)
            } catch RecordsError.noProfiles where firstProfile != nil {
                try insertProfile(firstProfile!, now: now)
                profile = try requireProfile(id: firstProfile!.id)
                createdProfile = true
            }
            var stored = reading
            stored.profileID = profile.id
            try RecordsError.checking(stored.validate())
            try RecordsError.checking(stored.checkTime(now: now / 1000, birthYear: profile.birthYear))
            try requireDefined(stored.tagIDs)
            let identical = try identicalCount(to: stored)
            guard try insert(stored, now: now) else {
                throw RecordsError.conflict(Phrase("a reading with id {id} already exists", ["id": "\(stored.id)"]))
            }
            return AddOutcome(reading: stored, profile: profile, createdProfile: createdProfile, identicalCount: identical)
        }
    }

    /// How many stored readings of the same profile have the same minute and values.
    func identicalCount(to reading: Reading) throws -> Int {
        let minute = floorDivide(reading.takenAt.utcSeconds, 60) * 60
        let count = try database.cachedStatement(
            """
            SELECT count(*) FROM readings WHERE profile_id = ? AND taken_at BETWEEN ? AND ?
                AND systolic IS ? AND diastolic IS ? AND pulse IS ? AND weight_g IS ?
            """
        ).scalarInt([
            .text(reading.profileID), .integer(minute), .integer(minute + 59),
            reading.systolic.map { .integer(Int64($0)) } ?? .null, reading.diastolic.map { .integer(Int64($0)) } ?? .null,
            reading.pulse.map { .integer(Int64($0)) } ?? .null, reading.weightGrams.map { .integer(Int64($0)) } ?? .null,
        ])
        return Int(count ?? 0)
    }

    /// How many stored readings are identical to `reading` in every field but its id: profile,
    /// values, note, tags and site, at its UTC second or, with `localTime`, its wall-clock
    /// second (two weighings 37 s apart in one minute are two readings).
    func identicalInEveryFieldCount(to reading: Reading, localTime: Bool) throws -> Int {
        let minute = floorDivide(reading.takenAt.utcSeconds, 60) * 60
        // A wall-clock match lies at most a day and a half away in UTC: the index narrows to that.
        let reach = localTime ? Int64(ValueLimits.offsetMinutes.range.upperBound - ValueLimits.offsetMinutes.range.lowerBound) * 60 : 0
        let count = try database.cachedStatement(
            """
            SELECT count(*) FROM readings WHERE profile_id = ? AND taken_at BETWEEN ? AND ?
                AND (taken_at = ? OR (? AND taken_at + utc_offset_min * 60 = ?))
                AND systolic IS ? AND diastolic IS ? AND pulse IS ? AND weight_g IS ? AND note = ? AND tags = ? AND site = ?
            """
        ).scalarInt([
            .text(reading.profileID), .integer(minute - reach), .integer(minute + 59 + reach), .integer(reading.takenAt.utcSeconds),
            .integer(localTime ? 1 : 0), .integer(reading.takenAt.localSeconds),
            reading.systolic.map { .integer(Int64($0)) } ?? .null, reading.diastolic.map { .integer(Int64($0)) } ?? .null,
            reading.pulse.map { .integer(Int64($0)) } ?? .null, reading.weightGrams.map { .integer(Int64($0)) } ?? .null,
            .text(reading.note), .text(tagColumn(reading.tagIDs)), .text(reading.site.rawValue),
        ])
        return Int(count ?? 0)
    }

    /// Saves changes to an existing reading. Tags it did not carry before must be defined.
    public func update(_ reading: Reading) throws(RecordsError) {
        try RecordsError.checking(reading.validate())
        var changed = reading
        changed.updatedAt = clock()
        try write {
            let old = try self.reading(idPrefix: reading.id)
            // An edit always ends newer than the version it replaced, even one stamped by a
            // clock that ran ahead: a later merge never prefers the old version.
            changed.updatedAt = max(changed.updatedAt, old.updatedAt + 1)
            let profile = try requireProfile(id: reading.profileID)
            if reading.takenAt != old.takenAt {
                try RecordsError.checking(reading.checkTime(now: changed.updatedAt / 1000, birthYear: profile.birthYear))
            }
            try requireDefined(reading.tagIDs.filter { !old.tagIDs.contains($0) })
            try replace(old, with: changed)
        }
    }

    /// Overwrites a stored reading's values, tags and updatedAt (inside a write transaction).
    func replace(_ stored: Reading, with reading: Reading) throws {
        let columns = ReadingColumn.updated
        let statement = try database.cachedStatement("UPDATE readings SET \(columns.assignments) WHERE id = ?")
        try statement.bind(columns) { $0.value(of: reading, now: reading.updatedAt) }
        try statement.bind(.text(stored.id), at: Int32(columns.columns.count + 1))
        try statement.runBound()
        var changed = reading.stored(now: reading.updatedAt)
        changed.id = stored.id
        changed.createdAt = stored.createdAt
        record(.readingPut(changed))
    }

    /// Deletes readings by full id. Returns how many were deleted.
    @discardableResult
    public func delete(ids: [String]) throws(RecordsError) -> Int {
        try write {
            var deleted = 0
            for id in ids {
                var profileID: String?
                try database.cachedStatement("DELETE FROM readings WHERE id = ? RETURNING profile_id").forEachRow([.text(id)]) {
                    profileID = $0.text(0)
                }
                if let profileID {
                    deleted += 1
                    try rememberDeletion(.reading, id: id)
                    record(.readingDeleted(id: id, profileID: profileID))
                }
            }
            return deleted
        }
    }

    /// Inserts `reading` and its tags. Returns false, writing nothing, when its id is already stored.
    @discardableResult
    func insert(_ reading: Reading, now: Int64) throws -> Bool {
        try insert(reading, now: now, using: insertStatement())
    }

    /// The statement behind ``insert(_:now:)``; a bulk import fetches it once, not per row.
    func insertStatement() throws -> Statement {
        let columns = ReadingColumn.inserted
        return try database.cachedStatement(
            "INSERT INTO readings (\(columns.names)) VALUES (\(columns.placeholders)) ON CONFLICT (id) DO NOTHING")
    }

    /// ``insert(_:now:)`` with the statement from ``insertStatement()``.
    func insert(_ reading: Reading, now: Int64, using statement: Statement) throws -> Bool {
        try statement.bind(ReadingColumn.inserted) { $0.value(of: reading, now: now) }
        try statement.runBound()
        guard database.changes == 1 else { return false }
        record(.readingPut(reading.stored(now: now)))
        return true
    }

    // MARK: - Rows

    /// A reading from a row of ``ReadingColumn/selected``; with `tags: false`, without its tags,
    /// and with `id: false`, without its id.
    static func reading(from row: Row, tags: Bool = true, id: Bool = true) -> Reading {
        let columns = ReadingColumn.selected
        let systolic = row.optionalInt(columns.index(.systolic))
        let diastolic = row.optionalInt(columns.index(.diastolic))
        return Reading(
            id: id ? row.text(columns.index(.id)) ?? "" : "", profileID: row.text(columns.index(.profileID)) ?? "",
            takenAt: ZonedInstant(utcSeconds: row.int(columns.index(.takenAt)), offsetMinutes: Int(row.int(columns.index(.offset)))),
            bloodPressure: systolic.flatMap { s in diastolic.map { BloodPressure(systolic: s, diastolic: $0) } },
            pulse: row.optionalInt(columns.index(.pulse)), weightGrams: row.optionalInt(columns.index(.weight)),
            tagIDs: tags ? row.text(columns.index(.tags)).map(tagIDs(fromColumn:)) ?? [] : [],
            note: row.text(columns.index(.note)) ?? "",
            site: row.text(columns.index(.site)).flatMap(MeasurementSite.init(rawValue:)) ?? .home,
            createdAt: row.int(columns.index(.createdAt)), updatedAt: row.int(columns.index(.updatedAt)))
    }
}

/// Tag IDs as stored in `readings.tags`: `;bp-med;exercise;`, or `''` for none. The delimiters
/// on both ends let one `instr` find an exact ID.
func tagColumn(_ tagIDs: [String]) -> String {
    guard !tagIDs.isEmpty else { return "" }
    var column = ";"
    for tag in tagIDs {
        column += tag
        column += ";"
    }
    return column
}

/// The tag IDs of a `readings.tags` value, in order.
func tagIDs(fromColumn text: String) -> [String] {
    text.split(separator: ";").map(String.init)
}
