public import HealthCore

/// What a new reading asks of the person who took it: a very high reading, a low one, or a
/// note of dizziness or fainting. Home-measurement advice (ESH 2023, AHA 2017), said by the
/// presentation layer: sit quietly and measure again; contact a doctor when it stays there or
/// comes with symptoms.
public enum ReadingAttention: Equatable, Sendable {
    /// Very high under the guideline in force (``Guideline/isVeryHigh(_:)``): ≥ 180/110, or
    /// AHA's > 180/120.
    case veryHigh
    /// Systolic below 90, or diastolic below 60 under a systolic below 135 (``Alert/isLow(_:)``).
    case low
    /// A note that names a warning symptom (``Symptom/warning``): chest pain, breathlessness, a
    /// severe headache or one with visual disturbance, weakness or trouble speaking.
    case warningSymptom
    /// A note that names dizziness, light-headedness or fainting.
    case symptom
    /// A note that names a fall.
    case fall
    /// A note that names only a near fall ("nearly fell", 差点摔倒, 险些跌倒): never called a fall.
    case nearFall

    /// True when `note` names dizziness, light-headedness or fainting (``Symptom/dizziness``, any
    /// case): the one test behind a reading's attention line and page 1's count of symptom notes.
    public static func mentionsSymptom(_ note: String) -> Bool { Symptom.dizziness.isNamed(in: note) }

    /// What `reading` asks for under `guideline`, most urgent first; empty for an ordinary
    /// reading. The alerts (``Alert/kinds(of:guideline:)``) apply the same two rules.
    /// `pregnant` lowers the very high limit to 160/110 (``VeryHighLimit/pregnancy``).
    public static func of(_ reading: Reading, guideline: Guideline, pregnant: Bool = false) -> [ReadingAttention] {
        var found: [ReadingAttention] = []
        if let pressure = reading.bloodPressure {
            for kind in Alert.kinds(of: pressure, guideline: guideline, pregnant: pregnant) { found.append(kind == .urgent ? .veryHigh : .low) }
        }
        let symptoms = Symptom.named(in: reading.note)
        if symptoms.contains(.warning) { found.insert(.warningSymptom, at: 0) }
        // A low reading's advice already speaks of dizziness.
        if !found.contains(.low), symptoms.contains(.dizziness) { found.append(.symptom) }
        if symptoms.contains(.fall) { found.append(Symptom.isNearFall(reading.note) ? .nearFall : .fall) }
        return found
    }
}
