public import HealthCore

/// A wide pulse pressure: ESH 2023 counts a pulse pressure of 60 mmHg or more in older
/// patients as a sign of stiff large arteries (hypertension-mediated organ damage).
public enum WidePulsePressure {
    /// The pulse pressure that is wide, in mmHg.
    public static let threshold = 60
    /// The age from which the threshold applies ("older patients").
    public static let fromAge = 65

    /// The headline's pulse pressure (its shown systolic − diastolic) when it is wide and the
    /// patient is 65 or older in the range's last year, or of unknown age; nil otherwise.
    public static func of(_ summary: BPSummary) -> Int? {
        guard let verdict = summary.verdict, verdict.isProtocolAverage else { return nil }
        if let born = summary.profile.birthYear, summary.to.year - born < fromAge { return nil }
        let shown = verdict.mean.shown
        let pressure = shown.systolic - shown.diastolic
        return pressure >= threshold ? pressure : nil
    }
}
