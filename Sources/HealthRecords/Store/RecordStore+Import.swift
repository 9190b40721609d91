public import HealthCore

/// Readings that have passed ``Reading/validate()``: what a batched import takes, so a batch
/// checked on a decoding thread is not checked again while the log is locked for writing.
public struct ValidatedReadings: Sendable {
    public let readings: [Reading]

    /// Validates every reading; the first invalid one is the error.
    public init(_ readings: [Reading]) throws(RecordsError) {
        for reading in readings { try RecordsError.checking(reading.validate()) }
        self.readings = readings
    }
}

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
        var pending: ValidatedReadings? = try ValidatedReadings(readings)
        do {
            return try importReadings(
                batches: {
                    defer { pending = nil }
                    return pending
                }, profiles: profiles, tags: tags, dryRun: dryRun, mergeNewer: mergeNewer)
        } catch let error as RecordsError {
            throw error
        } catch {
            throw .storage("\(error)")  // unreachable: the batches above never throw
        }
    }

    /// Imports readings handed over in batches, in one transaction, as
    /// ``importReadings(_:profiles:tags:dryRun:mergeNewer:)`` does.
    ///
    /// `nextBatch` is called inside the transaction until it returns nil, so a caller can
    /// decode (and validate) a file on another thread while its first readings are being
    /// written. When `nextBatch` throws, everything is rolled back and its error is rethrown
    /// unchanged; the store's own failures are ``RecordsError``s.
    public func importReadings(
        batches nextBatch: () throws -> ValidatedReadings?, profiles: [Profile] = [], tags: [StatusTag] = [],
        dryRun: Bool = false, mergeNewer: Bool = false
    ) throws -> ImportSummary {
        for profile in profiles { try RecordsError.checking(profile.validate()) }
        for tag in tags { try RecordsError.checking(tag.validate()) }
        let now = clock()
        var summary = ImportSummary()
        // An error from `nextBatch` rolls back like any other, then comes out as it went in.
        var sourceError: (any Error)?
        do {
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
                        var importer = try BatchImporter(store: self, now: now, mergeNewer: mergeNewer)
                        while true {
                            let batch: ValidatedReadings?
                            do {
                                batch = try nextBatch()
                            } catch {
                                sourceError = error
                                throw error
                            }
                            guard let batch else { break }
                            try importer.add(batch.readings, summary: &summary)
                        }
                        summary.undefinedTags = importer.undefinedTags.sorted()
                        if dryRun { throw DryRunRollback() }
                    }
                } catch is DryRunRollback {
                    // Rolled back on purpose; the counts stand.
                }
            }
        } catch {
            throw sourceError ?? error
        }
        return summary
    }

    private struct DryRunRollback: Error {}
}

/// Writes an import's readings, batch by batch, inside its transaction.
private struct BatchImporter {
    let store: RecordStore
    let now: Int64
    let mergeNewer: Bool
    let definedTags: Set<String>
    var knownProfiles: Set<String>
    var undefinedTags = Set<String>()
    var stored: DuplicateIndex
    let sameID: Statement
    let insertion: Statement

    init(store: RecordStore, now: Int64, mergeNewer: Bool) throws {
        self.store = store
        self.now = now
        self.mergeNewer = mergeNewer
        definedTags = Set(try store.tags().map(\.id))
        knownProfiles = Set(try store.profiles().map(\.id))
        stored = try DuplicateIndex(database: store.database)
        sameID = try store.database.cachedStatement("SELECT 1 FROM readings WHERE id = ?")
        insertion = try store.insertStatement()
    }

    mutating func add(_ readings: [Reading], summary: inout ImportSummary) throws {
        try stored.cover(readings)
        for reading in readings {
            guard stored.add(reading) else {
                // A backup's edited reading keeps its id: merge it rather than drop the edit.
                if mergeNewer, try sameID.scalarInt([.text(reading.id.asciiLowercased())]) != nil,
                    try store.merge(reading, index: &stored, summary: &summary)
                {
                    continue
                }
                summary.duplicates += 1
                continue
            }
            if !knownProfiles.contains(reading.profileID) {
                try store.insertProfile(Profile(id: reading.profileID), now: now)
                knownProfiles.insert(reading.profileID)
                summary.createdProfiles.append(reading.profileID)
            }
            // A stored id is caught by the insert itself (ON CONFLICT DO NOTHING).
            guard try store.insert(reading, now: now, using: insertion) else {
                stored.remove(reading)
                if mergeNewer, try store.merge(reading, index: &stored, summary: &summary) { continue }
                summary.duplicates += 1
                continue
            }
            for tag in reading.tagIDs where !definedTags.contains(tag) { undefinedTags.insert(tag) }
            summary.added += 1
        }
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
            index.replace(stored, with: incoming)
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
