public import HealthCore

/// A reading a doctor should see: in the guideline's top category, or low.
public struct Alert: Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// Very high (``Guideline/isVeryHigh(_:)``): grade 3, or AHA's hypertensive crisis.
        case urgent
        /// Systolic below 90, or diastolic below 60 under a systolic below 135 (``Alert/lowValues(_:below:)``).
        case low
    }

    public let id: String
    public let takenAt: ZonedInstant
    public let pressure: BloodPressure
    public let kind: Kind
    /// The very high limit the reading was read against: the guideline's, or 160/110 in pregnancy.
    public let limit: VeryHighLimit
    /// True when the reading was taken in a pregnancy (``Profile/isPregnant(on:)``).
    public let pregnant: Bool

    /// The very high limit of a reading: ESH 2023's severe hypertension in pregnancy (160/110)
    /// when `pregnant`, else the guideline's (``Guideline/veryHighLimit``).
    public static func veryHighLimit(_ guideline: Guideline, pregnant: Bool) -> VeryHighLimit {
        pregnant ? .pregnancy : guideline.veryHighLimit
    }

    /// The one rule for an alert reading: a very high one (the guideline's top category, or
    /// 160/110 in pregnancy) is urgent; systolic below 90 or diastolic below 60 is low.
    public static func kinds(of pressure: BloodPressure, guideline: Guideline, pregnant: Bool = false) -> [Kind] {
        var kinds: [Kind] = []
        if veryHighLimit(guideline, pregnant: pregnant).reached(by: pressure) { kinds.append(.urgent) }
        if Alert.isLow(pressure) { kinds.append(.low) }
        return kinds
    }

    /// A reading below either number is low: 90/60.
    public static let lowLimit = BloodPressure(systolic: 90, diastolic: 60)

    /// The systolic from which a low diastolic alone never makes a pressure low: 135, the
    /// systolic of the home threshold (ESH 2023, ESC 2024, China 2024). 158/59 is isolated
    /// systolic hypertension with a wide pulse pressure, not a low reading: in older people
    /// with isolated systolic hypertension a low diastolic is no reason to withhold or stop
    /// systolic treatment (ESH 2023, ESC 2024). The one rule behind a low reading, a low home
    /// average and the low readings a low average's notes are taken from.
    public static let highSystolic = 135

    /// Which of `pressure`'s numbers are below `limit` (90/60 unless given): the systolic below
    /// its number; the diastolic below its number while the systolic is below ``highSystolic``.
    public static func lowValues(_ pressure: BloodPressure, below limit: BloodPressure = lowLimit) -> (systolic: Bool, diastolic: Bool) {
        (pressure.systolic < limit.systolic, pressure.diastolic < limit.diastolic && pressure.systolic < highSystolic)
    }

    /// Systolic below 90, or diastolic below 60 with a systolic below 135 (``lowValues(_:below:)``).
    public static func isLow(_ pressure: BloodPressure) -> Bool {
        let low = lowValues(pressure)
        return low.systolic || low.diastolic
    }

    /// The alerts among `readings` of `profile`, in time order: a reading taken in a pregnancy
    /// is very high from 160/110.
    static func find(in readings: [Reading], guideline: Guideline, profile: Profile) -> [Alert] {
        readings.flatMap { reading -> [Alert] in
            guard let pressure = reading.bloodPressure else { return [] }
            let pregnant = profile.isPregnant(on: reading.takenAt.measurementDay)
            return kinds(of: pressure, guideline: guideline, pregnant: pregnant).map {
                Alert(id: reading.id, takenAt: reading.takenAt, pressure: pressure, kind: $0,
                      limit: veryHighLimit(guideline, pregnant: pregnant), pregnant: pregnant)
            }
        }
    }
}

/// Weight over the range, in kilograms.
public struct WeightSummary: Equatable, Sendable {
    public let first: Double
    public let last: Double
    public let mean: Double
    public let lowest: Double
    public let highest: Double
    public let count: Int
    /// The change between the first and last weights as printed (to 0.1 kg): 80.0 → 78.6 is −1.4.
    public var change: Double { ((last * 10).rounded() - (first * 10).rounded()) / 10 }

    init?(_ readings: [Reading]) {
        let weights = readings.compactMap(\.weightKilograms)
        guard let first = weights.first, let last = weights.last else { return nil }
        self.first = first
        self.last = last
        self.count = weights.count
        self.mean = weights.reduce(0, +) / Double(weights.count)
        lowest = weights.min()!
        highest = weights.max()!
    }
}
