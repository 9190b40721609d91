import HealthAnalytics
import HealthCore
import HealthPresentation
import HealthReport
import HealthUseCases
import Testing

/// What the trend chart rings, marks as low and draws as reference lines, read from the same
/// ``ChartMarks`` the chart draws, and its legend read back from the PDF.
@Suite struct ChartMarksTests {
    /// Morning and evening pairs ending on 2026-11-30, the pressures taken in turn from `pressures`.
    static func log(_ pressures: [BloodPressure], treated: Bool = false, notes: [Int: String] = [:]) -> [Reading] {
        pressures.enumerated().map { index, pressure in
            let day = CivilDate(iso: "2026-11-30")!.adding(days: -(pressures.count - 1 - index) / 4)
            let evening = index % 4 >= 2
            return Reading(
                profileID: "dad", takenAt: ZonedInstant(date: day, hour: evening ? 21 : 7, minute: index % 2 * 2, offsetMinutes: 480),
                bloodPressure: pressure, pulse: 66, tagIDs: treated && !evening ? ["bp-med"] : [], note: notes[index] ?? "")
        }
    }

    static func pressures(_ count: Int, _ pressure: BloodPressure, except: [Int: BloodPressure] = [:]) -> [BloodPressure] {
        (0..<count).map { except[$0] ?? pressure }
    }

    /// The legend and the rest of page 1 as text.
    static func pageOne(_ request: ReportRequest) throws -> String {
        let directory = TemporaryDirectory()
        let path = directory.file("report.pdf")
        try ReportRenderer.render(request, format: .pdf, to: path)
        return try poppler("pdftotext", ["-l", "1", path, "-"])
    }

    /// The treated patient at about 105/63 with three dizzy lows at 86/52: the band's floor and
    /// 90/60 are drawn, the low values are triangles, and the legend names both lines.
    @Test func aLowTreatedPatientGetsTheLowerLinesAndLowMarks() throws {
        let lows = [20: BloodPressure(systolic: 86, diastolic: 52), 60: BloodPressure(systolic: 86, diastolic: 52), 100: BloodPressure(systolic: 86, diastolic: 52)]
        let notes = [20: "站起来头晕", 60: "站起来头晕", 100: "站起来头晕"]
        let profile = Profile(id: "dad", name: "Dad", birthYear: 1948, sex: .male, target: BloodPressure(systolic: 130, diastolic: 80))
        let data = ChartMarksTests.log(ChartMarksTests.pressures(112, BloodPressure(systolic: 105, diastolic: 63), except: lows), treated: true, notes: notes)
        let chineseReport = try request(data, language: .chinese, profile: profile)
        let report = try request(data, profile: profile)
        let marks = chartMarks(report)
        #expect(marks.lines.map(\.kind) == [.threshold, .target, .lowerLimit, .low])
        let lowerLimit = try #require(marks.lines.first { $0.kind == .lowerLimit })
        #expect(lowerLimit.level == BloodPressure(systolic: 115, diastolic: 65) && lowerLimit.systolic && lowerLimit.diastolic)
        let low = try #require(marks.lines.last)
        #expect(low.level == BloodPressure(systolic: 90, diastolic: 60) && low.systolic && low.diastolic)
        // Three readings, each low on both numbers.
        #expect(marks.lowValues == 6)
        // Every reading is below the target: nothing is an exception worth a ring.
        #expect(marks.ring == nil)
        let english = try ChartMarksTests.pageOne(report)
        #expect(english.contains("Low: below 90/60"))
        #expect(english.contains("Treated lower limit 115/65 (ESH 2023)"))
        #expect(english.contains("Target 130/80"))
        #expect(!english.contains("Ringed"))
        let chinese = try ChartMarksTests.pageOne(chineseReport)
        #expect(chinese.contains("偏低：低于 90/60"))
        #expect(chinese.contains("ESH 2023 治疗下限 115/65"))
    }

    /// ESC 2024's treated band is an office target: over the home readings the chart draws the
    /// home threshold, never the band's top or floor (issue 35).
    @Test func escTreatedBandIsNotDrawnOverHomeReadings() throws {
        let data = ChartMarksTests.log(ChartMarksTests.pressures(56, BloodPressure(systolic: 124, diastolic: 74)), treated: true)
        let log = try ReportLog(data)
        let request = try log.log.reportRequest(ReportAsk(summary: SummaryRequest(guideline: .esc), template: "clinic"))
        let marks = chartMarks(request)
        #expect(marks.lines.map(\.kind) == [.threshold])
        let page = try ChartMarksTests.pageOne(request)
        #expect(page.contains("home threshold 135/85 mmHg (ESC 2024)"))
        #expect(!page.contains("Treated band") && !page.contains("Lower limit"))
    }

    /// A hypertensive patient far above 90/60 gets no lower lines to cross his diastolic readings.
    @Test func lowerLinesStayAwayFromReadingsFarAboveThem() throws {
        let data = ChartMarksTests.log(ChartMarksTests.pressures(56, BloodPressure(systolic: 150, diastolic: 92)))
        let marks = chartMarks(try request(data))
        #expect(marks.lines.map(\.kind) == [.threshold])
        #expect(marks.lowValues == 0)
        let page = try ChartMarksTests.pageOne(try request(data))
        #expect(!page.contains("Low: below"))
    }

    /// Rings mark the exceptions: the few above the threshold, the few below it, or nothing.
    @Test(arguments: [
        (above: 2, of: 40, ring: ChartMarks.Ring?.some(.atOrAboveTarget), ringed: 2, legend: "Ringed: 2 at or above threshold 135/85"),
        (above: 37, of: 40, ring: .belowTarget, ringed: 3, legend: "Ringed: 3 below threshold 135/85"),
        (above: 40, of: 40, ring: nil, ringed: 0, legend: nil),
        (above: 0, of: 40, ring: nil, ringed: 0, legend: nil),
        (above: 20, of: 40, ring: nil, ringed: 0, legend: nil),
    ])
    func ringsMarkOnlyTheExceptions(above: Int, of count: Int, ring: ChartMarks.Ring?, ringed: Int, legend: String?) throws {
        let high = BloodPressure(systolic: 148, diastolic: 90)
        let normal = BloodPressure(systolic: 124, diastolic: 78)
        let pressures = (0..<count).map { $0 < above ? high : normal }.shuffledDeterministically()
        let request = try request(ChartMarksTests.log(pressures))
        let marks = chartMarks(request)
        #expect(marks.ring == ring)
        #expect(marks.ringedReadings == ringed)
        let page = try ChartMarksTests.pageOne(request)
        if let legend { #expect(page.contains(legend)) } else { #expect(!page.contains("Ringed")) }
    }

    /// Office readings are judged against another threshold: never ringed, never counted.
    @Test func officeReadingsAreNeverRinged() throws {
        var data = ChartMarksTests.log(ChartMarksTests.pressures(40, BloodPressure(systolic: 124, diastolic: 78)))
        for index in 0..<3 {
            data.append(Reading(
                profileID: "dad", takenAt: ZonedInstant(date: CivilDate(iso: "2026-11-2\(index)")!, hour: 10, minute: 30, offsetMinutes: 480),
                bloodPressure: BloodPressure(systolic: 152, diastolic: 94), site: .office))
        }
        let marks = chartMarks(try request(data))
        #expect(marks.ring == nil)
        #expect(marks.ringedReadings == 0)
    }

    /// Standing readings are in no home figure (``StandingReading``), so the chart draws none of
    /// them either: 37 seated readings above 135/85 and 3 below, then each morning 2 standing
    /// readings at 112/66. Only the 3 seated readings are ringed, as the legend says (issue 35).
    @Test func standingReadingsAreNotDrawnAmongTheHomeMarks() throws {
        let high = BloodPressure(systolic: 146, diastolic: 88)
        let normal = BloodPressure(systolic: 126, diastolic: 78)
        let standing = BloodPressure(systolic: 112, diastolic: 66)
        var data = ChartMarksTests.log((0..<40).map { $0 < 37 ? high : normal }.shuffledDeterministically())
        for day in 0..<10 {
            for (minute, note) in [(5, "standing 1 min"), (7, "standing 3 min")] {
                data.append(Reading(
                    profileID: "dad", takenAt: ZonedInstant(date: CivilDate(iso: "2026-11-30")!.adding(days: -day), hour: 7, minute: minute, offsetMinutes: 480),
                    bloodPressure: standing, pulse: 70, note: note))
            }
        }
        let request = try request(data.sorted { $0.takenAt.utcSeconds < $1.takenAt.utcSeconds })
        let chart = request.document.chart(barsUpTo: request.template.chart.barsUpTo, showsPulse: request.template.chart.pulse)
        #expect(chart.marks.ring == .belowTarget)
        #expect(chart.marks.ringedReadings == 3)
        #expect(chart.points.count == 40)
        #expect(!chart.points.contains { $0.systolic == standing.systolic && $0.diastolic == standing.diastolic })
        #expect(chart.points.filter { $0.ringed.systolic || $0.ringed.diastolic }.count == 3)
        let page = try ChartMarksTests.pageOne(request)
        #expect(page.contains("Ringed: 3 below threshold 135/85"), "\(page)")
    }

    /// Past the template's limit the chart draws daily means: no rings, but low readings still marked.
    @Test func aLongLogStillMarksItsLowReadings() throws {
        let lows = [7: BloodPressure(systolic: 84, diastolic: 58), 300: BloodPressure(systolic: 120, diastolic: 55)]
        let data = ChartMarksTests.log(ChartMarksTests.pressures(600, BloodPressure(systolic: 128, diastolic: 76), except: lows))
        let marks = chartMarks(try request(data))
        #expect(!marks.drawsEveryReading)
        #expect(marks.ring == nil)
        #expect(marks.lowValues == 3)
        #expect(marks.lines.last?.kind == .low)
    }
}

extension Array {
    /// The same order every run: every third element first, then the rest.
    func shuffledDeterministically() -> [Element] {
        enumerated().filter { $0.offset % 3 == 0 }.map(\.element) + enumerated().filter { $0.offset % 3 != 0 }.map(\.element)
    }
}

@Suite struct ChartMeanLineTests {
    /// A line across a gap of weeks would draw readings nobody took: it breaks there, and only there.
    @Test func theDailyMeanLineBreaksAcrossGapsLongerThanFourDays() throws {
        let days = (0..<10).map { $0 } + (15..<20).map { $0 } + (60..<70).map { $0 } + [74, 75]
        let data = days.flatMap { offset -> [Reading] in
            let day = CivilDate(iso: "2026-09-01")!.adding(days: offset)
            return [7, 21].map { Reading(profileID: "dad", takenAt: ZonedInstant(date: day, hour: $0, minute: 0, offsetMinutes: 480), bloodPressure: BloodPressure(systolic: 136, diastolic: 84)) }
        }
        let marks = chartMarks(try request(data))
        let start = CivilDate(iso: "2026-09-01")!
        // 9 → 15 is 6 days apart and 19 → 60 is 41: both break; 69 → 74 is 5: breaks; each day to the next joins.
        #expect(marks.meanLines == [
            start...start.adding(days: 9), start.adding(days: 15)...start.adding(days: 19), start.adding(days: 60)...start.adding(days: 69),
            start.adding(days: 74)...start.adding(days: 75),
        ])
        let joined = (0..<20).filter { $0 % 4 != 3 }.flatMap { offset -> [Reading] in
            [7, 21].map { Reading(profileID: "dad", takenAt: ZonedInstant(date: start.adding(days: offset), hour: $0, minute: 0, offsetMinutes: 480), bloodPressure: BloodPressure(systolic: 136, diastolic: 84)) }
        }
        #expect(chartMarks(try request(joined)).meanLines.count == 1)
    }
}
