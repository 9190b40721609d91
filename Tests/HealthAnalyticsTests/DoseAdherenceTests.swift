import HealthAnalytics
import HealthCore
import Testing

/// Adherence: the doses recorded with `took` (and the `bp-med` stamp, which means every dose due
/// in its slot was taken) against the doses the regimen schedules, never before a start or from
/// a stop, with the notes saying a dose was forgotten set against the same days.
@Suite struct DoseAdherenceTests {
    static let catalogue = RegimenTests.catalogue

    static func at(_ date: String, _ hour: Int, _ minute: Int = 0) -> ZonedInstant {
        ZonedInstant(date: day(date), hour: hour, minute: minute, offsetMinutes: 480)
    }

    static func change(_ at: ZonedInstant, _ name: String, _ action: MedicineAction, dose: String? = "5 mg", times: [DayPeriod] = []) -> Event {
        let medicine = MedicineChange(name: name, action: action, dose: action == .stop ? nil : dose, times: times)
        return Event(profileID: "dad", at: at, kind: .medication, text: medicine.eventText, medicine: medicine)
    }

    static func dose(_ at: ZonedInstant, _ name: String) -> Event {
        let medicine = MedicineChange(name: name, action: .taken, dose: "5 mg", times: [at.period])
        return Event(profileID: "dad", at: at, kind: .dose, text: medicine.eventText, medicine: medicine)
    }

    /// Amlodipine every morning: doses recorded on 5 of 7 mornings and the stamp on a sixth; the
    /// two mornings without are the two days whose notes say the pill was forgotten.
    @Test func dosesRecordedAgainstDosesScheduled() throws {
        let regimen = Regimen(events: [Self.change(Self.at("2026-11-01", 8), "amlodipine", .start, times: [.morning])], catalogue: Self.catalogue)
        let doses = ["2026-11-23", "2026-11-24", "2026-11-26", "2026-11-29"].map { Self.dose(Self.at($0, 7, 30), "氨氯地平") }
            + [Self.dose(Self.at("2026-11-27", 9), "amlodipine")]
        var forgot = reading("2026-11-25", 7, 40, 150, 95)
        forgot.note = "forgot my pill"
        var alsoForgot = reading("2026-11-28", 21, 0, 148, 92)
        alsoForgot.note = "忘记吃药了"
        let stamped = reading("2026-11-28", 7, 30, 140, 90, tags: ["bp-med"])
        var taggedElsewhere = reading("2026-11-25", 21, 0, 139, 88, tags: ["bp-med"])
        taggedElsewhere.note = ""
        let readings = [forgot, alsoForgot, stamped, taggedElsewhere]
        let adherence = try #require(
            DoseAdherence(regimen: regimen, doses: doses, readings: readings, from: day("2026-11-23"), to: day("2026-11-29"), catalogue: Self.catalogue))
        #expect(adherence.days == 7)
        #expect(adherence.scheduled == 7)
        // 25 Nov's evening stamp is not the morning dose: only 28 Nov's morning stamp counts.
        #expect(adherence.recorded == 6)
        #expect(adherence.missedSlots == [DoseSlot(day: day("2026-11-25"), period: .morning)])
        #expect(adherence.missedDaysNotedForgotten == [day("2026-11-25")])
    }

    /// Ramipril twice a day, started on the evening of 26 Nov and stopped at noon on 28 Nov: the
    /// slots before the start and from the stop are not scheduled, whatever was recorded.
    @Test func neverCountsBeforeAStartOrFromAStop() throws {
        let events = [
            Self.change(Self.at("2026-11-26", 20), "ramipril", .start, times: [.morning, .evening]),
            Self.change(Self.at("2026-11-28", 12), "ramipril", .stop),
        ]
        let regimen = Regimen(events: events, catalogue: Self.catalogue)
        let adherence = try #require(
            DoseAdherence(
                regimen: regimen, doses: [Self.dose(Self.at("2026-11-26", 20, 30), "ramipril")], readings: [], from: day("2026-11-23"),
                to: day("2026-11-29"), catalogue: Self.catalogue))
        #expect(adherence.days == 3)
        #expect(adherence.scheduled == 4)
        #expect(adherence.recorded == 1)
        #expect(adherence.missedSlots == [
            DoseSlot(day: day("2026-11-27"), period: .morning), DoseSlot(day: day("2026-11-27"), period: .evening),
            DoseSlot(day: day("2026-11-28"), period: .morning),
        ])
        #expect(adherence.missedDays == [day("2026-11-27"), day("2026-11-28")])
    }

    /// A medicine with no times is due once a day, whenever it is taken; without a dose recorded
    /// by `took` in the span there is no adherence figure (the stamp alone is main's medicated days).
    @Test func onceADayAndNoDoses() throws {
        let regimen = Regimen(events: [Self.change(Self.at("2026-11-01", 8), "indapamide", .start, dose: "1.5 mg")], catalogue: Self.catalogue)
        let doses = [Self.dose(Self.at("2026-11-28", 21), "indapamide"), Self.dose(Self.at("2026-11-29", 13), "indapamide")]
        let adherence = try #require(
            DoseAdherence(regimen: regimen, doses: doses, readings: [], from: day("2026-11-28"), to: day("2026-11-29"), catalogue: Self.catalogue))
        #expect(adherence.scheduled == 2)
        #expect(adherence.recorded == 2)
        #expect(adherence.missedSlots.isEmpty)
        #expect(DoseAdherence(regimen: regimen, doses: [], readings: [reading("2026-11-28", 7, 0, 140, 90, tags: ["bp-med"])], from: day("2026-11-28"),
                              to: day("2026-11-29"), catalogue: Self.catalogue) == nil)
    }

    /// `took` with no name takes the medicines due in the slot; a dose taken earlier on the day
    /// of a start is of that course, one after a stop is not.
    @Test func dueAndCoveredCourses() {
        let events = [
            Self.change(Self.at("2026-11-01", 8), "amlodipine", .start, times: [.morning]),
            Self.change(Self.at("2026-11-01", 8), "ramipril", .start, times: [.evening]),
            Self.change(Self.at("2026-11-29", 12), "losartan", .start, dose: "50 mg"),
            Self.change(Self.at("2026-11-20", 12), "ramipril", .stop),
        ]
        let regimen = Regimen(events: events, catalogue: Self.catalogue)
        #expect(regimen.due(at: Self.at("2026-11-29", 7, 30)).map(\.identity) == ["amlodipine", "losartan"])
        #expect(regimen.due(at: Self.at("2026-11-19", 21)).map(\.identity) == ["ramipril"])
        #expect(regimen.coursesForDose(at: Self.at("2026-11-29", 7)).map(\.identity) == ["amlodipine", "losartan"])
        #expect(regimen.coursesForDose(at: Self.at("2026-11-28", 7)).map(\.identity) == ["amlodipine"])
    }
}
