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

    /// The statistics of what `accumulator` was given.
    init(_ accumulator: Accumulator) {
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
        min = Extreme(value: lowest.value, takenAt: lowest.reading.takenAt, id: lowest.reading.id)
        max = Extreme(value: highest.value, takenAt: highest.reading.takenAt, id: highest.reading.id)
    }

    /// Sums of one measure, given its values one reading at a time in time order: a group's
    /// statistics without holding the group.
    struct Accumulator {
        private(set) var count = 0
        private(set) var sum = 0
        private(set) var squares = 0
        private(set) var steps = 0
        private var previous: Int?
        /// The lowest and highest values and their readings (the earliest if tied).
        private(set) var lowest: (value: Int, reading: Reading)?
        private(set) var highest: (value: Int, reading: Reading)?

        /// Counts `x`, the value of `reading`; a nil value is skipped.
        mutating func add(_ x: Int?, of reading: Reading) {
            guard let x else { return }
            count += 1
            sum += x
            squares += x * x
            if let previous { steps += abs(x - previous) }
            previous = x
            if x < lowest?.value ?? Int.max { lowest = (x, reading) }
            if x > highest?.value ?? Int.min { highest = (x, reading) }
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
    public init<Readings: Sequence<Reading>>(_ readings: Readings) {
        var accumulator = Accumulator()
        for reading in readings { accumulator.add(reading) }
        self.init(accumulator)
    }

    /// The statistics of what `accumulator` was given.
    init(_ accumulator: Accumulator) {
        count = accumulator.count
        systolic = MeasureStatistics(accumulator.systolic)
        diastolic = MeasureStatistics(accumulator.diastolic)
        pulse = MeasureStatistics(accumulator.pulse)
    }

    /// A group's sums, given its readings one at a time in time order.
    struct Accumulator {
        private(set) var count = 0
        private(set) var systolic = MeasureStatistics.Accumulator()
        private(set) var diastolic = MeasureStatistics.Accumulator()
        private(set) var pulse = MeasureStatistics.Accumulator()

        /// Counts `reading` (one with neither blood pressure nor pulse only for its weight: not at all).
        mutating func add(_ reading: Reading) {
            if reading.bloodPressure != nil || reading.pulse != nil { count += 1 }
            systolic.add(reading.bloodPressure?.systolic, of: reading)
            diastolic.add(reading.bloodPressure?.diastolic, of: reading)
            pulse.add(reading.pulse, of: reading)
        }
    }
}
