public import HealthCore

/// What a new reading asks of the person who took it: a very high reading, a low one, or a
/// note of dizziness or fainting. Home-measurement advice (ESH 2023, AHA 2017), said by the
/// presentation layer: sit quietly and measure again; contact a doctor when it stays there or
/// comes with symptoms.
public enum ReadingAttention: Equatable, Sendable {
    /// Very high under the guideline in force (``Guideline/isVeryHigh(_:)``): ≥ 180/110, or
    /// AHA's > 180/120.
    case veryHigh
    /// Systolic below 90 or diastolic below 60 (``Alert/isLow(_:)``).
    case low
    /// A note that names dizziness, light-headedness or fainting.
    case symptom

    /// Words in a note that name a symptom of low (or very high) pressure, in English and Chinese.
    static let symptomWords = ["dizz", "faint", "light-headed", "lightheaded", "blackout", "vertigo", "头晕", "眩晕", "晕倒", "头昏", "昏厥", "站起来晕"]

    /// True when `note` names dizziness, light-headedness or fainting (``symptomWords``, any case):
    /// the one test behind a reading's attention line and page 1's count of symptom notes.
    public static func mentionsSymptom(_ note: String) -> Bool { symptoms.match(note) }

    private static let symptoms = NoteWords(symptomWords)

    /// What `reading` asks for under `guideline`, most urgent first; empty for an ordinary
    /// reading. The alerts (``Alert/kinds(of:guideline:)``) apply the same two rules.
    public static func of(_ reading: Reading, guideline: Guideline) -> [ReadingAttention] {
        var found: [ReadingAttention] = []
        if let pressure = reading.bloodPressure {
            for kind in Alert.kinds(of: pressure, guideline: guideline) { found.append(kind == .urgent ? .veryHigh : .low) }
        }
        // A low reading's advice already speaks of dizziness.
        if !found.contains(.low), mentionsSymptom(reading.note) { found.append(.symptom) }
        return found
    }
}
