public import HealthCore

/// The tag ID of blood-pressure medication.
public let medicationTagID = "bp-med"

extension Reading {
    /// True when the reading records that the BP pill was taken (it carries `bp-med`): the one
    /// test of a medicated reading, and of a medicated day (one with such a reading).
    public var recordsMedication: Bool { tagIDs.contains(medicationTagID) }
}

/// On how many measurement days a BP pill was recorded: "BP medication recorded on 41 of 56 days".
public struct MedicationDays: Equatable, Sendable {
    /// Days that show the dates without medication, when there are this many or fewer.
    public static let listedAtMost = 10

    /// Measurement days with a home reading (a day with only a clinic visit is not a home day).
    public let days: Int
    /// Of those, days with a reading tagged `bp-med`.
    public let medicated: Int
    /// The days without, oldest first.
    public let daysWithout: [CivilDate]

    /// nil when no reading in `readings` carries `bp-med`.
    init?(_ readings: [Reading]) {
        var all = Set<Int>()
        var withPill = Set<Int>()
        var lastDay: Int?
        for reading in readings {
            let day = reading.takenAt.measurementDayNumber
            // Readings come in time order: a day is inserted once, not once per reading.
            if reading.isHome && day != lastDay {
                all.insert(day)
                lastDay = day
            }
            if reading.recordsMedication { withPill.insert(day) }
        }
        withPill.formIntersection(all)
        guard !withPill.isEmpty else { return nil }
        days = all.count
        medicated = withPill.count
        daysWithout = all.subtracting(withPill).sorted().map(CivilDate.init(dayNumber:))
    }
}

/// The readings with a note, newest first, so that "a little dizzy" is read on page 1.
public struct NotesDigest: Equatable, Sendable {
    /// Notes shown at most.
    public static let limit = 12

    /// The newest readings with a note, newest first.
    public let readings: [Reading]
    /// Readings with a note not in ``readings``.
    public let more: Int

    /// nil when no reading has a note.
    init?(_ readings: [Reading]) {
        let noted = readings.filter { !$0.note.trimmingWhitespace().isEmpty }
        guard !noted.isEmpty else { return nil }
        self.readings = Array(noted.reversed().prefix(NotesDigest.limit))
        more = noted.count - self.readings.count
    }
}

/// What the monitor itself flagged: "Irregular heartbeat flagged on 12 of 269 readings; possible AFib on 2".
public struct DeviceFindings: Equatable, Sendable {
    /// Readings with blood pressure.
    public let readings: Int
    /// Of those, readings tagged `irregular-heartbeat`.
    public let irregularHeartbeat: Int
    /// Of those, readings tagged `possible-afib`.
    public let possibleAFib: Int

    /// nil when no reading was flagged.
    init?(_ readings: [Reading]) {
        var total = 0
        var irregular = 0
        var afib = 0
        for reading in readings where reading.bloodPressure != nil {
            total += 1
            if reading.tagIDs.contains("irregular-heartbeat") { irregular += 1 }
            if reading.tagIDs.contains("possible-afib") { afib += 1 }
        }
        guard irregular + afib > 0 else { return nil }
        self.readings = total
        irregularHeartbeat = irregular
        possibleAFib = afib
    }
}

/// Readings taken against the protocol: after a stamp whose definition is a deviation, such as
/// coffee or exercise in the 30 minutes before. Counted and marked, never left out of a figure.
public struct ProtocolDeviations: Equatable, Sendable {
    /// How many readings carry a deviation tag.
    public let count: Int
    /// The deviation tags they carry, most frequent first.
    public let tagIDs: [String]

    /// nil when no reading carries one of `deviationTags`.
    init?(_ readings: [Reading], deviationTags: Set<String>) {
        var total = 0
        var counts: [String: Int] = [:]
        for reading in readings where !reading.tagIDs.isEmpty {
            var found = false
            for tag in reading.tagIDs where deviationTags.contains(tag) {
                counts[tag, default: 0] += 1
                found = true
            }
            if found { total += 1 }
        }
        guard total > 0 else { return nil }
        count = total
        tagIDs = counts.keys.sorted { (counts[$0]!, $1) > (counts[$1]!, $0) }
    }
}
