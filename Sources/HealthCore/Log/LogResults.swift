/// What adding one reading did.
public struct AddOutcome: Sendable {
    /// The reading as stored.
    public let reading: Reading
    /// The profile it was added to.
    public let profile: Profile
    /// True when the log had no profiles and the first one was created for this reading.
    public let createdProfile: Bool
    /// How many readings of the profile already had the same minute and values.
    public let identicalCount: Int

    public init(reading: Reading, profile: Profile, createdProfile: Bool, identicalCount: Int) {
        self.reading = reading
        self.profile = profile
        self.createdProfile = createdProfile
        self.identicalCount = identicalCount
    }
}

/// What `check` found.
public struct HealthCheckReport: Equatable, Sendable {
    /// Real problems: corruption, broken references, values out of range.
    public var problems: [Phrase] = []
    /// Information only, such as tag IDs without a definition.
    public var notes: [Phrase] = []

    public init() {}
}

/// A tag ID that readings carry but no definition names.
public struct UndefinedTagUsage: Equatable, Sendable {
    public let id: String
    public let count: Int

    public init(id: String, count: Int) {
        self.id = id
        self.count = count
    }
}
