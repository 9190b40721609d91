public import HealthCore
public import HealthRecords

/// What a file holds, decoded and checked, ready for ``RecordStore/importReadings(_:profiles:tags:dryRun:mergeNewer:)``.
public struct DecodedImport: Sendable {
    public var readings: [Reading] = []
    /// Profiles the file defines (a JSON backup or FHIR Patients).
    public var profiles: [Profile] = []
    /// Tag definitions the file carries (a JSON backup).
    public var tags: [StatusTag] = []
    /// `FILE:LINE: reason` for every record that could not be read.
    public var problems: [String] = []
    /// Records left out on purpose, by kind ("step count: 1,204"); not errors.
    public var skipped: [String: Int] = [:]
    /// True for formats whose same-id readings merge (newer `updatedAt` wins).
    public var mergesByID = false

    public init() {}

    /// The total of ``skipped``.
    public var skippedCount: Int { skipped.values.reduce(0, +) }
}

/// Where and how a file is being read.
public struct ImportSettings: Sendable {
    public let path: String
    /// The profile readings belong to, for formats that carry none (and to override).
    public let profileID: String?
    /// The zone for times written without an offset.
    public let zone: any TimeZoneRule
    /// Milliseconds since 1970; stamped as created/updated on new readings.
    public let now: Int64
    /// Told (bytes read, total) as a streamed file is read, for a progress bar.
    public let progress: (@Sendable (Int64, Int64) -> Void)?

    public init(
        path: String, profileID: String?, zone: any TimeZoneRule, now: Int64,
        progress: (@Sendable (Int64, Int64) -> Void)? = nil
    ) {
        self.path = path
        self.profileID = profileID
        self.zone = zone
        self.now = now
        self.progress = progress
    }
}
