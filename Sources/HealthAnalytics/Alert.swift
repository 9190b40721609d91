public import HealthCore

/// A reading a doctor should see: in the guideline's top category, or low.
public struct Alert: Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// ESH/China grade 3, or AHA hypertensive crisis.
        case urgent
        /// Systolic below 90 or diastolic below 60.
        case low
    }

    public let id: String
    public let takenAt: ZonedInstant
    public let pressure: BloodPressure
    public let kind: Kind

    /// The alerts among `readings`, in time order.
    static func find(in readings: [Reading], guideline: Guideline) -> [Alert] {
        readings.flatMap { reading -> [Alert] in
            guard let pressure = reading.bloodPressure else { return [] }
            var alerts: [Alert] = []
            if guideline.classify(pressure).category == guideline.topCategory {
                alerts.append(Alert(id: reading.id, takenAt: reading.takenAt, pressure: pressure, kind: .urgent))
            }
            if pressure.systolic < 90 || pressure.diastolic < 60 {
                alerts.append(Alert(id: reading.id, takenAt: reading.takenAt, pressure: pressure, kind: .low))
            }
            return alerts
        }
    }
}

/// Weight over the range, in kilograms.
public struct WeightSummary: Equatable, Sendable {
    public let first: Double
    public let last: Double
    public let mean: Double
    public let count: Int
    public var change: Double { last - first }

    init?(_ readings: [Reading]) {
        let weights = readings.compactMap(\.weightKilograms)
        guard let first = weights.first, let last = weights.last else { return nil }
        self.first = first
        self.last = last
        self.count = weights.count
        self.mean = weights.reduce(0, +) / Double(weights.count)
    }
}
