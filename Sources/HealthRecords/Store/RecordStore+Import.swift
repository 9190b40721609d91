public import HealthCore

extension RecordStore {
    /// Imports readings in one transaction: all of them or, when anything fails, none.
    ///
    /// Duplicates are found by `rule` (see ``DuplicateRule``), counted and skipped, so
    /// importing the same data twice adds nothing. Missing profiles are created; undefined tag
    /// IDs are kept and listed. With `dryRun` the transaction is rolled back after counting.
    ///
    /// With `mergeNewer`, a reading whose id is already stored but differs is a conflict:
    /// the version with the newer `updatedAt` wins, and each conflict is listed. `profiles`
    /// and `tags` (from a full backup) are created when missing; existing ones are kept.
    public func importReadings(
        _ readings: [Reading], matching rule: DuplicateRule, profiles: [Profile] = [], tags: [StatusTag] = [],
        dryRun: Bool = false, mergeNewer: Bool = false
    ) throws(RecordsError) -> ImportSummary {
        var pending: ImportBatch?
        do {
            pending = try ImportBatch(profiles: profiles, tags: tags, readings: readings.map { IncomingReading($0, rule: rule) })
        } catch {
            throw .invalid(error.phrase)
        }
        do {
            return try importBatches(
                {
                    defer { pending = nil }
                    return pending
                }, dryRun: dryRun, mergeNewer: mergeNewer)
        } catch let error as RecordsError {
            throw error
        } catch {
            throw .failure(Phrase(verbatim: "\(error)"), kind: .other)  // unreachable: the batches above never throw
        }
    }

    /// Imports batches in one transaction, as ``importReadings(_:matching:profiles:tags:dryRun:mergeNewer:)``
    /// does. Profiles and tags may arrive in any batch, before or after the readings that use them.
    ///
    /// `nextBatch` is called inside the transaction until it returns nil, so a caller can
    /// decode (and validate) a file on another thread while its first readings are being
    /// written. When `nextBatch` throws, everything is rolled back and its error is rethrown
    /// unchanged; the store's own failures are ``RecordsError``s.
    public func importBatches(
        _ nextBatch: () throws -> ImportBatch?, dryRun: Bool = false, mergeNewer: Bool = false
    ) throws -> ImportSummary {
        let now = clock()
        var summary = ImportSummary()
        // An error from `nextBatch` rolls back like any other, then comes out as it went in.
        var sourceError: (any Error)?
        func next() throws -> ImportBatch? {
            do {
                return try nextBatch()
            } catch {
                sourceError = error
                throw error
            }
        }
        do {
            try mapErrors {
                do {
                    // The log is locked only from the first batch on: a format read whole before
                    // its readings are handed over (Apple Health) keeps others waiting only while it writes.
                    var pending = try next()
                    try transaction {
                        var importer = try BatchImporter(store: self, now: now, mergeNewer: mergeNewer)
                        while let batch = pending {
                            try importer.add(batch, summary: &summary)
                            try deliverChanges()
                            pending = try next()
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

/// Writes an import's batches inside its transaction.
private struct BatchImporter {
    let store: RecordStore
    let now: Int64
    let mergeNewer: Bool
    var definedTags: Set<String>
    /// Every tag id with a stored definition, removed ones included.
    var knownTags: Set<String>
    var knownProfiles: Set<String>
    /// Profiles this import created only because a reading named them; a later definition in
    /// the file (a backup's `profiles` after its readings) fills them in.
    var bareProfiles = Set<String>()
    var birthYears: [String: Int] = [:]
    var undefinedTags = Set<String>()
    var stored: DuplicateIndex
    let insertion: Statement
    /// The ids of readings and events deleted from the log: an older backup does not bring them back.
    let deletedReadings: Set<String>
    let deletedEvents: Set<String>

    init(store: RecordStore, now: Int64, mergeNewer: Bool) throws {
        self.store = store
        self.now = now
        self.mergeNewer = mergeNewer
        definedTags = Set(try store.tags().map(\.id))
        knownTags = Set(try store.tags(includingRemoved: true).map(\.id))
        let profiles = try store.profiles()
        knownProfiles = Set(profiles.map(\.id))
        for profile in profiles { birthYears[profile.id] = profile.birthYear }
        stored = try DuplicateIndex(database: store.database)
        insertion = try store.insertStatement()
        deletedReadings = try store.deletedIDs(.reading)
        deletedEvents = try store.deletedIDs(.event)
    }

    mutating func add(_ batch: ImportBatch, summary: inout ImportSummary) throws {
        for profile in batch.profiles {
            if !knownProfiles.contains(profile.id) {
                try store.insertProfile(profile, now: now)
                knownProfiles.insert(profile.id)
                summary.createdProfiles.append(profile.id)
            } else if bareProfiles.remove(profile.id) != nil {
                try store.replaceProfile(profile)
            }
            birthYears[profile.id] = profile.birthYear ?? birthYears[profile.id]
        }
        for tag in batch.tags {
            if tag.removed {
                // A definition the file's log had removed: remembered, for its deviation flag.
                if !knownTags.contains(tag.id) {
                    try store.define(tag, now: now)
                    knownTags.insert(tag.id)
                }
                continue
            }
            guard definedTags.contains(tag.id) else {
                try store.define(tag, now: now)
                definedTags.insert(tag.id)
                knownTags.insert(tag.id)
                undefinedTags.remove(tag.id)
                summary.createdTags.append(tag.id)
                continue
            }
            // A built-in definition this log never changed takes the backup's version: restoring
            // into a new log keeps the labels and deviation flags that were set. Definitions the
            // log has changed itself are kept.
            if let builtIn = StatusTag.builtIns.first(where: { $0.id == tag.id }), let stored = try store.tag(id: tag.id),
                stored.sameDefinition(as: builtIn), !tag.sameDefinition(as: builtIn)
            {
                try store.replaceTag(tag, now: now)
                summary.updatedTags.append(tag.id)
            }
        }
        try stored.cover(batch.readings)
        for incoming in batch.readings {
            let reading = incoming.reading
            // The one plausibility rule; importers check it with the line in hand, this is the last guard.
            try RecordsError.checking(reading.checkTime(now: now / 1000, birthYear: birthYears[reading.profileID]))
            let localTime = incoming.rule == .sameValuesOrLocalTime
            let duplicate =
                incoming.rule == .sameID ? false
                : incoming.sharesItsMinute ? try store.identicalInEveryFieldCount(to: reading, localTime: localTime) > 0
                : stored.contains(reading, localTime: localTime)
            if duplicate {
                summary.duplicates += 1
                continue
            }
            if !deletedReadings.isEmpty, deletedReadings.contains(reading.id.asciiLowercased()) {
                summary.deletedSince += 1
                continue
            }
            try ensureProfile(reading.profileID, summary: &summary)
            // The insert finds a stored id itself (ON CONFLICT DO NOTHING): no query per row.
            guard try store.insert(reading, now: now, using: insertion) else {
                // The same id: the same reading, or (merging a backup) another version of it.
                if try !store.merge(reading, index: &stored, summary: &summary, keepNewer: mergeNewer) {
                    summary.duplicates += 1
                }
                continue
            }
            stored.add(reading)
            for tag in reading.tagIDs where !definedTags.contains(tag) { undefinedTags.insert(tag) }
            summary.added += 1
        }
        for event in batch.events { try add(event, summary: &summary) }
    }

    /// A bare profile for `id` when the log has none yet (a file may name a person the log does
    /// not know), counted as created.
    private mutating func ensureProfile(_ id: String, summary: inout ImportSummary) throws {
        guard !knownProfiles.contains(id) else { return }
        try store.insertProfile(Profile(id: id), now: now)
        knownProfiles.insert(id)
        bareProfiles.insert(id)
        summary.createdProfiles.append(id)
    }

    /// Writes one event: new ids are added (creating a bare profile when needed); a stored id
    /// with other content is a conflict, resolved by `updatedAt` when merging.
    private mutating func add(_ event: Event, summary: inout ImportSummary) throws {
        if deletedEvents.contains(event.id.asciiLowercased()) {
            summary.eventsDeletedSince += 1
            return
        }
        try ensureProfile(event.profileID, summary: &summary)
        if try store.insertEvent(event, now: now) {
            summary.eventsAdded += 1
            return
        }
        let stored = try store.event(idPrefix: event.id)
        let same = stored.profileID == event.profileID && stored.at == event.at
            && stored.at.offsetMinutes == event.at.offsetMinutes && stored.kind == event.kind && stored.text == event.text
            && stored.medicine == event.medicine
        let short = String(event.id.prefix(8))
        if same {
            summary.eventDuplicates += 1
        } else if mergeNewer && event.updatedAt > stored.updatedAt && event.updatedAt <= now + RecordStore.futureStampAllowance {
            try store.replaceEvent(with: event)
            summary.eventsUpdated += 1
            summary.conflicts.append(Phrase("event {id}: the imported version is newer and replaced the stored one", ["id": short]))
        } else {
            summary.eventDuplicates += 1
            if !mergeNewer {
                summary.conflicts.append(Phrase("event {id}: the file's version differs from the stored one, which was kept", ["id": short]))
            } else if event.updatedAt == stored.updatedAt {
                summary.conflicts.append(Phrase("event {id}: the two versions were changed at the same time; the stored one was kept", ["id": short]))
            } else {
                summary.conflicts.append(Phrase("event {id}: the stored version is newer and was kept", ["id": short]))
            }
        }
    }
}

extension RecordStore {
    /// How far ahead of this machine's clock a version's `updatedAt` may be and still win a
    /// merge: a day (zones and slow clocks), never a year.
    static let futureStampAllowance: Int64 = 86_400_000

    /// Resolves an incoming reading whose id is stored already. Returns false when the two are
    /// the same (a plain duplicate). Otherwise it is a conflict, recorded: with `keepNewer`
    /// (merging a backup) the newer version wins; without, the stored one is kept.
    fileprivate func merge(
        _ incoming: Reading, index: inout DuplicateIndex, summary: inout ImportSummary, keepNewer: Bool
    ) throws -> Bool {
        let stored = try reading(idPrefix: incoming.id)
        guard !stored.hasSameContent(as: incoming) else { return false }
        let short = String(incoming.id.prefix(8))
        guard keepNewer else {
            summary.duplicates += 1
            summary.conflicts.append(Phrase("reading {id}: the file's version differs from the stored one, which was kept", ["id": short]))
            return true
        }
        if incoming.updatedAt > clock() + RecordStore.futureStampAllowance {
            // A clock that ran ahead must not win every later merge.
            summary.duplicates += 1
            summary.conflicts.append(
                Phrase(
                    "reading {id}: the file's version was changed in the future ({time}); the stored one was kept",
                    ["id": short, "time": ZonedInstant(utcSeconds: incoming.updatedAt / 1000, offsetMinutes: 0).iso8601]))
        } else if incoming.updatedAt > stored.updatedAt {
            try replace(stored, with: incoming)
            index.replace(stored, with: incoming)
            summary.updated += 1
            summary.conflicts.append(Phrase("reading {id}: the imported version is newer and replaced the stored one", ["id": short]))
        } else {
            summary.duplicates += 1
            summary.conflicts.append(
                incoming.updatedAt == stored.updatedAt
                    ? Phrase("reading {id}: the two versions were changed at the same time; the stored one was kept", ["id": short])
                    : Phrase("reading {id}: the stored version is newer and was kept", ["id": short]))
        }
        return true
    }
}

extension Reading {
    /// True when everything but the timestamps is equal.
    func hasSameContent(as other: Reading) -> Bool {
        profileID == other.profileID && takenAt == other.takenAt && takenAt.offsetMinutes == other.takenAt.offsetMinutes
            && bloodPressure == other.bloodPressure && pulse == other.pulse && weightGrams == other.weightGrams
            && tagIDs == other.tagIDs && note == other.note && site == other.site
    }
}
