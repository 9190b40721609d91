public import HealthCore

/// The notes that name dizziness, light-headedness or fainting in the headline period, as the
/// doctor asks about them: how many, and the lowest blood pressure taken with one.
///
/// A note is a symptom note when ``ReadingAttention/mentionsSymptom(_:)`` says so (the words
/// behind a reading's attention line: "dizz", "faint", "头晕", "站起来晕", …). The headline period
/// is the headline protocol week from its dropped first day, with the recent days shown beside
/// it; without a protocol week, the whole range.
public struct SymptomNotes: Equatable, Sendable {
    /// The first and last measurement day looked at.
    public let from: CivilDate
    public let to: CivilDate
    /// Readings whose note names a symptom.
    public let count: Int
    /// The lowest blood pressure (by systolic, then diastolic) among them; nil when none has one.
    public let lowest: BloodPressure?
    /// The newest symptom note, as written.
    public let latestNote: String
    /// The measurement days of the oldest and the newest note: what a note outside the headline
    /// week is labelled with on page 1.
    public let firstDay: CivilDate
    public let lastDay: CivilDate

    /// The symptom notes among `readings` (any order) on measurement days `from`…`to`; nil when
    /// none. `symptom` is the one looked for: dizziness or fainting unless said (palpitations too).
    public init?(_ readings: [Reading], from: CivilDate, to: CivilDate, symptom: Symptom = .dizziness) {
        let days = from.dayNumber...to.dayNumber
        let noted = readings.filter {
            days.contains($0.takenAt.measurementDayNumber) && (symptom == .dizziness ? ReadingAttention.mentionsSymptom($0.note) : symptom.isNamed(in: $0.note))
        }
            .sorted { $0.takenAt < $1.takenAt }
        guard let latest = noted.last else { return nil }
        self.from = from
        self.to = to
        count = noted.count
        lowest = noted.compactMap(\.bloodPressure).min { ($0.systolic, $0.diastolic) < ($1.systolic, $1.diastolic) }
        latestNote = String(latest.note.trimmingWhitespace())
        firstDay = noted[0].takenAt.measurementDay
        lastDay = latest.takenAt.measurementDay
    }
}
