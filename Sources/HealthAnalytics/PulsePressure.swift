import HealthCore

/// A wide pulse pressure (systolic − diastolic) of the headline home average in an older patient.
///
/// The threshold follows the guidelines' list of hypertension-mediated organ damage (HMOD):
/// ESH 2023 (J Hypertens 2023;41:1874–2071), as the 2018 ESC/ESH guidelines before it (Eur Heart
/// J 2018;39:3021–3104, table "Factors influencing cardiovascular risk"), names "pulse pressure
/// (in older people) ≥ 60 mmHg" a marker of large-artery stiffening, beside carotid–femoral PWV
/// > 10 m/s. ESC 2024 keeps arterial stiffness among the HMOD markers and prefers PWV to measure
/// it. The guidelines give no age; "older" is taken from 65. Their figure is an office one: page 1
/// names the home figure as a marker to look at, never as a diagnosis of organ damage.
public enum WidePulsePressure {
    /// The pulse pressure that is wide, in mmHg: 60 or more (ESH 2023, ESC/ESH 2018).
    public static let threshold = 60
    /// The age from which the threshold applies ("older people").
    public static let fromAge = 65

    /// The headline's pulse pressure (its shown systolic − diastolic, so it equals the difference
    /// of the printed figures) when it is wide and the patient is 65 or older in the range's last
    /// year, or of unknown age; nil otherwise.
    public static func of(_ summary: BPSummary) -> Int? {
        guard let verdict = summary.verdict, verdict.isProtocolAverage else { return nil }
        if let born = summary.profile.birthYear, summary.to.year - born < fromAge { return nil }
        let shown = verdict.mean.shown
        let pressure = shown.systolic - shown.diastolic
        return pressure >= threshold ? pressure : nil
    }
}
