/// What kind of change an event records.
public enum EventKind: String, CaseIterable, Sendable {
    /// A medication started, stopped or changed: "amlodipine 5 mg started".
    case medication
    /// A change of habit: "stopped salting food".
    case lifestyle
    /// A new or different blood-pressure monitor: readings before and after may not compare.
    case monitor
    /// A dose of a medicine taken (`took`): what adherence counts, never a change of treatment.
    case dose
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
    /// The medicine started, changed or stopped, when the event was recorded by `med`; nil for
    /// an event in words only (every event before the care record).
    public var medicine: MedicineChange?
    /// Milliseconds since 1970.
    public var createdAt: Int64
    /// Milliseconds since 1970; the newer one wins when backups merge.
    public var updatedAt: Int64

    public init(
        id: String = Reading.newID(), profileID: String, at: ZonedInstant, kind: EventKind = .medication, text: String,
        medicine: MedicineChange? = nil, createdAt: Int64 = 0, updatedAt: Int64 = 0
    ) {
        self.id = id
        self.profileID = profileID
        self.at = at
        self.kind = kind
        self.text = text
        self.medicine = medicine
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// How far ahead an event may be dated: a planned change, up to a year away.
    public static let allowedFutureSeconds: Int64 = 366 * 86_400

    /// Checks that the event's time makes sense: not before 1900 or the person's year of birth,
    /// and at most a year ahead (a planned change of medication may be recorded in advance).
    public func checkTime(now nowSeconds: Int64, birthYear: Int?) throws(ValidationError) {
        let when = at.localDateAndTime
        if at.utcSeconds > nowSeconds + Event.allowedFutureSeconds {
            throw .invalid(Phrase("{time} is more than a year ahead; an event may be planned at most a year in advance", ["time": when]))
        }
        if at.localDate < Reading.earliestDate {
            throw .invalid(Phrase("{time} is before {earliest}; events must be from 1900 on", ["time": when, "earliest": Reading.earliestDate.description]))
        }
        if let birthYear, at.localDate.year < birthYear {
            throw .invalid(Phrase("{time} is before 1 January {year}, the year of birth", ["time": when, "year": String(birthYear)]))
        }
    }

    /// Checks the id, profile, text and time offset.
    public func validate() throws(ValidationError) {
        guard Reading.isValidID(id) else { throw .invalid(Phrase("event id '{id}' is not a UUID", ["id": id])) }
        try Slug.validate(profileID, what: Phrase("profile id"))
        try ValueLimits.eventText.check(text)
        try ValueLimits.offsetMinutes.check(at.offsetMinutes)
        if let medicine {
            if medicine.action == .taken {
                guard kind == .dose else { throw .invalid(Phrase("an event that records a dose taken must be of kind dose")) }
            } else {
                guard kind == .medication else { throw .invalid(Phrase("an event that starts, changes or stops a medicine must be of kind medication")) }
            }
            try medicine.validate()
        } else if kind == .dose {
            throw .invalid(Phrase("a dose event must name the medicine taken"))
        }
    }
}
