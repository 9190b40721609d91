/// Count, mean and sample standard deviation of one measure over a window of readings.
public struct SampleStatistics: Equatable, Sendable {
    public let count: Int
    /// nil when there are no values.
    public let mean: Double?
    /// Sample standard deviation (n − 1); nil when n < 2.
    public let sd: Double?

    /// The statistics of `values`.
    public init(_ values: [Int]) {
        count = values.count
        guard !values.isEmpty else {
            mean = nil
            sd = nil
            return
        }
        let sum = values.reduce(0, +)
        let mean = Double(sum) / Double(values.count)
        self.mean = mean
        if values.count >= 2 {
            let squares = values.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) }
            sd = (squares / Double(values.count - 1)).squareRoot()
        } else {
            sd = nil
        }
    }
}

/// A difference of two means, second − first, with its 95 % confidence interval by Welch's t.
public struct MeanDifference: Equatable, Sendable {
    public let mean: Double
    /// `t(0.975, df) × sqrt(s1²/n1 + s2²/n2)` either side of ``mean``.
    public let ci95: ClosedRange<Double>
    /// Welch–Satterthwaite degrees of freedom; nil when both samples have no spread.
    public let degreesOfFreedom: Double?

    init(mean: Double, ci95: ClosedRange<Double>, degreesOfFreedom: Double?) {
        self.mean = mean
        self.ci95 = ci95
        self.degreesOfFreedom = degreesOfFreedom
    }

    /// Welch's difference `second − first`, or nil unless both have at least 2 values.
    public init?(from first: SampleStatistics, to second: SampleStatistics) {
        guard let mean1 = first.mean, let mean2 = second.mean, let sd1 = first.sd, let sd2 = second.sd else { return nil }
        let v1 = sd1 * sd1 / Double(first.count)
        let v2 = sd2 * sd2 / Double(second.count)
        mean = mean2 - mean1
        let variance = v1 + v2
        guard variance > 0 else {
            // No spread on either side: the difference is exact.
            ci95 = mean...mean
            degreesOfFreedom = nil
            return
        }
        let df = variance * variance / (v1 * v1 / Double(first.count - 1) + v2 * v2 / Double(second.count - 1))
        let half = StudentT.quantile(0.975, degreesOfFreedom: df) * variance.squareRoot()
        ci95 = (mean - half)...(mean + half)
        degreesOfFreedom = df
    }
}
