public import HealthCore

/// A mean within about 1 mmHg of a limit (a threshold or a target), where rounding to whole
/// mmHg, not the pressure, would decide the verdict: page 1 then says "at the threshold" and
/// prints the number with one decimal, never "85" beside "below 85".
public struct NearLimit: Equatable, Sendable {
    /// How close to the limit a mean is "at" it, in mmHg.
    public static let margin = 1.0

    /// The systolic mean, when it is within ``margin`` of the limit's systolic.
    public let systolic: Double?
    /// The diastolic mean, when it is within ``margin`` of the limit's diastolic.
    public let diastolic: Double?
    /// The limit.
    public let limit: BloodPressure
    /// True when the unrounded mean reaches the limit (``PressureMean/reaches(_:)``: 135.0 does,
    /// 134.6 does not). The badge, its colour and the words all read this, never the rounding.
    public let reached: Bool

    /// Near when a number is within ``margin`` of `limit`'s and neither is clearly (by ``margin``
    /// or more) at or above it, so the verdict hangs on the near one; nil otherwise.
    public init?(_ mean: PressureMean, limit: BloodPressure) {
        let margin = NearLimit.margin
        guard mean.systolic < Double(limit.systolic) + margin, mean.diastolic < Double(limit.diastolic) + margin else { return nil }
        let near = { (value: Double, limit: Int) in abs(value - Double(limit)) < margin ? value : nil }
        systolic = near(mean.systolic, limit.systolic)
        diastolic = near(mean.diastolic, limit.diastolic)
        self.limit = limit
        reached = mean.reaches(limit)
        guard systolic != nil || diastolic != nil else { return nil }
    }
}
