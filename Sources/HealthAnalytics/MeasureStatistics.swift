public import HealthCore

/// One extreme value and the reading it came from.
public struct Extreme: Equatable, Sendable {
    public let value: Int
    public let takenAt: ZonedInstant
    public let id: String
}

/// Count, mean, spread, variability and extremes of one measure (systolic, diastolic or pulse).
public struct MeasureStatistics: Equatable, Sendable {
    public let count: Int
    /// nil when there are no values.
    public let mean: Double?
    /// Sample standard deviation (n − 1); nil when n < 2.
    public let sd: Double?
    /// Coefficient of variation, SD / mean × 100; nil when n < 2.
    public let cv: Double?
    /// Average real variability, Σ|x(k+1) − x(k)| / (n − 1) in time order; nil when n < 2.
    public let arv: Double?
    /// The lowest value (the earliest if tied).
    public let min: Extreme?
    /// The highest value (the earliest if tied).
    public let max: Extreme?

    /// The statistics of what `accumulator` was given, its extremes found in `readings`.
    init(_ accumulator: Accumulator, in readings: [Reading]) {
        count = accumulator.count
        guard count > 0, let lowest = accumulator.lowest, let highest = accumulator.highest else {
            mean = nil; sd = nil; cv = nil; arv = nil; min = nil; max = nil
            return
        }
        let sum = accumulator.sum
        let mean = Double(sum) / Double(count)
        self.mean = mean
        if count >= 2 {
            // Integer sums are exact, so the one-pass variance has no cancellation error.
            let variance = (Double(accumulator.squares) - Double(sum) * Double(sum) / Double(count)) / Double(count - 1)
            let sd = Swift.max(0, variance).squareRoot()
            self.sd = sd
            cv = mean == 0 ? nil : sd / mean * 100
            arv = Double(accumulator.steps) / Double(count - 1)
        } else {
            sd = nil; cv = nil; arv = nil
        }
        let low = readings[lowest.index]
        let high = readings[highest.index]
        min = Extreme(value: lowest.value, takenAt: low.takenAt, id: low.id)
        max = Extreme(value: highest.value, takenAt: high.takenAt, id: high.id)
    }

    /// Sums of one measure, given its values one reading at a time in time order: a group's
    /// statistics without holding the group. Plain numbers, so copying one costs nothing.
    struct Accumulator {
        private(set) var count = 0
        private(set) var sum = 0
        private(set) var squares = 0
        private(set) var steps = 0
        private var previous: Int?
        /// The lowest and highest values and the indices of their readings (the earliest if tied).
        private(set) var lowest: (value: Int, index: Int)?
        private(set) var highest: (value: Int, index: Int)?

        /// Counts `x`, the value of the reading at `index`; a nil value is skipped.
        mutating func add(_ x: Int?, at index: Int) {
            guard let x else { return }
            count += 1
            sum += x
            squares += x * x
            if let previous { steps += abs(x - previous) }
            previous = x
            if x < lowest?.value ?? Int.max { lowest = (x, index) }
            if x > highest?.value ?? Int.min { highest = (x, index) }
        }
    }
}

/// The statistics of one group of readings (overall, a period, a day, a week or a month).
public struct GroupStatistics: Equatable, Sendable {
    /// Readings in the group that carry blood pressure or pulse (weight-only readings are left out).
    public let count: Int
    public let systolic: MeasureStatistics
    public let diastolic: MeasureStatistics
    /// Pulse over the readings that have one.
    public let pulse: MeasureStatistics

    /// The statistics of `readings`, which must be in time order.
    public init(_ readings: [Reading]) {
        var accumulator = Accumulator()
        for (index, reading) in readings.enumerated() { accumulator.add(reading, at: index) }
        self.init(accumulator, in: readings)
    }

    /// The statistics of what `accumulator` was given from `readings`.
    init(_ accumulator: Accumulator, in readings: [Reading]) {
        count = accumulator.count
        systolic = MeasureStatistics(accumulator.systolic, in: readings)
        diastolic = MeasureStatistics(accumulator.diastolic, in: readings)
        pulse = MeasureStatistics(accumulator.pulse, in: readings)
    }

    /// A group's sums, given its readings one at a time in time order.
    struct Accumulator {
        private(set) var count = 0
        private(set) var systolic = MeasureStatistics.Accumulator()
        private(set) var diastolic = MeasureStatistics.Accumulator()
        private(set) var pulse = MeasureStatistics.Accumulator()

        /// Counts `reading`, found at `index` (one with neither blood pressure nor pulse, only
        /// a weight, not at all).
        mutating func add(_ reading: Reading, at index: Int) {
            let pressure = reading.bloodPressure
            let pulse = reading.pulse
            if pressure != nil || pulse != nil { count += 1 }
            systolic.add(pressure?.systolic, at: index)
            diastolic.add(pressure?.diastolic, at: index)
            self.pulse.add(pulse, at: index)
        }
    }
}
