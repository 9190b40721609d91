/// How an incoming reading is matched against the log, so that importing a file twice adds
/// nothing, and nothing real is ever taken for a duplicate.
public enum DuplicateRule: UInt8, Sendable {
    /// A record that carries HealthLog's own id (its CSV, JSON backup or FHIR): matched by id
    /// and by id only. Two readings with the same minute and values are two real readings.
    case sameID
    /// A device export whose times carry their UTC offset (Apple Health): the same id, or the
    /// same profile, minute and values.
    case sameValues
    /// A device export whose times name no offset (Omron, Withings, the bp-monitor app): as
    /// ``sameValues``, or the same local wall-clock minute and values, so importing the file
    /// again with another `--tz` adds nothing.
    case sameValuesOrLocalTime
}

/// One reading on its way into the log, with the rule that finds its duplicates.
public struct IncomingReading: Sendable {
    public var reading: Reading
    public var rule: DuplicateRule
    /// True when an earlier reading of the same file has this one's profile, minute and values
    /// but another note, tags or site: two readings, so only a reading identical in every field
    /// is this one's duplicate (not one that merely shares its minute and values).
    public var sharesItsMinute: Bool

    public init(_ reading: Reading, rule: DuplicateRule, sharesItsMinute: Bool = false) {
        self.reading = reading
        self.rule = rule
        self.sharesItsMinute = sharesItsMinute
    }
}

/// Part of an import: profiles, tag definitions and events a file carries, and readings. Its values are
/// checked when it is made, so a batch checked on a decoding thread is not checked again while
/// the log is locked for writing.
public struct ImportBatch: Sendable {
    public let profiles: [Profile]
    public let tags: [StatusTag]
    public let readings: [IncomingReading]
    /// Events such as a new medication; matched by id, like backed-up readings.
    public let events: [Event]

    /// Checks every profile, tag, reading and event; the first invalid one is the error.
    public init(
        profiles: [Profile] = [], tags: [StatusTag] = [], readings: [IncomingReading] = [], events: [Event] = []
    ) throws(ValidationError) {
        for profile in profiles { try profile.validate() }
        for tag in tags { try tag.validate() }
        for incoming in readings { try incoming.reading.validate() }
        for event in events { try event.validate() }
        self.profiles = profiles
        self.tags = tags
        self.readings = readings
        self.events = events
    }

    /// True when the batch holds nothing.
    public var isEmpty: Bool { profiles.isEmpty && tags.isEmpty && readings.isEmpty && events.isEmpty }
}

/// What an import did, or with `dryRun` would do.
public struct ImportSummary: Equatable, Sendable {
    /// Readings written.
    public var added = 0
    /// Readings skipped because the log already had them (by their rule).
    public var duplicates = 0
    /// Profiles created: named by the file, or by a reading whose profile did not exist.
    public var createdProfiles: [String] = []
    /// Tag IDs on imported readings that have no definition; kept as they are.
    public var undefinedTags: [String] = []
    /// Tag definitions created from the imported data (a JSON backup carries them).
    public var createdTags: [String] = []
    /// Built-in definitions this log had never changed, updated to the backup's version.
    public var updatedTags: [String] = []
    /// Readings replaced by a newer version with the same id (merging a backup).
    public var updated = 0
    /// One line per reading or event whose id matched a different version, saying which one was kept.
    public var conflicts: [Phrase] = []
    /// Readings the log deleted since the file was made: not brought back.
    public var deletedSince = 0
    /// Events written.
    public var eventsAdded = 0
    /// Events the log already had, or whose stored version was kept.
    public var eventDuplicates = 0
    /// Events replaced by a newer version with the same id.
    public var eventsUpdated = 0
    /// Events the log deleted since the file was made: not brought back.
    public var eventsDeletedSince = 0

    public init() {}
}
