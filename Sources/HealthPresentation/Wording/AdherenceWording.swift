import HealthAnalytics
import HealthCore

/// Page 1's adherence clause, from the doses recorded with `took` against those the regimen
/// schedules in the headline week: "No dose recorded on 2 mornings (28 Nov; 3 Dec), both
/// noted as forgotten" or "Doses recorded on all 7 days".
extension SummaryWording {
    /// The adherence clause; nil when no dose was recorded with `took` in the headline week.
    public var adherenceSentence: String? {
        guard let adherence = summary.doseAdherence else { return nil }
        let missedDays = adherence.missedDays
        guard !missedDays.isEmpty else {
            return strings.text(adherence.days == 1 ? "clinical.doses.all.one" : "clinical.doses.all", ["days": String(adherence.days)])
        }
        let dates = missedDays.map(date).joined(separator: strings.text("clinical.doses.dateSeparator"))
        let periods = Set(adherence.missedSlots.map(\.period))
        var sentence: String
        if periods.count == 1, let period = periods.first, adherence.missedSlots.count == missedDays.count {
            let periodWord = strings.text("clinical.doses.\(period.rawValue)\(missedDays.count == 1 ? ".one" : "")")
            sentence = strings.text("clinical.doses.missedPeriod", ["n": String(missedDays.count), "period": periodWord, "dates": dates])
        } else {
            sentence = strings.text(missedDays.count == 1 ? "clinical.doses.missed.one" : "clinical.doses.missed", [
                "n": String(missedDays.count), "days": String(adherence.days), "dates": dates,
            ])
        }
        let forgotten = adherence.missedDaysNotedForgotten.count
        if forgotten > 0 {
            let key = forgotten < missedDays.count
                ? "clinical.doses.forgotten.some" : missedDays.count == 1 ? "clinical.doses.forgotten.one" : missedDays.count == 2 ? "clinical.doses.forgotten.both" : "clinical.doses.forgotten.all"
            sentence += strings.text(key, ["n": String(forgotten)])
        }
        return sentence
    }
}
