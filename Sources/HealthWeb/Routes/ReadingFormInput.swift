import HealthCore
import HealthUseCases

/// A reading's form as posted: `systolic`, `diastolic`, `pulse`, `weight` (kg), `note`, `tags`
/// (one field each) and the time: `date` and `time` (a time alone is today's), or `at` (a
/// `datetime-local` wall time); none is now. The numbers are read
/// here, and everything else about them (their ranges, systolic above diastolic, a time not in
/// the future) is the use case's to refuse, in the same words as `healthlog add`.
struct ReadingFormInput {
    /// The fields as typed, to show again with a refusal.
    let typed: [String: String]
    let tagIDs: [String]

    init(_ request: HTTPRequest) {
        var typed: [String: String] = [:]
        for name in ["systolic", "diastolic", "pulse", "weight", "note", "at"] {
            typed[name] = request.field(name) ?? ""
        }
        // The page's form gives the date and the time of day apart; `at` is both in one.
        let date = (request.field("date") ?? "").trimmingWhitespace(), clock = (request.field("time") ?? "").trimmingWhitespace()
        if typed["at"]!.isEmpty && !(date.isEmpty && clock.isEmpty) { typed["at"] = "\(date)T\(clock)" }
        self.typed = typed
        var seen = Set<String>()
        tagIDs = request.fields("tags").filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// The value typed for `name`, without the spaces around it.
    func value(_ name: String) -> String { String((typed[name] ?? "").trimmingWhitespace()) }

    /// The reading's values, or the reason they cannot be one. With `requireMeasurement`, a
    /// form with no blood pressure, pulse or weight is refused (an edit may clear values).
    func entry(zone: any TimeZoneRule, now: ZonedInstant, clearing: Bool = false) throws(ValidationError) -> ReadingEntry {
        let systolic = try number("systolic", ValueLimits.systolic)
        let diastolic = try number("diastolic", ValueLimits.diastolic)
        var pressure: BloodPressure?
        switch (systolic, diastolic) {
        case let (systolic?, diastolic?): pressure = BloodPressure(systolic: systolic, diastolic: diastolic)
        case (nil, nil): pressure = nil
        case (nil, _?): throw .invalid(Phrase("give the systolic value too, or neither"))
        case (_?, nil): throw .invalid(Phrase("give the diastolic value too, or neither"))
        }
        try pressure?.validate()
        let pulse = try number("pulse", ValueLimits.pulse)
        var grams: Int?
        let weight = value("weight").replacingOccurrences(of: ",", with: ".")
        if !weight.isEmpty {
            guard let parsed = parseKilograms(weight) else {
                throw .invalid(Phrase("weight '{text}' is not a number of kilograms like 72.5 ({weightText})", ["text": weight, "weightText": ValueLimits.weightText]))
            }
            grams = parsed
        }
        let note = typed["note"] ?? ""
        let entry = ReadingEntry(
            bloodPressure: pressure, pulse: pulse, weightGrams: grams, tagIDs: tagIDs, note: note.isEmpty && !clearing ? nil : note,
            takenAt: try takenAt(zone: zone, now: now))
        return entry
    }

    /// A whole number typed in `name`, or nil when the field is empty. A negative whole number
    /// (`-5`) is a whole number out of `limit`'s range, and is refused as one.
    private func number(_ name: String, _ limit: NumberLimit) throws(ValidationError) -> Int? {
        let text = value(name)
        guard !text.isEmpty else { return nil }
        if text.hasPrefix("-"), let magnitude = parseWholeNumber(text.dropFirst()) {
            try limit.check(-magnitude, shown: text)
        }
        guard let number = parseWholeNumber(text[...]) else {
            throw .invalid(Phrase("{name} '{text}' is not a whole number", ["text": text], terms: ["name": limit.term]))
        }
        return number
    }

    /// The time in `at` (`2026-11-30T07:45`, seconds allowed; `T07:45` is today's), in the page's
    /// zone; nil for now.
    private func takenAt(zone: any TimeZoneRule, now: ZonedInstant) throws(ValidationError) -> ZonedInstant? {
        var text = value("at")
        guard !text.isEmpty else { return nil }
        if text.hasSuffix("T") { throw .invalid(Phrase("give the time of day with the date {date}, or neither", ["date": String(text.dropLast())])) }
        if text.hasPrefix("T") { text = "\(now.localDate)\(text)" }
        let parts = text.split(separator: "T", maxSplits: 1)
        guard parts.count == 2, let date = CivilDate(iso: parts[0]), let clock = ZonedInstant.parseClock(parts[1]) else {
            throw .invalid(Phrase("the time '{text}' is not a date and time like 2026-11-30T07:45", ["text": text]))
        }
        let instant = try zone.wallClockInstant(date: date, hour: clock.0, minute: clock.1, second: clock.2, written: "\(date) \(parts[1])")
        try instant.checkPlausible(now: now.utcSeconds, birthYear: nil)
        return instant
    }
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
