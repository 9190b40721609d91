public import HealthAnalytics
public import HealthCore

/// What is true of one reading, decided once and carried with it: its slot of the day, where
/// it was taken, which numbers reach the target, which are low, whether it is very high, and
/// whether it was taken against the protocol. A chart mark, a table cell and a sentence read
/// these facts; none of them compares a number itself.
public struct ReadingFacts: Sendable {
    /// Morning, noon, evening or night (``ReadingSlot``).
    public let slot: ReadingSlot
    /// Taken at the clinic: never in a home figure.
    public let isOffice: Bool
    /// Which numbers are at or above the target (``Goals/target``: the profile's, else the threshold).
    public let reachesTarget: (systolic: Bool, diastolic: Bool)
    /// Which numbers are low (``Alert/lowValues(_:)``: below 90/60).
    public let lowValues: (systolic: Bool, diastolic: Bool)
    /// Very high under the guideline (``Guideline/isVeryHigh(_:)``).
    public let isVeryHigh: Bool
    /// Carries a tag whose definition marks a protocol deviation (coffee, exercise).
    public let isDeviation: Bool

    /// Either number at or above the target.
    public var atOrAboveTarget: Bool { reachesTarget.systolic || reachesTarget.diastolic }
    /// Either number low.
    public var isLow: Bool { lowValues.systolic || lowValues.diastolic }
    /// Very high or low: a reading a doctor should see (``Alert``).
    public var isAlert: Bool { isVeryHigh || isLow }
}

/// The rules a reading's facts are decided by: the target and guideline of its summary (or, for
/// a reading shown on its own, of its profile) and the tags that mark a deviation.
public struct ReadingRules: Sendable {
    /// The target readings are marked against.
    public let target: BloodPressure
    public let guideline: Guideline
    /// Tag IDs whose definitions (current or removed) mark a protocol deviation.
    public let deviationTags: Set<String>
    /// True when no target is set and `target` is the guideline's threshold: a reading at or
    /// above it is said to be at or above the threshold.
    public let targetIsThreshold: Bool

    /// The profile's usual sleep, which a shift worker's slots follow (nil: the common day).
    public let sleep: SleepHours?
    /// The profile whose pregnancy decides, on each reading's own day, that the threshold is
    /// pregnancy's 140/90 (``Goals/pregnancyThreshold``, when no target of her own is set) and
    /// that very high starts at 160/110; nil when no pregnancy is known.
    public let pregnancy: Profile?

    public init(
        target: BloodPressure, guideline: Guideline, deviationTags: Set<String>, targetIsThreshold: Bool = false, sleep: SleepHours? = nil,
        pregnancy: Profile? = nil
    ) {
        self.sleep = sleep
        self.pregnancy = pregnancy?.pregnancyDue == nil ? nil : pregnancy
        self.target = target
        self.guideline = guideline
        self.deviationTags = deviationTags
        self.targetIsThreshold = targetIsThreshold
    }

    /// The rules of a summary: its target, its guideline and its deviation tags.
    public init(summary: BPSummary) {
        self.init(
            target: summary.goals.target, guideline: summary.options.guideline, deviationTags: summary.options.deviationTags,
            targetIsThreshold: summary.goals.targetSource == .threshold, sleep: summary.profile.sleep, pregnancy: summary.profile)
    }

    /// The rules for readings of `profile` shown on their own: its target, else the threshold of
    /// `guideline`; `tags` name the deviations.
    public init(profile: Profile, guideline: Guideline, tags: [StatusTag]) {
        let goals = Goals(profile: profile, guideline: guideline)
        self.init(
            target: goals.target, guideline: guideline, deviationTags: Set(tags.filter(\.deviation).map(\.id)),
            targetIsThreshold: goals.targetSource == .threshold, sleep: profile.sleep, pregnancy: profile)
    }

    /// The facts of `reading`.
    public func facts(of reading: Reading) -> ReadingFacts {
        let pressure = reading.bloodPressure
        let pregnant = pregnancy?.isPregnant(on: reading.takenAt.measurementDay) ?? false
        // In a pregnancy the threshold is 140/90 on her own day, whatever the range's last day was.
        let limit = targetIsThreshold ? (pregnant ? Goals.pregnancyThreshold : guideline.homeThreshold) : target
        return ReadingFacts(
            slot: ReadingSlot(reading, sleep: sleep), isOffice: !reading.isHome,
            reachesTarget: pressure.map { $0.reach(of: limit) } ?? (false, false),
            lowValues: pressure.map { Alert.lowValues($0) } ?? (false, false),
            isVeryHigh: pressure.map { Alert.veryHighLimit(guideline, pregnant: pregnant).reached(by: $0) } ?? false,
            isDeviation: !deviationTags.isEmpty && reading.tagIDs.contains(where: deviationTags.contains))
    }
}
