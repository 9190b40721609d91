extension RecordStore {
    // MARK: - Reading readings

    /// The readings that match `query`, oldest first.
    public func readings(matching query: ReadingQuery = ReadingQuery()) throws(RecordsError) -> [Reading] {
        try mapErrors {
            let (condition, values) = query.whereClause()
            var sql = "\(RecordStore.readingColumns) \(condition) ORDER BY taken_at DESC, id"
            var bound = values
            if let limit = query.limit {
                sql += " LIMIT ?"
                bound.append(.integer(Int64(limit)))
            }
            var result: [Reading] = []
            try database.cachedStatement(sql).forEachRow(bound) { row in
                result.append(RecordStore.reading(from: row))
            }
            return result.reversed()
        }
    }

    /// The reading whose id is `id` or starts with it (at least 6 characters).
    public func reading(idPrefix: String) throws(RecordsError) -> Reading {
        let prefix = idPrefix.lowercased()
        guard prefix.count >= 6, prefix.utf8.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit || $0 == UInt8(ascii: "-") })
        else {
            throw .invalid("'\(idPrefix)' is not a reading id; give at least 6 characters of it (see 'healthlog list')")
        }
        return try mapErrors {
            var matches: [Reading] = []
            // '~' sorts after every hex digit and '-', so this is the range of ids with the prefix.
            try database.cachedStatement("\(RecordStore.readingColumns) WHERE id >= ? AND id < ? ORDER BY id LIMIT 2")
                .forEachRow([.text(prefix), .text(prefix + "~")]) { matches.append(RecordStore.reading(from: $0)) }
            guard let first = matches.first else { throw RecordsError.notFound("no reading with id '\(idPrefix)'") }
            guard matches.count == 1 else {
                throw RecordsError.invalid("id '\(idPrefix)' matches more than one reading; give more characters")
            }
            return first
        }
    }

    // MARK: - Changing readings

    /// Stores a new reading. Its profile must exist and its tags must be defined.
    public func add(_ reading: Reading) throws(RecordsError) {
        try reading.validate()
        let now = clock()
        try write {
            _ = try requireProfile(id: reading.profileID)
            try requireDefined(reading.tagIDs)
            guard try insert(reading, now: now) else {
                throw RecordsError.conflict("a reading with id \(reading.id) already exists")
            }
        }
    }

    /// Saves changes to an existing reading. Tags it did not carry before must be defined.
    public func update(_ reading: Reading) throws(RecordsError) {
        try reading.validate()
        let now = clock()
        try write {
            let old = try self.reading(idPrefix: reading.id)
            _ = try requireProfile(id: reading.profileID)
            try requireDefined(reading.tagIDs.filter { !old.tagIDs.contains($0) })
            try database.cachedStatement(
                """
                UPDATE readings SET profile_id = ?, taken_at = ?, utc_offset_min = ?, systolic = ?, diastolic = ?,
                    pulse = ?, weight_g = ?, note = ?, updated_at = ? WHERE id = ?
                """
            ).run(RecordStore.valueColumns(of: reading) + [.integer(now), .text(reading.id)])
            let seq = try database.cachedStatement("SELECT seq FROM readings WHERE id = ?").scalarInt([.text(reading.id)]) ?? 0
            try database.cachedStatement("DELETE FROM reading_tags WHERE reading_seq = ?").run([.integer(seq)])
            try insertTags(reading.tagIDs, seq: seq)
        }
    }

    /// Deletes readings by full id. Returns how many were deleted.
    @discardableResult
    public func delete(ids: [String]) throws(RecordsError) -> Int {
        try write {
            var deleted = 0
            for id in ids {
                try database.cachedStatement("DELETE FROM readings WHERE id = ?").run([.text(id)])
                deleted += database.changes
            }
            return deleted
        }
    }

    /// Inserts `reading` and its tags. Returns false, writing nothing, when its id is already stored.
    @discardableResult
    func insert(_ reading: Reading, now: Int64) throws -> Bool {
        try database.cachedStatement(
            """
            INSERT INTO readings (profile_id, taken_at, utc_offset_min, systolic, diastolic, pulse, weight_g, note,
                created_at, updated_at, id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING
            """
        ).run(
            RecordStore.valueColumns(of: reading) + [
                .integer(reading.createdAt == 0 ? now : reading.createdAt),
                .integer(reading.updatedAt == 0 ? now : reading.updatedAt), .text(reading.id.lowercased()),
            ])
        guard database.changes == 1 else { return false }
        try insertTags(reading.tagIDs, seq: database.lastInsertedRowID)
        return true
    }

    private func insertTags(_ tagIDs: [String], seq: Int64) throws {
        guard !tagIDs.isEmpty else { return }
        let statement = try database.cachedStatement(
            "INSERT INTO reading_tags (reading_seq, tag_id, position) VALUES (?, ?, ?)")
        for (position, tag) in tagIDs.enumerated() {
            try statement.run([.integer(seq), .text(tag), .integer(Int64(position))])
        }
    }

    // MARK: - Rows

    /// The bound values for profile_id … note, in the column order used by insert and update.
    private static func valueColumns(of reading: Reading) -> [SQLValue] {
        [
            .text(reading.profileID), .integer(reading.takenAt.utcSeconds),
            .integer(Int64(reading.takenAt.offsetMinutes)),
            reading.systolic.map { .integer(Int64($0)) } ?? .null,
            reading.diastolic.map { .integer(Int64($0)) } ?? .null,
            reading.pulse.map { .integer(Int64($0)) } ?? .null,
            reading.weightGrams.map { .integer(Int64($0)) } ?? .null,
            .text(reading.note),
        ]
    }

    static let readingColumns = """
        SELECT id, profile_id, taken_at, utc_offset_min, systolic, diastolic, pulse, weight_g, note,
            created_at, updated_at,
            (SELECT group_concat(tag_id, ';') FROM
                (SELECT tag_id FROM reading_tags WHERE reading_seq = readings.seq ORDER BY position))
        FROM readings
        """

    static func reading(from row: Row) -> Reading {
        let systolic = row.optionalInt(4)
        let diastolic = row.optionalInt(5)
        return Reading(
            id: row.text(0) ?? "", profileID: row.text(1) ?? "",
            takenAt: ZonedInstant(utcSeconds: row.int(2), offsetMinutes: Int(row.int(3))),
            bloodPressure: systolic.flatMap { s in diastolic.map { BloodPressure(systolic: s, diastolic: $0) } },
            pulse: row.optionalInt(6), weightGrams: row.optionalInt(7),
            tagIDs: row.text(11).map { $0.split(separator: ";").map(String.init) } ?? [],
            note: row.text(8) ?? "", createdAt: row.int(9), updatedAt: row.int(10))
    }
}
