public import HealthCore

/// What a new reading asks of the person who took it, in words: a very high reading, a low
/// one, or a note of dizziness or fainting. Home-measurement advice (ESH 2023, AHA 2017): sit
/// quietly and measure again; contact a doctor when it stays there or comes with symptoms.
public enum ReadingAttention: Equatable, Sendable {
    /// Systolic ≥ 180 or diastolic ≥ 110.
    case veryHigh
    /// Systolic below 90 or diastolic below 60 (``Alert/isLow(_:)``).
    case low
    /// A note that names dizziness, light-headedness or fainting.
    case symptom

    /// The thresholds of a very high home reading.
    public static let veryHighSystolic = 180
    public static let veryHighDiastolic = 110

    /// Words in a note that name a symptom of low (or very high) pressure, in English and Chinese.
    static let symptomWords = ["dizz", "faint", "light-headed", "lightheaded", "blackout", "vertigo", "头晕", "眩晕", "晕倒", "头昏", "昏厥", "站起来晕"]

    /// True when `note` names dizziness, light-headedness or fainting (``symptomWords``, any case):
    /// the one test behind a reading's attention line and page 1's count of symptom notes.
    public static func mentionsSymptom(_ note: String) -> Bool { symptoms.match(note) }

    private static let symptoms = NoteWords(symptomWords)

    /// What `reading` asks for, most urgent first; empty for an ordinary reading.
    public static func of(_ reading: Reading) -> [ReadingAttention] {
        var found: [ReadingAttention] = []
        if let pressure = reading.bloodPressure {
            if pressure.systolic >= veryHighSystolic || pressure.diastolic >= veryHighDiastolic { found.append(.veryHigh) }
            if Alert.isLow(pressure) { found.append(.low) }
        }
        // A low reading's advice already speaks of dizziness.
        if !found.contains(.low), mentionsSymptom(reading.note) { found.append(.symptom) }
        return found
    }

    /// The key of its advice in the string tables.
    public var stringKey: String {
        switch self {
        case .veryHigh: "attention.veryHigh"
        case .low: "attention.low"
        case .symptom: "attention.symptom"
        }
    }

    /// One line of plain words in the table's language, for every output (never colour alone).
    public func advice(in strings: StringTable) -> String {
        strings.text(stringKey, [
            "high": "\(Self.veryHighSystolic)/\(Self.veryHighDiastolic)", "low": "\(Alert.lowLimit)",
        ])
    }
}
