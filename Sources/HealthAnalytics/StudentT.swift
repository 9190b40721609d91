#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Student's t distribution, for Welch's confidence intervals.
public enum StudentT {
    /// The value t with P(T ≤ t) = `probability` for `degreesOfFreedom` (which may be fractional,
    /// as Welch's are). `probability` must lie in (0, 1) and the degrees of freedom be positive.
    ///
    /// Found by bisection on the distribution function, to about 1e-10.
    public static func quantile(_ probability: Double, degreesOfFreedom df: Double) -> Double {
        precondition(probability > 0 && probability < 1 && df > 0)
        if probability == 0.5 { return 0 }
        if probability < 0.5 { return -quantile(1 - probability, degreesOfFreedom: df) }
        var low = 0.0
        var high = 1.0
        while cumulative(high, degreesOfFreedom: df) < probability { high *= 2 }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if cumulative(middle, degreesOfFreedom: df) < probability { low = middle } else { high = middle }
            if high - low < 1e-12 * Swift.max(1, high) { break }
        }
        return (low + high) / 2
    }

    /// P(T ≤ t) for `degreesOfFreedom`.
    public static func cumulative(_ t: Double, degreesOfFreedom df: Double) -> Double {
        let tail = 0.5 * regularizedIncompleteBeta(df / (df + t * t), a: df / 2, b: 0.5)
        return t >= 0 ? 1 - tail : tail
    }

    /// I_x(a, b), by the continued fraction of Numerical Recipes (§6.4).
    static func regularizedIncompleteBeta(_ x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logFront = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log(1 - x)
        let front = exp(logFront)
        if x < (a + 1) / (a + b + 2) {
            return front * continuedFraction(x, a: a, b: b) / a
        }
        return 1 - front * continuedFraction(1 - x, a: b, b: a) / b
    }

    private static func continuedFraction(_ x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var result = d
        for m in 1...300 {
            let m = Double(m)
            let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 + even * d
            if abs(d) < tiny { d = tiny }
            c = 1 + even / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            result *= d * c
            let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 + odd * d
            if abs(d) < tiny { d = tiny }
            c = 1 + odd / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            result *= step
            if abs(step - 1) < 1e-15 { break }
        }
        return result
    }
}
