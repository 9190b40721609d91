public import HealthCore

/// The two figures a home average is read against, kept apart.
///
/// The *threshold* is the guideline's home threshold, used for diagnosis. The *target* is the
/// profile's treatment target; when none is set it is the threshold, except for a treated patient
/// under ESC 2024, whose target is its band (120–129 systolic, 70–79 diastolic). The *lower
/// limit* is where a home average is called low: 90/60, and for a treated patient 115/65 (about
/// ESH 2023's office floor of 120/70 at home), or ESC 2024's band floor 120/70.
///
/// A frail patient, or one aged 85 or more (``RelaxedTarget``), is never held to ESC's band: ESC
/// 2024 relaxes the target there, and ESH 2023 aims for an office systolic of 140–150 from 80
/// (130–139 if tolerated) and not below a diastolic of 70. Treated, the target is the home
/// threshold and the lower limit 125/65 (that floor at home), so a low is said as loudly as ever.
public struct Goals: Equatable, Sendable {
    /// Where the target comes from.
    public enum TargetSource: String, Sendable {
        /// The profile's own target.
        case profile
        /// The guideline's home threshold, for want of a target.
        case threshold
        /// ESC 2024's band for treated patients.
        case treatedBand
    }

    public let guideline: Guideline
    /// The guideline's home threshold (135/85; AHA 130/80), or 140/90 in a pregnancy
    /// (``pregnancyThreshold``).
    public let threshold: BloodPressure
    /// True when the threshold is pregnancy's.
    public let pregnant: Bool

    /// The home threshold in pregnancy: hypertension in pregnancy is 140/90 or more (ESH 2023,
    /// ESC 2024, the Chinese guideline), at home as in the office; 160/110 is severe
    /// (``VeryHighLimit/pregnancy``).
    public static let pregnancyThreshold = BloodPressure(systolic: 140, diastolic: 90)
    /// The profile's target, or the threshold.
    public let target: BloodPressure
    /// True when the target differs from the threshold (the profile's own, or ESC's treated band).
    public let hasOwnTarget: Bool
    public let targetSource: TargetSource
    /// True when the home week behind the figures holds `bp-med` readings.
    public let treated: Bool
    /// A home average below either number is low.
    public let lowerLimit: BloodPressure
    /// Why the target is relaxed (frail, or aged 85 or more); nil when it is not.
    public let relaxed: RelaxedTarget?

    /// Where ``lowerLimit`` comes from: what a chart's lower-limit line is labelled with.
    public enum LowerLimitSource: String, Sendable {
        /// 90/60, below which any reading is low.
        case untreated
        /// 115/65 on treatment: about ESH 2023's office floor of 120/70, at home.
        case treated
        /// 125/65 on treatment with a relaxed target: about ESH 2023's office 130/70 from 80, at home.
        case relaxed
        /// 110/80 on treatment in pregnancy (ISSHP 2021, ESC 2018).
        case pregnancy
        /// The bottom of ESC 2024's treated band, 120/70.
        case treatedBand
    }

    /// Where ``lowerLimit`` comes from.
    public let lowerLimitSource: LowerLimitSource

    /// The lower limit of a treated patient whose target is relaxed (``RelaxedTarget``).
    public static let relaxedLowerLimit = BloodPressure(systolic: 125, diastolic: 65)

    /// The lower limit of a pregnancy on treatment: the diastolic is not lowered below about
    /// 80–85 (ISSHP 2021 aims for 85; ESC 2018 for 110–140 systolic, 80–85 diastolic), so the
    /// placenta is not under-perfused. Never the 115/65 of an ordinary treated patient.
    public static let pregnancyLowerLimit = BloodPressure(systolic: 110, diastolic: 80)

    /// The goals of `profile` under `guideline`; `day` (the range's last) gives the age and
    /// whether she is pregnant.
    public init(profile: Profile, guideline: Guideline, treated: Bool = false, on day: CivilDate? = nil) {
        self.guideline = guideline
        self.treated = treated
        pregnant = day.map { profile.isPregnant(on: $0) } ?? false
        threshold = pregnant ? Goals.pregnancyThreshold : guideline.homeThreshold
        let relaxed = day.flatMap { RelaxedTarget(profile, on: $0) } ?? (profile.frail ? .frail : nil)
        self.relaxed = relaxed
        if let own = profile.target {
            target = own
            targetSource = .profile
        } else if treated, relaxed == nil, let band = guideline.treatedSystolicTarget {
            target = BloodPressure(systolic: band.upperBound + 1, diastolic: 80)
            targetSource = .treatedBand
        } else {
            target = threshold
            targetSource = .threshold
        }
        hasOwnTarget = target != threshold
        if treated, pregnant {
            (lowerLimit, lowerLimitSource) = (Goals.pregnancyLowerLimit, .pregnancy)
        } else if treated, relaxed != nil {
            (lowerLimit, lowerLimitSource) = (Goals.relaxedLowerLimit, .relaxed)
        } else if treated, let band = guideline.treatedSystolicTarget {
            (lowerLimit, lowerLimitSource) = (BloodPressure(systolic: band.lowerBound, diastolic: 70), .treatedBand)
        } else if treated {
            (lowerLimit, lowerLimitSource) = (BloodPressure(systolic: 115, diastolic: 65), .treated)
        } else {
            (lowerLimit, lowerLimitSource) = (BloodPressure(systolic: 90, diastolic: 60), .untreated)
        }
    }
}

/// What the home average says: against the threshold, against the target, and its pattern.
public struct HomeVerdict: Equatable, Sendable {
    /// The protocol average when there is one, else the mean of every home reading.
    public let mean: PressureMean
    /// True when ``mean`` is the protocol average.
    public let isProtocolAverage: Bool
    /// True when the protocol average has the readings guidelines ask for.
    public let sufficient: Bool
    /// At or above the guideline's home threshold, unrounded (``PressureMean/reaches(_:)``):
    /// in the hypertensive range. 134.6/80 does not reach 135/85, 135.0/80 does.
    public let atOrAboveThreshold: Bool
    /// At or above the profile's own target, unrounded; nil when the target is the threshold.
    public let atOrAboveTarget: Bool?
    /// The protocol average has SYS at or above the threshold (as shown, and unrounded) and DIA below it.
    public let isolatedSystolic: Bool
    /// The protocol average has SYS below the threshold and DIA at or above it (as shown, and unrounded).
    public let isolatedDiastolic: Bool
    /// Below the lower limit, as shown (``Alert/lowValues(_:below:)``): the systolic, or the
    /// diastolic under a systolic below 135; a high systolic over a low diastolic is never low.
    public let low: Bool
    /// The mean is within 1 mmHg of the threshold and a rounding would decide the verdict.
    public let nearThreshold: NearLimit?
    /// The mean is within 1 mmHg of the profile's own target; nil when the target is the threshold.
    public let nearTarget: NearLimit?
    /// Under ESC 2024, the mean is within 1 mmHg of where its home category changes from
    /// non-elevated to elevated (120/70); nil under the other guidelines.
    public let nearCategory: NearLimit?
    /// The week's morning mean when it reaches the threshold (unrounded) though the decided
    /// average does not: morning hypertension, which the Chinese guideline names 清晨高血压
    /// (morning home ≥ 135/85). nil otherwise.
    public let morningHypertension: PressureMean?

    init?(protocolAverage: ProtocolAverage?, overall: GroupStatistics, goals: Goals) {
        if let protocolAverage {
            mean = protocolAverage.mean
            isProtocolAverage = true
            // Mornings run higher than evenings: a week of one half alone gives a figure, not a verdict.
            sufficient = protocolAverage.sufficient && protocolAverage.morning != nil && protocolAverage.evening != nil
        } else if let systolic = overall.systolic.mean, let diastolic = overall.diastolic.mean {
            mean = PressureMean(count: overall.systolic.count, systolic: systolic, diastolic: diastolic)
            isProtocolAverage = false
            sufficient = false
        } else {
            return nil
        }
        // Unrounded, as the words at a limit read it ("systolic 134.6 … below it"): the badge,
        // its colour and every verdict follow this one comparison, never the rounded figure.
        atOrAboveThreshold = mean.reaches(goals.threshold)
        atOrAboveTarget = goals.hasOwnTarget ? mean.reaches(goals.target) : nil
        // The number that makes a pattern must reach its threshold unrounded: 84.6 shown as 85 is
        // "at the threshold", not an isolated diastolic pattern.
        isolatedSystolic = isProtocolAverage && mean.shown.systolic >= goals.threshold.systolic
            && mean.systolic >= Double(goals.threshold.systolic) && mean.shown.diastolic < goals.threshold.diastolic
        isolatedDiastolic = isProtocolAverage && mean.shown.systolic < goals.threshold.systolic
            && mean.shown.diastolic >= goals.threshold.diastolic && mean.diastolic >= Double(goals.threshold.diastolic)
        // 157/64 is uncontrolled isolated systolic hypertension, never low for its diastolic alone.
        let lows = Alert.lowValues(mean.shown, below: goals.lowerLimit)
        low = lows.systolic || lows.diastolic
        nearThreshold = NearLimit(mean, limit: goals.threshold)
        nearTarget = goals.hasOwnTarget ? NearLimit(mean, limit: goals.target) : nil
        nearCategory = goals.guideline == .esc ? NearLimit(mean, limit: Guideline.escHomeLimits.elevated) : nil
        morningHypertension = sufficient && !atOrAboveThreshold ? protocolAverage?.morning.flatMap { $0.reaches(goals.threshold) ? $0 : nil } : nil
    }
}
