public import HealthCore

/// Two spans of measurement days compared within the same time of day, `second − first`, with
/// each session's mean as the unit.
///
/// A session is one time of day on one measurement day: the two readings a minute apart that
/// the protocol asks for are one observation of that session's pressure, not two, so the
/// interval counts sessions. In each time of day where both spans have at least
/// ``minimumPerPeriod`` sessions, d = mean(second) − mean(first) of the session means; the
/// periods are weighted as ``TagComparison`` weights them, w = n₁·n₂ / (n₁ + n₂), and the 95 %
/// interval uses the variance Σ (w/W)² (s₁²/n₁ + s₂²/n₂) with Welch–Satterthwaite's degrees of freedom.
public struct SessionDifference: Equatable, Sendable {
    /// Sessions each span needs in a time of day for that time of day to be compared.
    public static let minimumPerPeriod = 3
    /// Sessions each span needs over the compared times of day for the difference to be shown.
    public static let minimumPerSide = 6

    /// The times of day compared, in day order.
    public let periodsCompared: [DayPeriod]
    /// Sessions of the first span in the compared times of day.
    public let firstSessions: Int
    /// Sessions of the second span in the compared times of day.
    public let secondSessions: Int
    /// nil unless some time of day is compared.
    public let systolic: MeanDifference?
    public let diastolic: MeanDifference?

    /// True when each span has at least ``minimumPerSide`` sessions in the compared times of day.
    public var sufficient: Bool {
        systolic != nil && firstSessions >= SessionDifference.minimumPerSide && secondSessions >= SessionDifference.minimumPerSide
    }

    /// The home BP readings of `readings` in `first` and `second`, compared; the times of day
    /// follow `sleep` (``ReadingSlot``), as a shift worker's protocol week does.
    public init(_ readings: [Reading], first: ClosedRange<CivilDate>, second: ClosedRange<CivilDate>, sleep: SleepHours? = nil) {
        let spans = [first.lowerBound.dayNumber...first.upperBound.dayNumber, second.lowerBound.dayNumber...second.upperBound.dayNumber]
        // [span][period][day] → the session's readings.
        var sessions: [[DayPeriod: [Int: [BloodPressure]]]] = [[:], [:]]
        for reading in readings where reading.isHome {
            guard let pressure = reading.bloodPressure else { continue }
            let day = reading.takenAt.measurementDayNumber
            guard let span = spans.firstIndex(where: { $0.contains(day) }) else { continue }
            sessions[span][ReadingSlot(reading, sleep: sleep).period, default: [:]][day, default: []].append(pressure)
        }
        var compared: [(DayPeriod, first: [SessionMean], second: [SessionMean])] = []
        for period in DayPeriod.allCases {
            let means = sessions.map { spanSessions in
                (spanSessions[period] ?? [:]).sorted { $0.key < $1.key }.map { SessionDifference.mean($0.value) }
            }
            guard means[0].count >= SessionDifference.minimumPerPeriod, means[1].count >= SessionDifference.minimumPerPeriod else { continue }
            compared.append((period, means[0], means[1]))
        }
        periodsCompared = compared.map(\.0)
        firstSessions = compared.reduce(0) { $0 + $1.first.count }
        secondSessions = compared.reduce(0) { $0 + $1.second.count }
        let strata = { (value: KeyPath<SessionMean, Double>) in
            compared.map { (first: $0.first.map { $0[keyPath: value] }, second: $0.second.map { $0[keyPath: value] }) }
        }
        systolic = MeanDifference(strata: strata(\.systolic))
        diastolic = MeanDifference(strata: strata(\.diastolic))
    }

    /// A session's mean, unrounded.
    private struct SessionMean {
        let systolic: Double
        let diastolic: Double
    }

    private static func mean(_ pressures: [BloodPressure]) -> SessionMean {
        let count = Double(pressures.count)
        return SessionMean(
            systolic: Double(pressures.reduce(0) { $0 + $1.systolic }) / count,
            diastolic: Double(pressures.reduce(0) { $0 + $1.diastolic }) / count)
    }
}

extension MeanDifference {
    /// The weighted difference over strata (times of day), each `second − first` of its values,
    /// weighted w = n₁·n₂ / (n₁ + n₂); nil without a stratum.
    init?(strata: [(first: [Double], second: [Double])]) {
        guard !strata.isEmpty else { return nil }
        let moments = strata.map { stratum in
            (first: Moments(stratum.first), second: Moments(stratum.second),
             weight: Double(stratum.first.count * stratum.second.count) / Double(stratum.first.count + stratum.second.count))
        }
        let total = moments.reduce(0) { $0 + $1.weight }
        let mean = moments.reduce(0) { $0 + $1.weight * ($1.second.mean - $1.first.mean) } / total
        // Each side's share of the variance, (w/W)² s²/n, with its degrees of freedom n − 1.
        let terms = moments.flatMap { stratum in
            [stratum.first, stratum.second].map { side in
                (variance: (stratum.weight / total) * (stratum.weight / total) * side.variance / Double(side.count), df: Double(side.count - 1))
            }
        }
        let variance = terms.reduce(0) { $0 + $1.variance }
        guard variance > 0 else {
            self.init(mean: mean, ci95: mean...mean, degreesOfFreedom: nil)
            return
        }
        let df = variance * variance / terms.reduce(0) { $0 + $1.variance * $1.variance / $1.df }
        let half = StudentT.quantile(0.975, degreesOfFreedom: df) * variance.squareRoot()
        self.init(mean: mean, ci95: (mean - half)...(mean + half), degreesOfFreedom: df)
    }

    /// Count, mean and sample variance of a stratum's values (at least 2).
    private struct Moments {
        let count: Int
        let mean: Double
        let variance: Double

        init(_ values: [Double]) {
            count = values.count
            mean = values.reduce(0, +) / Double(values.count)
            let mean = self.mean
            variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)
        }
    }
}
