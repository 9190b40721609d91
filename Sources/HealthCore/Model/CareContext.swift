/// A condition that changes what the guidelines say about a person's blood pressure.
public enum Condition: String, CaseIterable, Sendable {
    case diabetes
    /// Chronic kidney disease.
    case kidneyDisease = "kidney-disease"
    /// Atrial fibrillation: home BP needs at least three readings a session (ESH 2023).
    case atrialFibrillation = "atrial-fibrillation"
    case coronaryDisease = "coronary-disease"
    case stroke
    case heartFailure = "heart-failure"

    /// Conditions from their stored or typed form, `diabetes,kidney-disease` (`ckd` and `af` too);
    /// nil when a word is not a condition.
    public static func list(_ text: String) -> [Condition]? {
        var found = Set<Condition>()
        for word in text.split(separator: ",") {
            let key = String(word).trimmingWhitespace().lowercased()
            guard let condition = Condition(rawValue: key) ?? aliases[key] else { return nil }
            found.insert(condition)
        }
        return allCases.filter(found.contains)
    }

    private static let aliases: [String: Condition] = ["ckd": .kidneyDisease, "af": .atrialFibrillation, "afib": .atrialFibrillation, "chd": .coronaryDisease, "cad": .coronaryDisease]
}

/// A person's usual sleep, so that the morning and evening of a shift worker follow her day:
/// from going to bed to getting up, in minutes after local midnight.
public struct SleepHours: Equatable, Sendable, CustomStringConvertible {
    public var bedtime: Int
    public var wake: Int

    public init?(bedtime: Int, wake: Int) {
        guard (0..<1440).contains(bedtime), (0..<1440).contains(wake), bedtime != wake else { return nil }
        self.bedtime = bedtime
        self.wake = wake
    }

    /// `23:00-07:00`, or nil when `text` is not two times of day joined by `-`.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let bed = SleepHours.minutes(parts[0]), let wake = SleepHours.minutes(parts[1]) else { return nil }
        self.init(bedtime: bed, wake: wake)
    }

    /// `23:00-07:00`.
    public var description: String { "\(SleepHours.clock(bedtime))-\(SleepHours.clock(wake))" }

    /// True when the usual day is not the common one: getting up after noon or before 03:00,
    /// so a reading's clock hour says nothing of whether it is a waking or a bedtime reading.
    public var isShifted: Bool { wake >= 12 * 60 || wake < 3 * 60 }

    private static func minutes(_ text: Substring) -> Int? {
        let pieces = String(text).trimmingWhitespace().split(separator: ":", omittingEmptySubsequences: false)
        guard pieces.count == 2, pieces[0].count <= 2, pieces[1].count == 2, let hour = Int(pieces[0]), let minute = Int(pieces[1]),
            (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        return hour * 60 + minute
    }

    /// `08:30` for 510 minutes after midnight.
    public static func clock(_ minutes: Int) -> String {
        let hour = minutes / 60
        let minute = minutes % 60
        return "\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)"
    }
}
