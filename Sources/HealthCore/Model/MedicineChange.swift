/// What a medicine event does to a regimen.
public enum MedicineAction: String, CaseIterable, Sendable {
    /// The medicine is taken from this day: `med start`.
    case start
    /// Its dose or times change: `med change`.
    case change
    /// It is no longer taken: `med stop`.
    case stop
    /// A dose was taken (`took`, `add --took`): carried by a dose event, never by a medication event.
    case taken
}

/// A start, change or stop of one medicine, carried by a medication ``Event``: the care record's
/// history of treatment. It is stored beside the event's text, so that the before/after figures,
/// backups and sync treat it as every other event, and an older HealthLog still shows the text.
public struct MedicineChange: Equatable, Sendable {
    /// The name as typed, such as `amlodipine` or `氨氯地平`; the catalogue knows its class.
    public var name: String
    public var action: MedicineAction
    /// The dose as the label says it, such as `5 mg`; nil for a stop.
    public var dose: String?
    /// When in the day a dose is due; empty when not said (one dose a day is assumed).
    public var times: [DayPeriod]
    /// Why it was stopped or changed, such as `ankle swelling`.
    public var reason: String?

    public init(name: String, action: MedicineAction, dose: String? = nil, times: [DayPeriod] = [], reason: String? = nil) {
        self.name = name
        self.action = action
        self.dose = dose
        self.times = times
        self.reason = reason
    }

    /// The event text an older HealthLog (and `event list`) shows: `amlodipine 5 mg started`,
    /// `ramipril changed to 10 mg`, `amlodipine stopped (ankle swelling)`.
    public var eventText: String {
        let because = reason.map { " (\($0))" } ?? ""
        switch action {
        case .start: return "\(name)\(dose.map { " \($0)" } ?? "") started\(because)"
        case .change: return "\(name) changed\(dose.map { " to \($0)" } ?? "")\(because)"
        case .stop: return "\(name) stopped\(because)"
        case .taken: return "\(name)\(dose.map { " \($0)" } ?? "") taken"
        }
    }

    /// Checks the name, dose and reason against their limits; a start needs a dose.
    public func validate() throws(ValidationError) {
        try ValueLimits.medicineName.check(name)
        if let dose { try ValueLimits.medicineDose.check(dose) }
        if let reason { try ValueLimits.medicineReason.check(reason) }
        if (action == .start || action == .change) && dose == nil {
            throw .invalid(Phrase("a medicine's start or change needs its dose, such as --dose '5 mg'"))
        }
        for text in [name, dose ?? "", reason ?? ""] where text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .invalid(Phrase("a medicine's name, dose or reason may not hold control characters or line breaks"))
        }
    }

    /// The times as stored: `morning,evening` (empty when none).
    public var timesText: String { times.map(\.rawValue).joined(separator: ",") }

    /// Times from their stored or typed form, `morning,evening`; nil when a word is not a time of day.
    public static func times(_ text: String) -> [DayPeriod]? {
        var found: [DayPeriod] = []
        for word in text.split(separator: ",") {
            guard let period = DayPeriod(rawValue: String(word).trimmingWhitespace().lowercased()) else { return nil }
            if !found.contains(period) { found.append(period) }
        }
        return DayPeriod.allCases.filter(found.contains)
    }
}
