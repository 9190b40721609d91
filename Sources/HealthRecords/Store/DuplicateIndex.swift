/// What an import compares incoming readings against to find duplicates: the stored readings
/// of each profile in the minutes the import spans, and every reading the import adds.
///
/// A reading is a duplicate when one with the same profile, minute and values (systolic,
/// diastolic, pulse, weight) is already there. Keeping these keys in memory replaces a query
/// per incoming row; the stored ones are read once, through the (profile, time) index.
struct DuplicateIndex {
    private struct Key: Hashable {
        let minute: Int64
        let systolic: Int32
        let diastolic: Int32
        let pulse: Int32
        let weightGrams: Int32

        /// A missing value is -1, which no stored value can be (the schema's CHECKs).
        init(minute: Int64, systolic: Int?, diastolic: Int?, pulse: Int?, weightGrams: Int?) {
            self.minute = minute
            self.systolic = Int32(truncatingIfNeeded: systolic ?? -1)
            self.diastolic = Int32(truncatingIfNeeded: diastolic ?? -1)
            self.pulse = Int32(truncatingIfNeeded: pulse ?? -1)
            self.weightGrams = Int32(truncatingIfNeeded: weightGrams ?? -1)
        }

        init(_ reading: Reading) {
            self.init(
                minute: floorDivide(reading.takenAt.utcSeconds, 60), systolic: reading.systolic,
                diastolic: reading.diastolic, pulse: reading.pulse, weightGrams: reading.weightGrams)
        }
    }

    /// Per profile, how many readings have each key (a manual `add` may repeat one).
    private var counts: [String: [Key: Int]] = [:]

    /// Reads the keys of the stored readings that could match any of `incoming`.
    init(covering incoming: [Reading], in database: Database) throws {
        struct Span {
            var first: Int64
            var last: Int64
            var readings = 0

            mutating func include(_ minute: Int64) {
                first = min(first, minute)
                last = max(last, minute)
                readings += 1
            }
        }
        var spans: [String: Span] = [:]
        for reading in incoming {
            let minute = floorDivide(reading.takenAt.utcSeconds, 60)
            spans[reading.profileID, default: Span(first: minute, last: minute)].include(minute)
        }
        let stored = try database.cachedStatement(
            """
            SELECT taken_at, systolic, diastolic, pulse, weight_g FROM readings
            WHERE profile_id = ? AND taken_at BETWEEN ? AND ?
            """)
        for (profile, span) in spans {
            var keys: [Key: Int] = [:]
            keys.reserveCapacity(span.readings)
            try stored.forEachRow([.text(profile), .integer(span.first * 60), .integer(span.last * 60 + 59)]) { row in
                let key = Key(
                    minute: floorDivide(row.int(0), 60), systolic: row.optionalInt(1), diastolic: row.optionalInt(2),
                    pulse: row.optionalInt(3), weightGrams: row.optionalInt(4))
                keys[key, default: 0] += 1
            }
            counts[profile] = keys
        }
    }

    /// True when a reading with the same profile, minute and values is stored or was added.
    func containsMatch(for reading: Reading) -> Bool {
        counts[reading.profileID]?[Key(reading)] != nil
    }

    /// Records a reading the import stored.
    mutating func insert(_ reading: Reading) {
        counts[reading.profileID, default: [:]][Key(reading), default: 0] += 1
    }

    /// Forgets a reading the import overwrote.
    mutating func remove(_ reading: Reading) {
        let key = Key(reading)
        guard let count = counts[reading.profileID]?[key] else { return }
        counts[reading.profileID]?[key] = count > 1 ? count - 1 : nil
    }
}
