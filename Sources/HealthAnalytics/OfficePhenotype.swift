public import HealthCore

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
    /// office threshold (140/90; AHA 130/80) or home threshold (135/85; AHA 130/80), both
    /// unrounded as the home verdict reads it (a visit's 126.5/79.5 is below 130/80). With
    /// a doctor's `target` (a diabetic's 130/80), both are read against it: a patient above her
    /// own target is never "controlled" by the thresholds in the same paragraph. In a pregnancy
    /// (`pregnant`) both thresholds are pregnancy's 140/90 (``Goals/pregnancyThreshold``).
    public static func of(office: PressureMean, home: PressureMean, guideline: Guideline, target: BloodPressure? = nil, pregnant: Bool = false) -> Phenotype {
        let homeThreshold = pregnant ? Goals.pregnancyThreshold : guideline.homeThreshold
        let officeHigh = office.reaches(officeLimit(guideline: guideline, target: target, pregnant: pregnant))
        let homeHigh = home.reaches(target ?? homeThreshold)
        switch (officeHigh, homeHigh) {
        case (true, false): return .whiteCoat
        case (false, true): return .masked
        case (true, true): return .sustained
        case (false, false): return .normal
        }
    }

    /// The limit an office mean is read against: the doctor's `target`, else pregnancy's
    /// 140/90, else the guideline's office threshold.
    public static func officeLimit(guideline: Guideline, target: BloodPressure?, pregnant: Bool) -> BloodPressure {
        target ?? (pregnant ? Goals.pregnancyThreshold : guideline.officeThreshold)
    }

    /// The strings key of its name: treated patients' phenotypes are named as the guideline
    /// names them ("white-coat uncontrolled hypertension", "controlled hypertension").
    public func labelKey(treated: Bool) -> String { "phenotype.\(rawValue)\(treated ? ".treated" : "")" }
}

/// The office readings of a range, visit by visit, and what the one that can be compared says
/// beside the home protocol week.
///
/// ESH 2023 compares office and out-of-office pressure measured in the same period and the same
/// treatment state: the office figure is one visit's mean (its readings averaged), the most
/// recent visit within ``windowDays`` of the home week with no medication event between them.
/// "Treated" comes from the home week itself.
public struct OfficeComparison: Equatable, Sendable {
    /// A visit's office readings may lie this many days before or after the home week.
    public static let windowDays = 28

    /// ESH 2023 takes three office readings and uses the mean of the last two (the first runs
    /// high); ESC 2024 and the Chinese guideline likewise. AHA averages every reading.
    public static func visitReadings(_ guideline: Guideline) -> Int { guideline == .aha ? Int.max : 2 }

    /// One visit: the office readings of one measurement day, the last two averaged (AHA: all).
    public struct Visit: Equatable, Sendable {
        public let day: CivilDate
        /// The mean of the readings used: ``mean``'s count of the last of ``readings``.
        public let mean: PressureMean
        /// Every office reading of the visit, the ones left out of ``mean`` too.
        public let readings: Int
    }

    /// Why no visit was set beside the home week.
    public enum NotCompared: Equatable, Sendable {
        /// No home reading in the range.
        case noHome
        /// The home protocol average has too few readings.
        case homeTooFew
        /// No visit within ``OfficeComparison/windowDays`` of the home week.
        case noVisitNear
        /// The nearest visit and the home week have a medication change between them (its day).
        case medicationBetween(CivilDate)
    }

    /// Every visit in the range, oldest first.
    public let visits: [Visit]
    /// The visit compared with the home week; nil when none could be.
    public let compared: Visit?
    /// nil unless a visit was compared.
    public let phenotype: Phenotype?
    /// Why no visit was compared; nil when one was.
    public let notCompared: NotCompared?
    /// True when the doctor's target gave another phenotype than the thresholds would: the
    /// phenotype is then said to be read against the target.
    public let targetDecides: Bool
    /// True when the home week holds readings tagged `bp-med` (else, with no home week, the
    /// range): the phenotypes are then "uncontrolled" and "controlled".
    public let treated: Bool
    /// The limit the office mean is read against (``Phenotype/officeLimit(guideline:target:pregnant:)``),
    /// unrounded: its figure keeps a decimal where a rounding would cross it.
    public let limit: BloodPressure

    /// The visit shown: the one compared, else the latest.
    public var shownVisit: Visit { compared ?? visits[visits.count - 1] }
    /// The office mean shown: the shown visit's.
    public var office: PressureMean { shownVisit.mean }

    /// nil when `readings` hold no office reading with blood pressure. `treated` is the summary's
    /// (``Goals/treated``: the home week's bp-med readings); `medicationDays` are the measurement
    /// days of the profile's medication events; `target` the doctor's own target, when set;
    /// `pregnant` reads both against pregnancy's 140/90.
    init?(
        _ readings: [Reading], home: ProtocolAverage?, guideline: Guideline, treated: Bool, medicationDays: [CivilDate],
        target: BloodPressure? = nil, pregnant: Bool = false
    ) {
        var byDay: [Int: [BloodPressure]] = [:]
        for reading in readings where !reading.isHome {
            if let pressure = reading.bloodPressure { byDay[reading.takenAt.measurementDayNumber, default: []].append(pressure) }
        }
        guard !byDay.isEmpty else { return nil }
        self.treated = treated
        limit = Phenotype.officeLimit(guideline: guideline, target: target, pregnant: pregnant)
        // Readings come in time order, so a day's last ones are its last readings.
        visits = byDay.keys.sorted().map {
            Visit(day: CivilDate(dayNumber: $0), mean: PressureMean(Array(byDay[$0]!.suffix(Self.visitReadings(guideline))))!, readings: byDay[$0]!.count)
        }
        guard let home else {
            (compared, phenotype, targetDecides) = (nil, nil, false)
            notCompared = readings.contains { $0.isHome && $0.bloodPressure != nil } ? .homeTooFew : .noHome
            return
        }
        let week = home.excludedDay.dayNumber...home.lastDay.dayNumber
        guard home.sufficient else {
            (compared, phenotype, notCompared, targetDecides) = (nil, nil, .homeTooFew, false)
            return
        }
        let near = visits.filter { ($0.day.dayNumber >= week.lowerBound - Self.windowDays) && ($0.day.dayNumber <= week.upperBound + Self.windowDays) }
        guard let nearest = near.last else {
            (compared, phenotype, notCompared, targetDecides) = (nil, nil, .noVisitNear, false)
            return
        }
        // A change on the visit's day counts as between (a pill started at the visit).
        let visitDay = nearest.day.dayNumber
        let between = medicationDays.first { change in
            let day = change.dayNumber
            return visitDay < week.lowerBound ? (day >= visitDay && day < week.lowerBound)
                : visitDay > week.upperBound ? (day > week.upperBound && day <= visitDay) : false
        }
        if let between {
            (compared, phenotype, notCompared, targetDecides) = (nil, nil, .medicationBetween(between), false)
            return
        }
        compared = nearest
        let phenotype = Phenotype.of(office: nearest.mean, home: home.mean, guideline: guideline, target: target, pregnant: pregnant)
        self.phenotype = phenotype
        targetDecides = phenotype != Phenotype.of(office: nearest.mean, home: home.mean, guideline: guideline, pregnant: pregnant)
        notCompared = nil
    }
}
