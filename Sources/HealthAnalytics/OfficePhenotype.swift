import HealthCore

/// Office against home blood pressure, as ESH 2023 reads them together.
public enum Phenotype: String, CaseIterable, Sendable {
    /// High in the office, not at home.
    case whiteCoat = "white-coat"
    /// Not high in the office, high at home.
    case masked
    /// High in both.
    case sustained
    /// High in neither.
    case normal

    /// The phenotype of an office mean against a home mean: "high" is at or above the guideline's
    /// office threshold (140/90; AHA 130/80) or home threshold (135/85; AHA 130/80).
    public static func of(office: PressureMean, home: PressureMean, guideline: Guideline) -> Phenotype {
        let officeHigh = office.isAtOrAbove(guideline.officeThreshold)
        let homeHigh = home.isAtOrAbove(guideline.homeThreshold)
        switch (officeHigh, homeHigh) {
        case (true, false): return .whiteCoat
        case (false, true): return .masked
        case (true, true): return .sustained
        case (false, false): return .normal
        }
    }

    /// The strings key of its name: treated patients' phenotypes are named as the guideline
    /// names them ("white-coat uncontrolled hypertension", "controlled hypertension").
    public func labelKey(treated: Bool) -> String { "phenotype.\(rawValue)\(treated ? ".treated" : "")" }
}

/// The office readings of a range, and what they say beside the home protocol average.
public struct OfficeComparison: Equatable, Sendable {
    /// The mean of the office readings in the range.
    public let office: PressureMean
    /// nil unless the home protocol average is sufficient.
    public let phenotype: Phenotype?
    /// True when the range holds readings tagged `bp-med`: the phenotypes are then "uncontrolled".
    public let treated: Bool

    /// nil when `readings` hold no office reading with blood pressure.
    init?(_ readings: [Reading], home: ProtocolAverage?, guideline: Guideline, treated: Bool) {
        guard let office = PressureMean(readings.filter { !$0.isHome }.compactMap(\.bloodPressure)) else { return nil }
        self.office = office
        self.treated = treated
        if let home, home.sufficient {
            phenotype = Phenotype.of(office: office, home: home.mean, guideline: guideline)
        } else {
            phenotype = nil
        }
    }
}
