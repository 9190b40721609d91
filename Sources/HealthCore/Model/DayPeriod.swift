/// Where a reading was taken.
public enum MeasurementSite: String, CaseIterable, Sendable {
    /// At home: what home monitoring averages.
    case home
    /// At the clinic, by or before the doctor.
    case office
}

/// The part of the day a reading belongs to, from its local wall time.
///
/// Morning is [04:00, 12:00), noon [12:00, 18:00) and evening [18:00, 04:00),
/// so a reading at 01:30 still counts as the previous evening's.
public enum DayPeriod: String, CaseIterable, Sendable, Codable {
    case morning
    case noon
    case evening

    /// The period of a local hour, 0–23.
    public init(hour: Int) {
        switch hour {
        case 4..<12: self = .morning
        case 12..<18: self = .noon
        default: self = .evening
        }
    }

    /// The hour a measurement day starts: readings before it count for the day before.
    public static let dayStartHour = 4

    /// The local hours that belong to this period.
    public var hours: [Int] {
        switch self {
        case .morning: Array(4..<12)
        case .noon: Array(12..<18)
        case .evening: Array(18..<24) + Array(0..<4)
        }
    }
}
