import HealthCore

/// What an import compares incoming readings against to find duplicates by their values: the
/// stored readings of each profile in the minutes the import spans, and every reading the
/// import adds.
///
/// Each reading is known by two keys: its profile, values and UTC minute, and its profile,
/// values and local wall-clock minute (for sources that write no offset, see
/// ``DuplicateRule/sameValuesOrLocalTime``). Keeping the keys in memory replaces a query per
/// incoming row. Stored readings are read through the (profile, time) index as each batch
/// widens a profile's span, and each one only once.
struct DuplicateIndex {
    private struct Key: Hashable {
        let minute: Int64
        /// The profile's number in this index, whether the minute is local, and the four values, packed.
        let profileAndValues: UInt64

        /// Values are in their validated ranges (the schema's CHECKs hold stored ones to the
        /// same), so each fits its field: systolic+1 in 10 bits, diastolic+1 and pulse+1 in 8,
        /// grams+1 in 20; a missing value is 0.
        init(profile: Int32, minute: Int64, local: Bool, systolic: Int?, diastolic: Int?, pulse: Int?, weightGrams: Int?) {
            let field = { (value: Int?, bits: UInt64) in UInt64(truncatingIfNeeded: (value ?? -1) + 1) & ((1 << bits) - 1) }
            self.minute = minute
            profileAndValues =
                UInt64(UInt32(bitPattern: profile) & 0x1FFFF) << 47 | (local ? 1 << 46 : 0) | field(systolic, 10) << 36
                | field(diastolic, 8) << 28 | field(pulse, 8) << 20 | field(weightGrams, 20)
        }
    }

    /// How many readings have each key (people measure twice: a key may repeat).
    private var counts: [Key: Int32] = [:]
    /// Until a reading matched by values arrives, the keys of the import's own readings are
    /// only listed, not hashed: a file of HealthLog's own records (matched by id) never needs them.
    private var deferred: [(Key, Key)] = []
    private var indexing = false
    /// Profile ids numbered in the order met; the last one is kept at hand.
    private var profileNumbers: [String: Int32] = [:]
    private var lastProfile = ("", Int32(-1))
    /// Per profile, the UTC minutes whose stored readings are loaded.
    private var covered: [String: ClosedRange<Int64>] = [:]
    /// Readings this import overwrote (merging a backup); their new keys are counted already.
    private var replacedIDs = Set<String>()
    /// The last `seq` stored before the import: later rows are the import's own, counted as added.
    private let lastStoredSeq: Int64
    private let storedInSpan: Statement

    /// The widest gap between two instants with the same wall-clock time: offsets run from
    /// −18 to +18 hours.
    private static let localReach = Int64(ValueLimits.offsetMinutes.range.upperBound - ValueLimits.offsetMinutes.range.lowerBound)

    init(database: Database) throws {
        lastStoredSeq = try database.cachedStatement("SELECT coalesce(max(seq), 0) FROM readings").scalarInt() ?? 0
        storedInSpan = try database.cachedStatement(
            "SELECT \(DuplicateIndex.columns.names) FROM readings WHERE profile_id = ? AND taken_at BETWEEN ? AND ? AND seq <= ?")
    }

    /// What a stored reading is matched by.
    private static let columns = ColumnList<ReadingColumn>([.takenAt, .offset, .systolic, .diastolic, .pulse, .weight, .id])

    /// Loads the stored readings that could match any of `batch` and are not loaded yet.
    mutating func cover(_ batch: [IncomingReading]) throws {
        if !indexing {
            guard batch.contains(where: { $0.rule != .sameID }) else { return }
            startIndexing()
        }
        if counts.capacity < counts.count + 2 * batch.count {
            counts.reserveCapacity(max(2 * counts.capacity, counts.count + 2 * batch.count))
        }
        var spans: [String: ClosedRange<Int64>] = [:]
        for incoming in batch where incoming.rule != .sameID {
            let reading = incoming.reading
            let minute = floorDivide(reading.takenAt.utcSeconds, 60)
            // A match by local time may lie a day and a half away in UTC.
            let reach = incoming.rule == .sameValuesOrLocalTime ? DuplicateIndex.localReach : 0
            let span = spans[reading.profileID] ?? (minute - reach)...(minute + reach)
            spans[reading.profileID] = min(span.lowerBound, minute - reach)...max(span.upperBound, minute + reach)
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
            let columns = DuplicateIndex.columns
            if !replacedIDs.isEmpty, let id = row.text(columns.index(.id)), replacedIDs.contains(id) { return }
            let takenAt = ZonedInstant(utcSeconds: row.int(columns.index(.takenAt)), offsetMinutes: Int(row.int(columns.index(.offset))))
            let (utc, local) = keys(
                profile: number, takenAt: takenAt, systolic: row.optionalInt(columns.index(.systolic)),
                diastolic: row.optionalInt(columns.index(.diastolic)), pulse: row.optionalInt(columns.index(.pulse)),
                weightGrams: row.optionalInt(columns.index(.weight)))
            counts[utc, default: 0] += 1
            counts[local, default: 0] += 1
        }
    }

    private mutating func number(of profile: String) -> Int32 {
        if lastProfile.0 == profile { return lastProfile.1 }
        let number = profileNumbers[profile] ?? Int32(profileNumbers.count)
        profileNumbers[profile] = number
        lastProfile = (profile, number)
        return number
    }

    /// Hashes the listed keys of the import's own readings, from now on counting every key.
    private mutating func startIndexing() {
        indexing = true
        counts.reserveCapacity(counts.count + 2 * deferred.count)
        for (utc, local) in deferred {
            counts[utc, default: 0] += 1
            counts[local, default: 0] += 1
        }
        deferred = []
    }

    /// The UTC key and the local key.
    private func keys(
        profile: Int32, takenAt: ZonedInstant, systolic: Int?, diastolic: Int?, pulse: Int?, weightGrams: Int?
    ) -> (utc: Key, local: Key) {
        (
            Key(
                profile: profile, minute: floorDivide(takenAt.utcSeconds, 60), local: false, systolic: systolic,
                diastolic: diastolic, pulse: pulse, weightGrams: weightGrams),
            Key(
                profile: profile, minute: floorDivide(takenAt.localSeconds, 60), local: true, systolic: systolic,
                diastolic: diastolic, pulse: pulse, weightGrams: weightGrams)
        )
    }

    private mutating func keys(_ reading: Reading) -> (utc: Key, local: Key) {
        keys(
            profile: number(of: reading.profileID), takenAt: reading.takenAt, systolic: reading.systolic,
            diastolic: reading.diastolic, pulse: reading.pulse, weightGrams: reading.weightGrams)
    }

    /// True when a reading with the same profile, values and UTC minute is known, or, with
    /// `localTime`, one with the same local wall-clock minute.
    func contains(_ reading: Reading, localTime: Bool) -> Bool {
        guard let profile = profileNumbers[reading.profileID] else { return false }
        let keys = keys(
            profile: profile, takenAt: reading.takenAt, systolic: reading.systolic, diastolic: reading.diastolic,
            pulse: reading.pulse, weightGrams: reading.weightGrams)
        return counts[keys.utc] != nil || (localTime && counts[keys.local] != nil)
    }

    /// Counts `reading` as stored.
    mutating func add(_ reading: Reading) {
        let (utc, local) = keys(reading)
        guard indexing else {
            deferred.append((utc, local))
            return
        }
        counts[utc, default: 0] += 1
        counts[local, default: 0] += 1
    }

    /// Records that the import overwrote `stored` with `incoming` (same id).
    mutating func replace(_ stored: Reading, with incoming: Reading) {
        if !indexing { startIndexing() }
        // Only a loaded stored reading is counted; one outside the span is skipped when loaded.
        let loaded = covered[stored.profileID]?.contains(floorDivide(stored.takenAt.utcSeconds, 60)) == true
        if loaded {
            let (utc, local) = keys(stored)
            for key in [utc, local] {
                guard let count = counts[key] else { continue }
                counts[key] = count > 1 ? count - 1 : nil
            }
        }
        add(incoming)
        replacedIDs.insert(stored.id)
    }
}
