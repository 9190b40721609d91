public import HealthCore

/// The home blood pressure of a span of measurement days: n, and mean and SD of each number.
public struct WindowFigures: Equatable, Sendable {
    /// First measurement day, inclusive.
    public let from: CivilDate
    /// Last measurement day, inclusive.
    public let to: CivilDate
    public let systolic: SampleStatistics
    public let diastolic: SampleStatistics

    /// Home readings with blood pressure counted.
    public var count: Int { systolic.count }

    /// The mean blood pressure, or nil with no readings.
    public var mean: PressureMean? {
        guard let systolic = systolic.mean, let diastolic = diastolic.mean else { return nil }
        return PressureMean(count: count, systolic: systolic, diastolic: diastolic)
    }

    /// The figures of the home BP readings among `readings` whose measurement day is in `from`...`to`.
    public init(_ readings: [Reading], from: CivilDate, to: CivilDate) {
        self.from = from
        self.to = to
        let days = from.dayNumber...to.dayNumber
        let pressures = readings.lazy.filter { $0.isHome && days.contains($0.takenAt.measurementDayNumber) }
            .compactMap(\.bloodPressure)
        systolic = SampleStatistics(pressures.map(\.systolic))
        diastolic = SampleStatistics(pressures.map(\.diastolic))
    }
}

/// Two windows compared: `second − first` for each number, with Welch's 95 % interval.
public struct WindowComparison: Equatable, Sendable {
    /// Each window needs this many readings before its difference means anything.
    public static let minimumCount = 12

    public let first: WindowFigures
    public let second: WindowFigures
    /// nil unless both windows have at least 2 readings.
    public let systolic: MeanDifference?
    public let diastolic: MeanDifference?

    /// True when both windows hold at least ``minimumCount`` readings.
    public var sufficient: Bool { first.count >= WindowComparison.minimumCount && second.count >= WindowComparison.minimumCount }

    public init(first: WindowFigures, second: WindowFigures) {
        self.first = first
        self.second = second
        systolic = MeanDifference(from: first.systolic, to: second.systolic)
        diastolic = MeanDifference(from: first.diastolic, to: second.diastolic)
    }

    /// Compares the home readings of two spans of measurement days.
    public init(_ readings: [Reading], first: ClosedRange<CivilDate>, second: ClosedRange<CivilDate>) {
        self.init(
            first: WindowFigures(readings, from: first.lowerBound, to: first.upperBound),
            second: WindowFigures(readings, from: second.lowerBound, to: second.upperBound))
    }
}
