import HealthAnalytics
import HealthCore
import Testing
import HealthPresentation

@Suite struct ProtocolAverageTests {
    /// A week of 2 morning and 2 evening readings a day: mornings 150 + day, evenings 130 + day.
    static func week(from start: String = "2026-11-23") -> [Reading] {
        (0..<7).flatMap { offset -> [Reading] in
            let date = day(start).adding(days: offset).description
            return [
                reading(date, 7, 0, 150 + offset, 90), reading(date, 7, 5, 150 + offset, 92),
                reading(date, 21, 0, 130 + offset, 80), reading(date, 21, 5, 130 + offset, 82),
            ]
        }
    }

    /// Day 1 (23 Nov) is dropped; days 2–7 give 12 morning readings, mean 150 + 3.5 = 153.5 / 91,
    /// and 12 evening readings, 133.5 / 81. Together 143.5 / 86; morning − evening 20 / 10.
    @Test func theWeeksOwnMorningAndEveningFigures() throws {
        let average = try #require(ProtocolAverage(Self.week(), from: day("2026-11-23")))
        #expect(average.excludedDay == day("2026-11-23"))
        #expect(average.firstDay == day("2026-11-24"))
        #expect(average.lastDay == day("2026-11-29"))
        #expect(average.count == 24)
        #expect(average.sufficient)
        #expect(average.systolic == 143.5)
        #expect(average.diastolic == 86)
        #expect(average.morning?.count == 12)
        #expect(average.morning?.systolic == 153.5)
        #expect(average.morning?.diastolic == 91)
        #expect(average.evening?.systolic == 133.5)
        #expect(average.evening?.diastolic == 81)
        #expect(average.morningEveningDifference?.systolic == 20)
        #expect(average.morningEveningDifference?.diastolic == 10)
    }

    /// A reading at 00:40 is the previous day's evening reading, on the day it belongs to.
    @Test func aReadingAtTwentyToOneBelongsToTheEveningBefore() throws {
        var readings = Self.week()
        readings.append(reading("2026-11-30", 0, 40, 200, 100))
        let average = try #require(ProtocolAverage(readings, from: day("2026-11-23")))
        #expect(average.lastDay == day("2026-11-29"))
        #expect(average.evening?.count == 13)
        #expect(average.excludedDay == day("2026-11-23"))
        #expect(reading("2026-11-30", 0, 40, 120, 80).measurementDay == day("2026-11-29"))
        #expect(reading("2026-11-30", 0, 40, 120, 80).period == .evening)
        #expect(reading("2026-11-30", 4, 0, 120, 80).measurementDay == day("2026-11-30"))
    }

    @Test func officeReadingsNeverEnterIt() throws {
        var readings = Self.week()
        var office = reading("2026-11-28", 10, 0, 190, 110)
        office.site = .office
        readings.append(office)
        #expect(try #require(ProtocolAverage(readings, from: day("2026-11-23"))).systolic == 143.5)
    }

    @Test func theProtocolWeekCountsSlotsAndSharesTheAverage() throws {
        let readings = Array(Self.week().prefix(10))  // days 1–2 full, day 3 morning only
        let week = ProtocolWeek(start: day("2026-11-23"), readings: readings)
        #expect(week.end == day("2026-11-29"))
        #expect(week.days.map(\.morning) == [2, 2, 2, 0, 0, 0, 0])
        #expect(week.days.map(\.evening) == [2, 2, 0, 0, 0, 0, 0])
        #expect(week.count == 6)
        #expect(!week.sufficient)
        #expect(week.average == ProtocolAverage(readings, from: day("2026-11-23")))
        #expect(week.missingSlots(today: day("2026-11-25"), hour: 8) == [.evening])
        #expect(week.missingSlots(today: day("2026-11-26"), hour: 8) == [.morning, .evening])
        #expect(week.missingSlots(today: day("2026-11-26"), hour: 13) == [.evening])
        #expect(week.missingSlots(today: day("2026-12-26"), hour: 8) == [])
    }
}

/// One definition of the morning and evening sessions: the average, `healthlog protocol`'s week
/// and the week's quality count the same readings.
@Suite struct ProtocolSessionTests {
    @Test func theEveningSessionEndsAtTwo() {
        #expect(ProtocolSession(reading("2026-11-24", 7, 0, 130, 80), sleep: nil) == .morning)
        #expect(ProtocolSession(reading("2026-11-24", 21, 0, 130, 80), sleep: nil) == .evening)
        #expect(ProtocolSession(reading("2026-11-25", 1, 59, 130, 80), sleep: nil) == .evening)
        #expect(ProtocolSession(reading("2026-11-25", 2, 0, 130, 80), sleep: nil) == nil)
        #expect(ProtocolSession(reading("2026-11-25", 3, 50, 130, 80), sleep: nil) == nil)
        #expect(ProtocolSession(reading("2026-11-24", 13, 0, 130, 80), sleep: nil) == nil)
        #expect(ReadingSlot(reading("2026-11-25", 3, 50, 130, 80)) == .night)
        #expect(ReadingSlot(reading("2026-11-25", 1, 59, 130, 80)) == .evening)
        #expect(ReadingSlot(reading("2026-11-25", 3, 50, 130, 80)).period == .evening)
    }

    /// The common day's slots are a 23:00–07:00 sleeper's; a night-shift nurse asleep 08:00–16:00
    /// has hers around her sleep (finding 7 of issue 35): waking at 16:30 is her morning, 07:45
    /// before bed her evening, 12:00 asleep her night, 23:00 between her noon.
    @Test func aShiftWorkersSessionsFollowHerSleep() throws {
        let shifted = try #require(SleepHours("08:00-16:00"))
        #expect(ProtocolSession(reading("2026-11-24", 16, 30, 140, 88), sleep: shifted) == .morning)
        #expect(ProtocolSession(reading("2026-11-24", 7, 45, 132, 82), sleep: shifted) == .evening)
        #expect(ReadingSlot(reading("2026-11-24", 12, 0, 132, 82), sleep: shifted) == .night)
        #expect(ReadingSlot(reading("2026-11-24", 23, 0, 132, 82), sleep: shifted) == .noon)
        // Without her sleep the clock decides: 16:30 is noon, in no session.
        #expect(ProtocolSession(reading("2026-11-24", 16, 30, 140, 88), sleep: nil) == nil)
        // A common sleeper's slots are the clock's, whatever hours she gives.
        let common = try #require(SleepHours("22:30-06:30"))
        for hour in 0..<24 {
            let time = reading("2026-11-24", hour, 15, 130, 80)
            #expect(ReadingSlot(time, sleep: common) == ReadingSlot(time))
        }
        // Her week: 7 days of 2 waking and 2 bedtime readings is a full protocol week.
        var readings: [Reading] = []
        for date in 23...29 {
            for (hour, minute) in [(16, 30), (16, 32), (7, 45), (7, 47)] { readings.append(reading("2026-11-\(date)", hour, minute, 141, 89)) }
        }
        let average = try #require(ProtocolAverage(readings.sorted { $0.takenAt < $1.takenAt }, from: day("2026-11-23"), sleep: shifted))
        #expect(average.count == 24 && average.morning?.count == 12 && average.evening?.count == 12)
        #expect(ProtocolAverage(readings.sorted { $0.takenAt < $1.takenAt }, from: day("2026-11-23"))?.count == 12, "the clock keeps only 07:45")
    }

    /// Readings at 00:30 (evening, before bed) and at 02:00 and 03:50 (night, woke up) on the
    /// night after 26 Nov: `protocol`'s week counts one more evening and two night readings,
    /// as the average does; before, it counted all three as evenings.
    @Test func theProtocolWeekCountsTheSessionsTheAverageUses() throws {
        var readings = ProtocolAverageTests.week()
        readings += [reading("2026-11-27", 0, 30, 140, 85), reading("2026-11-27", 2, 0, 170, 95), reading("2026-11-27", 3, 50, 170, 95)]
        let week = ProtocolWeek(start: day("2026-11-23"), readings: readings)
        #expect(week.days.map(\.evening) == [2, 2, 2, 3, 2, 2, 2])
        #expect(week.days.map(\.night) == [0, 0, 0, 2, 0, 0, 0])
        let average = try #require(week.average)
        #expect(average.evening?.count == 13)
        // Every morning and evening the week shows, after its first day, is in the average.
        #expect(week.days.dropFirst().reduce(0) { $0 + $1.morning + $1.evening } == average.count)
    }
}

@Suite struct VerdictRoundingTests {
    /// 134.58/84.58 is shown as 135/85 by rounding but is below 135/85: the verdict compares the
    /// unrounded mean, and page 1 prints the decimals and says "at the threshold … just below it".
    @Test func theVerdictComparesTheUnroundedAverage() throws {
        var readings: [Reading] = []
        for offset in 0..<7 {
            let date = day("2026-11-01").adding(days: offset).description
            for hour in [7, 20] {
                let low = readings.count < 2 || readings.count >= 9
                readings.append(reading(date, hour, 0, low ? 134 : 135, low ? 84 : 85))
            }
        }
        let summary = BPSummary(profile: dad, readings: readings)
        let verdict = try #require(summary.verdict)
        #expect(verdict.mean.systolic < 135 && verdict.mean.systolic > 134.5)
        #expect(SummaryWording.pressure(verdict.mean) == "135/85")
        #expect(!verdict.atOrAboveThreshold)
        #expect(SummaryWording.figure(verdict) == "134.6/84.6")
        // A rounding would decide it: the words say "at the threshold" and give the decimals.
        #expect(SummaryWording(summary: summary, strings: english) { $0 }.thresholdVerdict
            == "Home average at the threshold of the hypertensive range (ESH 2023 135/85): systolic 134.6 and diastolic 84.6, within 1 mmHg and just below it")
    }
}
