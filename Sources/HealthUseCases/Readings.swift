public import HealthCore
import HealthRecords

/// The values of a reading as someone enters them; nil is "not given".
public struct ReadingEntry: Sendable {
    public var bloodPressure: BloodPressure?
    public var pulse: Int?
    public var weightGrams: Int?
    /// nil when no tags were given (an edit keeps the reading's own).
    public var tagIDs: [String]?
    public var note: String?
    /// nil for now (add) or unchanged (edit).
    public var takenAt: ZonedInstant?
    /// nil for home (add) or unchanged (edit).
    public var site: MeasurementSite?

    public init(
        bloodPressure: BloodPressure? = nil, pulse: Int? = nil, weightGrams: Int? = nil, tagIDs: [String]? = nil,
        note: String? = nil, takenAt: ZonedInstant? = nil, site: MeasurementSite? = nil
    ) {
        self.bloodPressure = bloodPressure
        self.pulse = pulse
        self.weightGrams = weightGrams
        self.tagIDs = tagIDs
        self.note = note
        self.takenAt = takenAt
        self.site = site
    }

    /// True when nothing measurable was given.
    public var hasNoMeasurement: Bool { bloodPressure == nil && pulse == nil && weightGrams == nil }

    /// True when nothing at all was given.
    public var isEmpty: Bool { hasNoMeasurement && tagIDs == nil && note == nil && takenAt == nil && site == nil }
}

/// A value of a reading that an edit can remove.
public enum ReadingField: String, CaseIterable, Sendable {
    case bp, pulse, weight, tags, note
}

/// A reading with what it takes to show it: its profile, and the tag definitions for labels.
public struct ShownReading: Sendable {
    public let reading: Reading
    public let profile: Profile
    public let tags: [StatusTag]
}

/// What adding a reading did, and the tag definitions to show it with.
public struct AddedReading: Sendable {
    public let outcome: AddOutcome
    public let tags: [StatusTag]
    /// The doses recorded with the reading (`add --took`); nil when none were named.
    public let doses: RecordedDoses?
}

/// One profile's readings that a listing asked for.
public struct Listing: Sendable {
    public let profile: Profile
    public let readings: [Reading]
    /// How many readings the profile has in all.
    public let total: Int
    /// How many readings the range and filter take, before any limit.
    public let matching: Int
    public let tags: [StatusTag]
}

/// How many readings a listing shows, would show without its limit, and the profile has in all.
public struct ListingCounts: Sendable {
    /// The readings listed.
    public let listed: Int
    /// How many readings the range and filter take, before any limit.
    public let matching: Int
    /// How many readings the profile has in all.
    public let total: Int
}

extension HealthLog {
    /// The latest `limit` readings, newest first: of the profile named with `-p`, else of every
    /// profile (what a shell completes for `show`, `edit` and `delete`).
    public func latestReadings(limit: Int) throws(HealthLogError) -> [Reading] {
        let named = settings.namedProfile
        return try read { store in Array(try store.readings(matching: ReadingQuery(profileID: named, limit: limit)).reversed()) }
    }

    /// The profile new readings go to in an empty log.
    public static let firstProfile = Profile(id: "me", name: "me")

    /// Adds a reading for the session's profile, taken now unless the entry says when. In a log
    /// with no profiles, ``firstProfile`` is created for it in the same transaction. The
    /// medicines in `took` are recorded as taken at the reading's time, in that transaction too
    /// (see ``recordDoses(_:at:)``): a name not in the regimen writes nothing, the reading neither.
    public func add(_ entry: ReadingEntry, took: [String] = []) throws(HealthLogError) -> AddedReading {
        let reading = Reading(
            profileID: "", takenAt: entry.takenAt ?? now, bloodPressure: entry.bloodPressure, pulse: entry.pulse,
            weightGrams: entry.weightGrams, tagIDs: entry.tagIDs ?? [], note: entry.note ?? "", site: entry.site ?? .home)
        let choice = settings.profile
        let catalogue = took.isEmpty ? nil : try medicineCatalogue()
        return try change { store in
            var reading = reading
            reading.tagIDs = try store.tags().ids(named: reading.tagIDs)
            let outcome = try store.add(reading, for: choice, creatingFirst: HealthLog.firstProfile)
            let doses = try catalogue.map { catalogue in
                try HealthLog.recordDoses(took, at: outcome.reading.takenAt, profile: outcome.profile, store: store, catalogue: catalogue)
            }
            return AddedReading(outcome: outcome, tags: try store.tags(), doses: doses)
        }
    }

    /// Changes the reading whose id is `id` (or starts with it): `clear` removes values, then
    /// the entry's values replace the reading's.
    /// `profileID` moves the reading to another profile (a reading filed under the first
    /// profile `me` before the family's profiles were made).
    public func edit(
        _ id: String, with entry: ReadingEntry, clearing clear: Set<ReadingField> = [], movingTo profileID: String? = nil
    ) throws(HealthLogError) -> ShownReading {
        try change { store in
            var reading = try store.reading(idPrefix: id)
            try requireNamedProfile(owns: reading.profileID, Phrase("reading {id}", ["id": id]))
            if let profileID { reading.profileID = try store.requireProfile(id: profileID).id }
            if clear.contains(.bp) { reading.bloodPressure = nil }
            if clear.contains(.pulse) { reading.pulse = nil }
            if clear.contains(.weight) { reading.weightGrams = nil }
            if clear.contains(.tags) { reading.tagIDs = [] }
            if clear.contains(.note) { reading.note = "" }
            if let value = entry.bloodPressure { reading.bloodPressure = value }
            if let value = entry.pulse { reading.pulse = value }
            if let value = entry.weightGrams { reading.weightGrams = value }
            if let value = entry.tagIDs { reading.tagIDs = try store.tags().ids(named: value) }
            if let value = entry.note { reading.note = value }
            if let value = entry.takenAt { reading.takenAt = value }
            if let value = entry.site { reading.site = value }
            try store.update(reading)
            return ShownReading(
                reading: try store.reading(idPrefix: reading.id), profile: try store.requireProfile(id: reading.profileID),
                tags: try store.tags())
        }
    }

    /// The reading whose id is `id` or starts with it (at least 6 characters).
    public func reading(_ id: String) throws(HealthLogError) -> ShownReading {
        let shown = try read { store in
            let reading = try store.reading(idPrefix: id)
            return ShownReading(reading: reading, profile: try store.requireProfile(id: reading.profileID), tags: try store.tags())
        }
        try requireNamedProfile(owns: shown.reading.profileID, Phrase("reading {id}", ["id": String(shown.reading.id.prefix(8))]))
        return shown
    }

    /// The readings `ids` name (full ids or prefixes), each once: every id is resolved first, so
    /// one bad id deletes nothing. Pass them to ``delete(_:)``.
    public func readings(ids: [String]) throws(HealthLogError) -> [Reading] {
        let readings = try read { store in try ids.map { try store.reading(idPrefix: $0) } }
        for reading in readings { try requireNamedProfile(owns: reading.profileID, Phrase("reading {id}", ["id": String(reading.id.prefix(8))])) }
        var seen = Set<String>()
        return readings.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }

    /// Deletes readings; returns how many were still there to delete.
    @discardableResult
    public func delete(_ readings: [Reading]) throws(HealthLogError) -> Int {
        try change { try $0.delete(ids: readings.map(\.id)) }
    }

    /// The profile ``forEachListed(_:filter:limit:stopped:_:)`` lists, once its filter's tags
    /// are known: called first, a listing that cannot be made fails before anything is written.
    public func listedProfile(filter: ReadingFilter = ReadingFilter()) throws(HealthLogError) -> Profile {
        try read { store in
            let profile = try chosenProfile(in: store)
            try requireKnownTags(in: filter, store: store)
            return profile
        }
    }

    /// The readings ``listing(_:filter:limit:)`` lists, handed to `body` one at a time, oldest
    /// first, from one snapshot of the log: a listing of any size in flat memory. Reading stops,
    /// and this throws, once `stopped` turns true (the output failed).
    public func forEachListed(
        _ range: DateRange, filter: ReadingFilter = ReadingFilter(), limit: Int? = nil, stopped: () -> Bool = { false },
        _ body: (Reading) -> Void
    ) throws(HealthLogError) {
        try read { store in
            let profile = try chosenProfile(in: store)
            try requireKnownTags(in: filter, store: store)
            let query = filter.applied(to: ReadingQuery(profileID: profile.id, from: range.from, to: range.queryTo, limit: limit))
            try store.forEachReading(matching: query) { reading in
                guard !stopped() else { throw ListingStopped() }
                body(reading)
            }
        }
    }

    /// The readings ``listing(_:filter:limit:)`` lists, walked twice in one snapshot of the log,
    /// for a table that must know every row before its first: each goes to the closure `survey`
    /// makes for the profile and its tags, then, once `rows` has the counts, to the closure it
    /// returns (none: nothing is listed). A table of any size in flat memory. Reading stops,
    /// and this throws, once `stopped` turns true (the output failed).
    public func forEachListedTwice(
        _ range: DateRange, filter: ReadingFilter = ReadingFilter(), limit: Int? = nil, stopped: () -> Bool = { false },
        survey: (Profile, [StatusTag]) -> (Reading) -> Void, rows: (ListingCounts) -> ((Reading) -> Void)?
    ) throws(HealthLogError) {
        try read { store in
            let profile = try chosenProfile(in: store)
            try requireKnownTags(in: filter, store: store)
            let query = filter.applied(to: ReadingQuery(profileID: profile.id, from: range.from, to: range.queryTo, limit: limit))
            let count = survey(profile, try store.tags())
            var listed = 0
            try store.forEachReading(matching: query) { reading in
                listed += 1
                count(reading)
            }
            // Only a listing cut by its limit can match more than it shows.
            let matching = limit != nil && listed == limit ? try store.readingCount(matching: query) : listed
            let counts = ListingCounts(listed: listed, matching: matching, total: try store.readingCount(profileID: profile.id))
            guard let row = rows(counts), listed > 0 else { return }
            try store.forEachReading(matching: query) { reading in
                guard !stopped() else { throw ListingStopped() }
                row(reading)
            }
        }
    }

    /// The session profile's readings in `range` that `filter` keeps, at most the latest `limit`.
    public func listing(_ range: DateRange, filter: ReadingFilter = ReadingFilter(), limit: Int? = nil) throws(HealthLogError) -> Listing {
        try read { store in
            let profile = try chosenProfile(in: store)
            try requireKnownTags(in: filter, store: store)
            let query = filter.applied(to: ReadingQuery(profileID: profile.id, from: range.from, to: range.queryTo, limit: limit))
            let readings = try store.readings(matching: query)
            // Only a listing cut by its limit can match more than it shows.
            let matching = limit != nil && readings.count == limit ? try store.readingCount(matching: query) : readings.count
            return Listing(
                profile: profile, readings: readings, total: try store.readingCount(profileID: profile.id), matching: matching,
                tags: try store.tags())
        }
    }
}

/// Stops streaming a listing once its output failed.
private struct ListingStopped: Error {}
