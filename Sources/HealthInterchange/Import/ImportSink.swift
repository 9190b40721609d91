import HealthCore

/// Where a format's reader puts what it finds: readings, profiles, tag definitions and events go out in
/// batches (a small first one, so writing starts at once), problems and skipped records are
/// collected. Every reading is checked against its values' ranges and the one time rule before
/// it is taken, so each problem names its own line or entry.
final class ImportSink {
    static let firstBatchSize = 256
    static let batchSize = 4096

    private let context: DecodeContext
    private let send: (ImportBatch) throws(InterchangeError) -> Void
    private var profiles: [Profile] = []
    private var tags: [StatusTag] = []
    private var readings: [IncomingReading] = []
    private var events: [Event] = []
    private var batchesSent = 0
    private var birthYears: [String: Int]
    private var sameMinute = SameMinuteReadings()
    private(set) var outcome = DecodeOutcome()

    init(context: DecodeContext, send: @escaping (ImportBatch) throws(InterchangeError) -> Void) {
        self.context = context
        self.send = send
        birthYears = context.birthYears
    }

    /// A reading found at `location`: taken when its values and time pass, else a problem.
    func add(_ reading: Reading, rule: DuplicateRule, at location: @autoclosure () -> String) throws(InterchangeError) {
        let taken: Bool? = try passes(at: location()) { () throws(ValidationError) in
            try reading.validate()
            try reading.checkTime(now: context.now / 1000, birthYear: birthYears[reading.profileID])
            return true
        }
        guard taken != nil else { return }
        readings.append(sameMinute.incoming(reading, rule: rule))
        if readings.count >= (batchesSent == 0 ? ImportSink.firstBatchSize : ImportSink.batchSize) { try flush() }
    }

    /// A profile the file defines (a backup's, or a HealthLog FHIR Patient).
    func add(_ profile: Profile, at location: @autoclosure () -> String) throws(InterchangeError) {
        guard try passes(at: location(), profile.validate) != nil else { return }
        if let year = profile.birthYear { birthYears[profile.id] = year }
        profiles.append(profile)
    }

    /// A tag definition the file carries.
    func add(_ tag: StatusTag, at location: @autoclosure () -> String) throws(InterchangeError) {
        guard try passes(at: location(), tag.validate) != nil else { return }
        tags.append(tag)
    }

    /// An event the file carries (a backup's, or a HealthLog FHIR MedicationStatement).
    func add(_ event: Event, at location: @autoclosure () -> String) throws(InterchangeError) {
        let taken: Bool? = try passes(at: location()) { () throws(ValidationError) in
            try event.validate()
            try event.checkTime(now: context.now / 1000, birthYear: birthYears[event.profileID])
            return true
        }
        guard taken != nil else { return }
        events.append(event)
    }

    /// What `check` returns, or nil once its refusal is recorded as a problem at `location`.
    func passes<Value>(at location: @autoclosure () -> String, _ check: () throws(ValidationError) -> Value) throws(InterchangeError) -> Value? {
        do { return try check() } catch {
            try problem(at: location(), error.phrase)
            return nil
        }
    }

    /// A record that could not be taken. Without `--skip-invalid`, the file is refused once more
    /// than ``DecodeOutcome/listedProblems`` are found: reading stops there.
    func problem(at location: String, _ reason: Phrase) throws(InterchangeError) {
        outcome.record(ImportProblem(location: location, reason: reason))
        if !context.skipsInvalid && outcome.problemCount > DecodeOutcome.listedProblems {
            throw .tooManyInvalidRecords(path: context.name, problems: outcome.problems)
        }
    }

    /// A record of a kind HealthLog does not keep.
    /// A line the import prints about how the file was read.
    func note(_ text: Phrase) {
        outcome.notes.append(text)
    }

    func skip(_ kind: Phrase, count: Int = 1) {
        outcome.skipped[kind.english, default: 0] += count
        outcome.skippedKinds[kind.english] = kind
    }

    /// A row whose wall time fell in a spring-forward gap, read as standard time.
    func readAsStandardTime(line: Int) {
        outcome.standardTimeRows += 1
        if outcome.firstStandardTimeRow == nil { outcome.firstStandardTimeRow = context.location(line: line) }
    }

    /// The order of numeric dates the file's rows settled.
    func settle(_ order: SettledDateOrder) {
        outcome.settledDateOrder = order
    }

    /// A row the device itself marked as failed.
    func deviceErrorRow() {
        outcome.deviceErrorRows += 1
    }

    /// Hands over what is pending.
    func flush() throws(InterchangeError) {
        guard !(profiles.isEmpty && tags.isEmpty && readings.isEmpty && events.isEmpty) else { return }
        let batch: ImportBatch
        do {
            batch = try ImportBatch(profiles: profiles, tags: tags, readings: readings, events: events)
        } catch {
            throw .malformed(path: context.name, reason: error.phrase)  // unreachable: each was checked above
        }
        profiles = []
        tags = []
        events = []
        readings.removeAll(keepingCapacity: true)
        batchesSent += 1
        try send(batch)
    }
}
