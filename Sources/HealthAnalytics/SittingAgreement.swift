public import HealthCore

/// Whether the two readings of one sitting agree. The home protocol takes two readings a minute
/// apart; when they differ by more than 10 mmHg (systolic or diastolic), the first was not yet
/// a resting value, and a third is taken (ESH 2023; China's 2022 guideline).
public enum SittingAgreement {
    /// The largest difference between the two readings that still agrees, in mmHg.
    public static let limit = 10

    /// The larger of the systolic and diastolic differences, in mmHg.
    public static func difference(_ first: BloodPressure, _ second: BloodPressure) -> Int {
        max(abs(first.systolic - second.systolic), abs(first.diastolic - second.diastolic))
    }

    /// True when the readings differ by more than ``limit``: a third reading is due.
    public static func needsThird(_ first: BloodPressure, _ second: BloodPressure) -> Bool {
        difference(first, second) > limit
    }
}
