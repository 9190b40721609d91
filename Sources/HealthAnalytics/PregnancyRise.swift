public import HealthCore

/// Home blood pressure rising across the range in a pregnancy: the first week's mean against the
/// headline week's, when it rose by ``systolicRise`` systolic or ``diastolicRise`` diastolic or
/// more (whole mmHg, as printed). A rise in the second half of pregnancy is watched for
/// pre-eclampsia (ESH 2023), whatever side of 140/90 the week is on.
public struct PregnancyRise: Equatable, Sendable {
    /// The range's first 7 days, and their home mean.
    public let firstWeek: ClosedRange<CivilDate>
    public let before: PressureMean
    /// The headline week's mean.
    public let now: PressureMean

    /// A rise this large (mmHg, as printed) is said.
    public static let systolicRise = 10
    public static let diastolicRise = 5

    /// The rise from the first 7 days of `home` readings (from `first`) to `average`, when
    /// `pregnant`, the two do not overlap and it is large enough; nil otherwise.
    init?(home: [Reading], from first: CivilDate, average: ProtocolAverage?, pregnant: Bool) {
        guard pregnant, let average else { return nil }
        let span = first...first.adding(days: 6)
        guard span.upperBound < average.excludedDay else { return nil }
        let days = span.lowerBound.dayNumber...span.upperBound.dayNumber
        guard let before = PressureMean(home.filter { days.contains($0.takenAt.measurementDayNumber) }.compactMap(\.bloodPressure)) else {
            return nil
        }
        let now = average.mean
        guard now.shown.systolic - before.shown.systolic >= PregnancyRise.systolicRise
            || now.shown.diastolic - before.shown.diastolic >= PregnancyRise.diastolicRise
        else { return nil }
        firstWeek = span
        self.before = before
        self.now = now
    }
}
