/// What kind of change an event records.
public enum EventKind: String, CaseIterable, Sendable {
    /// A medication started, stopped or changed: "amlodipine 5 mg started".
    case medication
    /// A change of habit: "stopped salting food".
    case lifestyle
    case other
}

/// A change in a person's treatment or life on a date, such as a new pill, against which the
/// readings before and after are compared.
public struct Event: Equatable, Sendable {
    /// A UUID, lowercase.
    public var id: String
    public var profileID: String
    /// When it happened; its measurement day is day 0.
    public var at: ZonedInstant
    public var kind: EventKind
    public var text: String
    /// Milliseconds since 1970.
    public var createdAt: Int64
    /// Milliseconds since 1970; the newer one wins when backups merge.
    public var updatedAt: Int64

    public init(
        id: String = Reading.newID(), profileID: String, at: ZonedInstant, kind: EventKind = .medication, text: String,
        createdAt: Int64 = 0, updatedAt: Int64 = 0
    ) {
        self.id = id
        self.profileID = profileID
        self.at = at
        self.kind = kind
        self.text = text
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The longest text accepted, in characters.
    public static let maximumTextLength = 500

    /// Checks the id, profile, text and time offset.
    public func validate() throws(ValidationError) {
        guard Reading.isValidID(id) else { throw .invalid("event id '\(id)' is not a UUID") }
        try Slug.validate(profileID, what: "profile id")
        guard !text.trimmingWhitespace().isEmpty, text.count <= Event.maximumTextLength else {
            throw .invalid("an event's text must be 1–\(Event.maximumTextLength) characters")
        }
        guard ZonedInstant.offsetRange.contains(at.offsetMinutes) else {
            throw .invalid("UTC offset \(at.offsetMinutes) minutes is out of range (±18 hours)")
        }
    }
}
