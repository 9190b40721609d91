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

    /// The statistics of `value` over `readings[indices]`, which must be in time order.
    /// Readings where `value` is nil are skipped.
    init(_ readings: [Reading], _ indices: [Int], _ value: (Reading) -> Int?) {
        var count = 0
        var sum = 0
        var squares = 0
        var steps = 0
        var previous: Int?
        var lowest: (value: Int, index: Int)?
        var highest: (value: Int, index: Int)?
        for index in indices {
            guard let x = value(readings[index]) else { continue }
            count += 1
            sum += x
            squares += x * x
            if let previous { steps += abs(x - previous) }
            previous = x
            if x < lowest?.value ?? Int.max { lowest = (x, index) }
            if x > highest?.value ?? Int.min { highest = (x, index) }
        }
        self.count = count
        guard count > 0, let lowest, let highest else {
            mean = nil; sd = nil; cv = nil; arv = nil; min = nil; max = nil
            return
        }
        let mean = Double(sum) / Double(count)
        self.mean = mean
        if count >= 2 {
            // Integer sums are exact, so the one-pass variance has no cancellation error.
            let variance = (Double(squares) - Double(sum) * Double(sum) / Double(count)) / Double(count - 1)
            let sd = Swift.max(0, variance).squareRoot()
            self.sd = sd
            cv = mean == 0 ? nil : sd / mean * 100
            arv = Double(steps) / Double(count - 1)
        } else {
            sd = nil; cv = nil; arv = nil
        }
        let low = readings[lowest.index]
        let high = readings[highest.index]
        min = Extreme(value: lowest.value, takenAt: low.takenAt, id: low.id)
        max = Extreme(value: highest.value, takenAt: high.takenAt, id: high.id)
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
        self.init(readings, Array(readings.indices))
    }

    /// The statistics of `readings[indices]`, in time order.
    init(_ readings: [Reading], _ indices: [Int]) {
        count = indices.reduce(0) { $0 + (readings[$1].bloodPressure != nil || readings[$1].pulse != nil ? 1 : 0) }
        systolic = MeasureStatistics(readings, indices) { $0.bloodPressure?.systolic }
        diastolic = MeasureStatistics(readings, indices) { $0.bloodPressure?.diastolic }
        pulse = MeasureStatistics(readings, indices) { $0.pulse }
    }
}
