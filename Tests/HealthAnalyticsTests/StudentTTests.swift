import HealthAnalytics
import Testing

@Suite struct StudentTTests {
    /// Two-sided 95 % critical values from the published t table.
    @Test(arguments: [(1.0, 12.7062), (2.0, 4.3027), (5.0, 2.5706), (10.0, 2.2281), (22.0, 2.0739), (30.0, 2.0423), (120.0, 1.9799)])
    func matchesTheTable(degreesOfFreedom: Double, expected: Double) {
        #expect(abs(StudentT.quantile(0.975, degreesOfFreedom: degreesOfFreedom) - expected) < 0.00005)
    }

    @Test func isSymmetricAndMonotonicInFractionalDegrees() {
        let fractional = StudentT.quantile(0.975, degreesOfFreedom: 16.5)
        #expect(fractional < StudentT.quantile(0.975, degreesOfFreedom: 16))
        #expect(fractional > StudentT.quantile(0.975, degreesOfFreedom: 17))
        #expect(StudentT.quantile(0.025, degreesOfFreedom: 16.5) == -fractional)
        #expect(StudentT.quantile(0.5, degreesOfFreedom: 3) == 0)
        #expect(abs(StudentT.cumulative(StudentT.quantile(0.9, degreesOfFreedom: 7), degreesOfFreedom: 7) - 0.9) < 1e-9)
    }
}
