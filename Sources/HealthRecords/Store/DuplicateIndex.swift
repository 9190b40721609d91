import HealthCore

/// What an import compares incoming readings against to find duplicates: the stored readings
/// of each profile in the minutes the import spans, and every reading the import adds.
///
/// A reading is a duplicate when one with the same profile, minute and values (systolic,
/// diastolic, pulse, weight) is already there. Keeping these keys in memory replaces a query
/// per incoming row. Stored readings are read through the (profile, time) index as each batch
/// widens a profile's span, and each one only once.
struct DuplicateIndex {
    private struct Key: Hashable {
        let minute: Int64
        /// The profile's number in this index, and the four values, packed.
        let profileAndValues: UInt64

        /// Values are in their validated ranges (the schema's CHECKs hold stored ones to the
        /// same), so each fits its field: systolic+1 in 10 bits, diastolic+1 and pulse+1 in 8,
        /// grams+1 in 20; a missing value is 0.
        init(profile: Int32, minute: Int64, systolic: Int?, diastolic: Int?, pulse: Int?, weightGrams: Int?) {
            let field = { (value: Int?, bits: UInt64) in UInt64(truncatingIfNeeded: (value ?? -1) + 1) & ((1 << bits) - 1) }
            self.minute = minute
            profileAndValues =
                UInt64(UInt32(bitPattern: profile)) << 46 | field(systolic, 10) << 36 | field(diastolic, 8) << 28
                | field(pulse, 8) << 20 | field(weightGrams, 20)
        }
    }

    /// How many readings have each key (a manual `add` may repeat one).
    private var counts: [Key: Int32] = [:]
    /// Profile ids numbered in the order met; the last one is kept at hand.
    private var profileNumbers: [String: Int32] = [:]
    private var lastProfile = ("", Int32(-1))
    /// Per profile, the minutes whose stored readings are loaded.
    private var covered: [String: ClosedRange<Int64>] = [:]
    /// Readings this import overwrote (merging a backup); their new keys are counted already.
    private var replacedIDs = Set<String>()
    /// The last `seq` stored before the import: later rows are the import's own, counted as added.
    private let lastStoredSeq: Int64
    private let storedInSpan: Statement

    init(database: Database) throws {
        lastStoredSeq = try database.cachedStatement("SELECT coalesce(max(seq), 0) FROM readings").scalarInt() ?? 0
        storedInSpan = try database.cachedStatement(
            """
            SELECT taken_at, systolic, diastolic, pulse, weight_g, id FROM readings
            WHERE profile_id = ? AND taken_at BETWEEN ? AND ? AND seq <= ?
            """)
    }

    /// Loads the stored readings that could match any of `batch` and are not loaded yet.
    mutating func cover(_ batch: [Reading]) throws {
        if counts.capacity < counts.count + batch.count {
            counts.reserveCapacity(max(2 * counts.capacity, counts.count + batch.count))
        }
        var spans: [String: ClosedRange<Int64>] = [:]
        for reading in batch {
            let minute = floorDivide(reading.takenAt.utcSeconds, 60)
            let span = spans[reading.profileID] ?? minute...minute
            spans[reading.profileID] = min(span.lowerBound, minute)...max(span.upperBound, minute)
        }
        for (profile, span) in spans {
            guard let done = covered[profile] else {
                try load(profile, span)
                covered[profile] = span
                continue
            }
            if span.lowerBound < done.lowerBound { try load(profile, span.lowerBound...(done.lowerBound - 1)) }
            if span.upperBound > done.upperBound { try load(profile, (done.upperBound + 1)...span.upperBound) }
            covered[profile] = min(span.lowerBound, done.lowerBound)...max(span.upperBound, done.upperBound)
        }
    }

    private mutating func load(_ profile: String, _ minutes: ClosedRange<Int64>) throws {
        let number = self.number(of: profile)
        try storedInSpan.forEachRow([
            .text(profile), .integer(minutes.lowerBound * 60), .integer(minutes.upperBound * 60 + 59), .integer(lastStoredSeq),
        ]) { row in
            if !replacedIDs.isEmpty, let id = row.text(5), replacedIDs.contains(id) { return }
            let key = Key(
                profile: number, minute: floorDivide(row.int(0), 60), systolic: row.optionalInt(1),
                diastolic: row.optionalInt(2), pulse: row.optionalInt(3), weightGrams: row.optionalInt(4))
            counts[key, default: 0] += 1
        }
    }

    private mutating func number(of profile: String) -> Int32 {
        if lastProfile.0 == profile { return lastProfile.1 }
        let number = profileNumbers[profile] ?? Int32(profileNumbers.count)
        profileNumbers[profile] = number
        lastProfile = (profile, number)
        return number
    }

    private mutating func key(_ reading: Reading) -> Key {
        Key(
            profile: number(of: reading.profileID), minute: floorDivide(reading.takenAt.utcSeconds, 60),
            systolic: reading.systolic, diastolic: reading.diastolic, pulse: reading.pulse, weightGrams: reading.weightGrams)
    }

    /// Counts `reading` as stored, unless one with the same profile, minute and values is
    /// there already: then nothing changes and the answer is false.
    mutating func add(_ reading: Reading) -> Bool {
        // One hash lookup: the entry is made (at 0) when missing, then claimed.
        func claim(_ count: inout Int32) -> Bool {
            guard count == 0 else { return false }
            count = 1
            return true
        }
        return claim(&counts[key(reading), default: 0])
    }

    /// Takes back an ``add(_:)`` whose insert did not happen.
    mutating func remove(_ reading: Reading) {
        let key = key(reading)
        guard let count = counts[key] else { return }
        counts[key] = count > 1 ? count - 1 : nil
    }

    /// Records that the import overwrote `stored` with `incoming` (same id).
    mutating func replace(_ stored: Reading, with incoming: Reading) {
        // Only a loaded stored reading is counted; one outside the span is skipped when loaded.
        if covered[stored.profileID]?.contains(floorDivide(stored.takenAt.utcSeconds, 60)) == true { remove(stored) }
        counts[key(incoming), default: 0] += 1
        replacedIDs.insert(stored.id)
    }
}
