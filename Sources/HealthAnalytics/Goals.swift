public import HealthCore

/// The two figures a home average is read against, kept apart.
///
/// The *threshold* is the guideline's home threshold, used for diagnosis. The *target* is the
/// profile's treatment target; when none is set it is the threshold.
public struct Goals: Equatable, Sendable {
    public let guideline: Guideline
    /// The guideline's home threshold (135/85; AHA 130/80).
    public let threshold: BloodPressure
    /// The profile's target, or the threshold.
    public let target: BloodPressure
    /// True when the profile sets a target of its own that differs from the threshold.
    public let hasOwnTarget: Bool

    public init(profile: Profile, guideline: Guideline) {
        self.guideline = guideline
        threshold = guideline.homeThreshold
        target = profile.target ?? threshold
        hasOwnTarget = target != threshold
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
    /// At or above the guideline's home threshold: in the hypertensive range.
    public let atOrAboveThreshold: Bool
    /// At or above the profile's own target; nil when the target is the threshold.
    public let atOrAboveTarget: Bool?
    /// The protocol average has SYS at or above the threshold and DIA below it.
    public let isolatedSystolic: Bool

    init?(protocolAverage: ProtocolAverage?, overall: GroupStatistics, goals: Goals) {
        if let protocolAverage {
            mean = protocolAverage.mean
            isProtocolAverage = true
            sufficient = protocolAverage.sufficient
        } else if let systolic = overall.systolic.mean, let diastolic = overall.diastolic.mean {
            mean = PressureMean(count: overall.systolic.count, systolic: systolic, diastolic: diastolic)
            isProtocolAverage = false
            sufficient = false
        } else {
            return nil
        }
        atOrAboveThreshold = mean.isAtOrAbove(goals.threshold)
        atOrAboveTarget = goals.hasOwnTarget ? mean.isAtOrAbove(goals.target) : nil
        isolatedSystolic = isProtocolAverage && mean.shown.systolic >= goals.threshold.systolic
            && mean.shown.diastolic < goals.threshold.diastolic
    }
}
