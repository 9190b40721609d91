import HealthCore
import HealthReport
import Testing
import HealthPresentation

/// Page 1's grid of the headline week: the readings the average takes from each morning and
/// evening, read back from the PDF's text in both languages.
@Suite struct ProtocolWeekGridTests {
    /// Morning and evening pairs from 23 to 30 Nov, without the evening of 27 Nov and with one
    /// morning reading on 28 Nov.
    static var week: [Reading] {
        var data: [Reading] = []
        for offset in 0..<8 {
            let day = CivilDate(iso: "2026-11-23")!.adding(days: offset)
            for (hour, count) in [(7, day.day == 28 ? 1 : 2), (21, day.day == 27 ? 0 : 2)] {
                for minute in 0..<count {
                    data.append(Reading(
                        profileID: "dad", takenAt: ZonedInstant(date: day, hour: hour, minute: minute * 2, offsetMinutes: 480),
                        bloodPressure: BloodPressure(systolic: 138, diastolic: 86)))
                }
            }
        }
        return data
    }

    /// The page's lines as `pdftotext -layout` sets them, runs of spaces made one.
    static func layoutLines(_ request: ReportRequest) throws -> [String] {
        let directory = TemporaryDirectory()
        let path = directory.file("report.pdf")
        try ReportRenderer.render(request, format: .pdf, to: path)
        return try poppler("pdftotext", ["-layout", "-l", "1", path, "-"]).split(separator: "\n").map {
            $0.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
    }

    @Test(arguments: [
        (Language.english, "Readings per slot (2 asked for)", "Tue Wed Thu Fri Sat Sun Mon", "Morning", "Evening"),
        (.chinese, "每时段读数（应为 2 次）", "周二 周三 周四 周五 周六 周日 周一", "早晨", "晚上"),
    ])
    func theGridShowsEachSlotOfTheHeadlineWeek(language: Language, caption: String, weekdays: String, morning: String, evening: String) throws {
        let lines = try ProtocolWeekGridTests.layoutLines(try request(ProtocolWeekGridTests.week, language: language))
        #expect(lines.contains { $0.hasSuffix(caption) })
        // The 7 days ending on the last one, 24 Nov (the dropped first day) to 30 Nov.
        #expect(lines.contains { $0.hasSuffix(weekdays) })
        #expect(lines.contains { $0.hasSuffix("24 25 26 27 28 29 30") })
        #expect(lines.contains { $0.hasSuffix("\(morning) 2 2 2 2 1 2 2") })
        #expect(lines.contains { $0.hasSuffix("\(evening) 2 2 2 – 2 2 2") })
    }

    /// A night reading (02:00–03:59) is not the protocol's evening: the grid leaves it out as the average does.
    @Test func aNightReadingIsNotCountedAsAnEvening() throws {
        var data = ProtocolWeekGridTests.week
        data.append(Reading(
            profileID: "dad", takenAt: ZonedInstant(date: CivilDate(iso: "2026-11-28")!, hour: 3, minute: 50, offsetMinutes: 480),
            bloodPressure: BloodPressure(systolic: 128, diastolic: 80), note: "woke up"))
        let lines = try ProtocolWeekGridTests.layoutLines(try request(data))
        #expect(lines.contains { $0.hasSuffix("Evening 2 2 2 – 2 2 2") })
    }

    /// No protocol week, no grid: one reading, and a log of weights alone.
    @Test func noGridWithoutAProtocolWeek() throws {
        let one = [Reading(profileID: "dad", takenAt: ZonedInstant(date: CivilDate(iso: "2026-11-30")!, hour: 7, minute: 0, offsetMinutes: 480), bloodPressure: BloodPressure(systolic: 138, diastolic: 86))]
        let weights = (0..<10).map { Reading(profileID: "dad", takenAt: ZonedInstant(date: CivilDate(iso: "2026-11-20")!.adding(days: $0), hour: 7, minute: 0, offsetMinutes: 480), weightGrams: 78_000) }
        for data in [one, weights] {
            let lines = try ProtocolWeekGridTests.layoutLines(try request(data))
            #expect(!lines.contains { $0.contains("Readings per slot") })
        }
    }
}
