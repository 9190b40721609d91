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
    /// Tag definitions created from the imported data (a JSON backup carries them).
    public var createdTags: [String] = []
    /// Readings replaced by a newer version with the same id (merging a backup).
    public var updated = 0
    /// One line per reading whose id matched a different version, saying which one was kept.
    public var conflicts: [String] = []

    public init() {}
}

extension RecordStore {
    /// Imports readings in one transaction: all of them or, when anything fails, none.
    ///
    /// Duplicates are counted and skipped, so importing the same data twice adds
    /// nothing. Missing profiles are created; undefined tag IDs are kept and
    /// listed. With `dryRun` the transaction is rolled back after counting.
    ///
    /// With `mergeNewer`, a reading whose id is already stored but differs is a conflict:
    /// the version with the newer `updatedAt` wins, and each conflict is listed. `profiles`
    /// and `tags` (from a full backup) are created when missing; existing ones are kept.
    public func importReadings(
        _ readings: [Reading], profiles: [Profile] = [], tags: [StatusTag] = [], dryRun: Bool = false,
        mergeNewer: Bool = false
    ) throws(RecordsError) -> ImportSummary {
        for reading in readings { try reading.validate() }
        for profile in profiles { try profile.validate() }
        for tag in tags { try tag.validate() }
        let now = clock()
        var summary = ImportSummary()
        try mapErrors {
            do {
                try database.write {
                    for profile in profiles where try self.profile(id: profile.id) == nil {
                        try insertProfile(profile, now: now)
                        summary.createdProfiles.append(profile.id)
                    }
                    let known = Set(try self.tags().map(\.id))
                    for tag in tags where !known.contains(tag.id) {
                        try RecordStore.insertTag(tag, into: database, now: now)
                        summary.createdTags.append(tag.id)
                    }
                    try importInTransaction(readings, now: now, mergeNewer: mergeNewer, summary: &summary)
                    if dryRun { throw DryRunRollback() }
                }
            } catch is DryRunRollback {
                // Rolled back on purpose; the counts stand.
            }
        }
        return summary
    }

    private struct DryRunRollback: Error {}

    private func importInTransaction(_ readings: [Reading], now: Int64, mergeNewer: Bool, summary: inout ImportSummary) throws {
        let definedTags = Set(try tags().map(\.id))
        var knownProfiles = Set(try profiles().map(\.id))
        var undefined = Set<String>()
        var stored = try DuplicateIndex(covering: readings, in: database)
        let sameID = try database.cachedStatement("SELECT 1 FROM readings WHERE id = ?")
        let insertion = try insertStatement()
        for reading in readings {
            if stored.containsMatch(for: reading) {
                // A backup's edited reading keeps its id: merge it rather than drop the edit.
                if mergeNewer, try sameID.scalarInt([.text(reading.id.asciiLowercased())]) != nil,
                    try merge(reading, index: &stored, summary: &summary)
                {
                    continue
                }
                summary.duplicates += 1
                continue
            }
            if !knownProfiles.contains(reading.profileID) {
                try insertProfile(Profile(id: reading.profileID), now: now)
                knownProfiles.insert(reading.profileID)
                summary.createdProfiles.append(reading.profileID)
            }
            // A stored id is caught by the insert itself (ON CONFLICT DO NOTHING).
            guard try insert(reading, now: now, using: insertion) else {
                if mergeNewer, try merge(reading, index: &stored, summary: &summary) { continue }
                summary.duplicates += 1
                continue
            }
            stored.insert(reading)
            for tag in reading.tagIDs where !definedTags.contains(tag) { undefined.insert(tag) }
            summary.added += 1
        }
        summary.undefinedTags = undefined.sorted()
    }
}

extension RecordStore {
    /// Resolves an incoming reading whose id is stored already. Returns false when the two are
    /// the same (a plain duplicate); otherwise keeps the newer and records the conflict.
    fileprivate func merge(_ incoming: Reading, index: inout DuplicateIndex, summary: inout ImportSummary) throws -> Bool {
        let stored = try reading(idPrefix: incoming.id)
        guard !stored.hasSameContent(as: incoming) else { return false }
        let short = String(incoming.id.prefix(8))
        if incoming.updatedAt > stored.updatedAt {
            try replace(stored, with: incoming)
            index.remove(stored)
            index.insert(incoming)
            summary.updated += 1
            summary.conflicts.append("reading \(short): the imported version is newer and replaced the stored one")
        } else {
            summary.duplicates += 1
            summary.conflicts.append("reading \(short): the stored version is newer and was kept")
        }
        return true
    }
}

extension Reading {
    /// True when everything but the timestamps is equal.
    func hasSameContent(as other: Reading) -> Bool {
        profileID == other.profileID && takenAt == other.takenAt && takenAt.offsetMinutes == other.takenAt.offsetMinutes
            && bloodPressure == other.bloodPressure && pulse == other.pulse && weightGrams == other.weightGrams
            && tagIDs == other.tagIDs && note == other.note
    }
}
