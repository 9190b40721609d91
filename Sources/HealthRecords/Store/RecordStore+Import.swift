/// What an import did, or with `dryRun` would do.
public struct ImportSummary: Equatable, Sendable {
    /// Readings written.
    public var added = 0
    /// Readings skipped because the log already had them (same id, or same
    /// profile, minute and values).
    public var duplicates = 0
    /// Profiles created because a reading named one that did not exist.
    public var createdProfiles: [String] = []
    /// Tag IDs on imported readings that have no definition; kept as they are.
    public var undefinedTags: [String] = []

    public init() {}
}

extension RecordStore {
    /// Imports readings in one transaction: all of them or, when anything fails, none.
    ///
    /// Duplicates are counted and skipped, so importing the same data twice adds
    /// nothing. Missing profiles are created; undefined tag IDs are kept and
    /// listed. With `dryRun` the transaction is rolled back after counting.
    public func importReadings(_ readings: [Reading], dryRun: Bool = false) throws(RecordsError) -> ImportSummary {
        for reading in readings { try reading.validate() }
        let now = clock()
        var summary = ImportSummary()
        try mapErrors {
            do {
                try database.write {
                    try importInTransaction(readings, now: now, summary: &summary)
                    if dryRun { throw DryRunRollback() }
                }
            } catch is DryRunRollback {
                // Rolled back on purpose; the counts stand.
            }
        }
        return summary
    }

    private struct DryRunRollback: Error {}

    private func importInTransaction(_ readings: [Reading], now: Int64, summary: inout ImportSummary) throws {
        let definedTags = Set(try tags().map(\.id))
        var knownProfiles = Set(try profiles().map(\.id))
        var undefined = Set<String>()
        let sameValues = try database.cachedStatement(
            """
            SELECT 1 FROM readings WHERE profile_id = ? AND taken_at BETWEEN ? AND ?
                AND systolic IS ? AND diastolic IS ? AND pulse IS ? AND weight_g IS ? LIMIT 1
            """)
        for reading in readings {
            let minute = floorDivide(reading.takenAt.utcSeconds, 60) * 60
            // A duplicate id is caught by the insert itself (ON CONFLICT DO NOTHING).
            let isDuplicate =
                try sameValues.scalarInt([
                    .text(reading.profileID), .integer(minute), .integer(minute + 59),
                    reading.systolic.map { .integer(Int64($0)) } ?? .null,
                    reading.diastolic.map { .integer(Int64($0)) } ?? .null,
                    reading.pulse.map { .integer(Int64($0)) } ?? .null,
                    reading.weightGrams.map { .integer(Int64($0)) } ?? .null,
                ]) != nil
            if isDuplicate {
                summary.duplicates += 1
                continue
            }
            if !knownProfiles.contains(reading.profileID) {
                try insertProfile(Profile(id: reading.profileID), now: now)
                knownProfiles.insert(reading.profileID)
                summary.createdProfiles.append(reading.profileID)
            }
            guard try insert(reading, now: now) else {
                summary.duplicates += 1
                continue
            }
            for tag in reading.tagIDs where !definedTags.contains(tag) { undefined.insert(tag) }
            summary.added += 1
        }
        summary.undefinedTags = undefined.sorted()
    }
}
