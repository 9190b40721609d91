import HealthAnalytics
import HealthCore
import Testing
import HealthPresentation

/// Page 1 says only what it knows: threshold where no target is set, no 100 % that is not all,
/// and a very high home reading is named for what to do, not as an office grade or an emergency.
@Suite struct PageOneWordingTests {
    static func week(_ pressure: (Int, Int)) -> [Reading] {
        (0..<7).flatMap { offset -> [Reading] in
            let date = day("2026-11-23").adding(days: offset).description
            return [(7, 0), (7, 3), (21, 0), (21, 3)].map { reading(date, $0.0, $0.1, pressure.0, pressure.1) }
        }
    }

    @Test func withNoTargetTheBadgeSpeaksOfTheThreshold() {
        let above = Headline(summary: BPSummary(profile: dad, readings: Self.week((142, 88))), strings: english) { $0 }
        #expect(above.targetIsThreshold)
        #expect(above.badgeText(english) == "At or above threshold")
        #expect(above.badgeText(chinese) == "达到或超过阈值")
        let below = Headline(summary: BPSummary(profile: dad, readings: Self.week((122, 78))), strings: english) { $0 }
        #expect(below.badgeText(english) == "Below threshold")
        var profile = dad
        profile.target = BloodPressure(systolic: 130, diastolic: 80)
        let own = Headline(summary: BPSummary(profile: profile, readings: Self.week((132, 78))), strings: english) { $0 }
        #expect(own.badgeText(english) == "At or above target")
    }

    static let shares: [(Double, String)] = [(100, "100"), (99.523_809, "99"), (99.4, "99"), (0.333_333, "<1"), (0, "0"), (50.5, "51")]

    @Test func percentagesNeverRoundToAllOrNone() {
        for (value, shown) in Self.shares { #expect(Figures.percent(value) == shown, "\(value)") }
    }

    @Test func aVeryHighHomeReadingSaysWhatToDo() throws {
        var readings = Self.week((142, 88))
        readings.append(reading("2026-11-27", 8, 0, 182, 75))
        let summary = BPSummary(profile: dad, readings: readings)
        let line = try #require(SummaryWording(summary: summary, strings: english) { $0 }.alertLines.first)
        #expect(line == "1 very high reading (≥ 180/110: measure again and ask about symptoms): 182/75 on 27 Nov")
        #expect(!line.contains("crisis") && !line.contains("grade"))
        let aha = BPSummary(profile: dad, readings: readings + [reading("2026-11-28", 8, 0, 185, 80)], options: AnalysisOptions(guideline: .aha))
        #expect(SummaryWording(summary: aha, strings: english) { $0 }.alertLines.first?.contains("> 180/120") == true)
    }

    @Test func aNightReadingIsNotTheEveningReading() throws {
        // Mornings at 138/86; "evenings" at 00:05 (before bed: kept) and 03:50 (woke up: a night reading).
        var readings: [Reading] = []
        for offset in 0..<7 {
            let date = day("2026-11-23").adding(days: offset)
            readings += [reading(date.description, 7, 0, 138, 86), reading(date.description, 7, 3, 138, 86)]
            readings += [reading(date.adding(days: 1).description, 0, 5, 128, 78), reading(date.adding(days: 1).description, 3, 50, 110, 70)]
        }
        let average = try #require(BPSummary(profile: dad, readings: readings).protocolAverage)
        #expect(average.evening?.count == 6, "00:05 counts for the evening; 03:50 does not")
        #expect(average.evening?.shown == BloodPressure(systolic: 128, diastolic: 78))
    }

    @Test func aWeekOfEveningsAloneGivesAFigureNotAVerdict() throws {
        let readings = (0..<7).flatMap { offset -> [Reading] in
            let date = day("2026-11-23").adding(days: offset).description
            return [reading(date, 21, 0, 128, 80), reading(date, 21, 3, 128, 80)]
        }
        let summary = BPSummary(profile: dad, readings: readings)
        #expect(summary.protocolAverage?.sufficient == true)
        #expect(summary.verdict?.sufficient == false)
        let headline = Headline(summary: summary, strings: english) { $0 }
        #expect(headline.badge == .tooFew)
        #expect(!headline.verdicts.contains { $0.tone == .good })
        #expect(headline.provisionalReason == "Provisional: no morning readings, and mornings usually run higher; the protocol asks for mornings and evenings")
        // 14 readings are enough: the badge and every provisional line say what is missing, not "too few".
        #expect(headline.lacksAPart && headline.badgeText(english) == "Mornings and evenings needed")
        #expect(headline.badgeText(chinese) == "需要早晚都测")
        #expect(!headline.verdicts.contains { $0.text.contains("too few readings") })
    }

    @Test func theWeekDifferenceIsTheDifferenceOfThePrintedMeans() throws {
        // Morning 132.4/78.4 and evening 130.6/78.6: printed 132/78 and 131/79, so +1/−1.
        var readings: [Reading] = []
        for offset in 0..<7 {
            let date = day("2026-11-23").adding(days: offset).description
            readings += [reading(date, 7, 0, 132, 78), reading(date, 7, 3, 133, 79)]
            readings += [reading(date, 21, 0, 130, 78), reading(date, 21, 3, 131, 79)]
        }
        let headline = Headline(summary: BPSummary(profile: dad, readings: readings), strings: english) { $0 }
        let morning = try #require(headline.morning)
        let evening = try #require(headline.evening)
        let expected = "\(Figures.signed(Double(morning.shown.systolic - evening.shown.systolic)))/\(Figures.signed(Double(morning.shown.diastolic - evening.shown.diastolic)))"
        #expect(headline.weekDifference == expected)
    }

    @Test func theTrendNamesWeeksWithEnoughReadings() throws {
        var readings = [reading("2026-11-02", 0, 30, 160, 100)]
        for offset in 7..<21 { readings.append(reading(day("2026-11-02").adding(days: offset).description, 7, 0, 140, 88)) }
        let words = try #require(SummaryWording(summary: BPSummary(profile: dad, readings: readings), strings: english) { $0 }.trendWords)
        #expect(!words.contains("160/100"), "one reading at 00:30 is no first week: \(words)")
        // …and the week left out is said to be left out.
        #expect(words.hasSuffix("; weeks of fewer than 4 readings left out"), "\(words)")
        let full = (7..<21).map { reading(day("2026-11-02").adding(days: $0).description, 7, 0, 140, 88) }
        let plain = try #require(SummaryWording(summary: BPSummary(profile: dad, readings: full), strings: english) { $0 }.trendWords)
        #expect(!plain.contains("left out"))
    }

    @Test func aVeryHighReadingBringsItsNote() throws {
        var readings = Self.week((142, 88))
        var high = reading("2026-11-27", 8, 0, 186, 92)
        high.note = "headache"
        readings.append(high)
        let line = try #require(SummaryWording(summary: BPSummary(profile: dad, readings: readings), strings: english) { $0 }.alertLines.first)
        #expect(line.hasSuffix(": “headache”"))
    }

    @Test func aWeightChangeIsThatOfThePrintedWeights() throws {
        let readings = [reading("2026-11-01", 7, 0, weight: 80_040), reading("2026-11-20", 7, 0, weight: 78_560)]
        let weight = try #require(BPSummary(profile: dad, readings: readings).weight)
        #expect(Figures.oneDecimal(weight.first) == "80.0")
        #expect(Figures.oneDecimal(weight.last) == "78.6")
        #expect(Figures.signed(weight.change, decimals: 1) == "−1.4")
    }
}
