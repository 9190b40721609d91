import HealthAnalytics
import HealthCore
import Testing

/// Figures worked out by hand; see the comments for the arithmetic.
@Suite struct BPSummaryTests {
    /// Four days of duplicate morning (07:00, 07:02) and evening (21:00, 21:02) readings.
    static let duplicateDays: [Reading] = {
        let values: [[(Int, Int, Int)]] = [
            [(140, 90, 70), (136, 88, 68), (130, 82, 66), (128, 80, 64)],
            [(142, 92, 72), (138, 90, 70), (132, 84, 66), (130, 82, 64)],
            [(144, 94, 74), (140, 92, 72), (134, 86, 68), (132, 84, 66)],
            [(146, 96, 76), (142, 94, 74), (136, 88, 70), (134, 86, 68)],
        ]
        return values.enumerated().flatMap { index, day in
            let date = "2026-11-0\(index + 1)"
            return zip([(7, 0), (7, 2), (21, 0), (21, 2)], day).map { time, value in
                reading(date, time.0, time.1, value.0, value.1, pulse: value.2)
            }
        }
    }()

    @Test func duplicateMorningAndEveningReadings() throws {
        let summary = BPSummary(profile: dad, readings: Self.duplicateDays, from: day("2026-11-01"), to: day("2026-11-04"))
        // SBP sums per day 534, 542, 550, 558 → 2184 / 16.
        #expect(summary.overall.count == 16)
        #expect(summary.overall.systolic.mean == 136.5)
        #expect(summary.overall.diastolic.mean == 88.0)
        #expect(summary.overall.pulse.mean == 69.25)
        // Σ(x − 136.5)² = 444; 444 / 15 = 29.6.
        #expect(close(summary.overall.systolic.sd, 29.6.squareRoot()))
        #expect(close(summary.overall.systolic.cv, 29.6.squareRoot() / 136.5 * 100))
        // Steps 4, 6, 2 within each day (×4) and 14 between days (×3): 90 / 15.
        #expect(summary.overall.systolic.arv == 6.0)
        #expect(summary.overall.systolic.min?.value == 128)
        #expect(summary.overall.systolic.min?.takenAt.iso8601 == "2026-11-01T21:02:00+08:00")
        #expect(summary.overall.systolic.max?.value == 146)
        #expect(summary.overall.systolic.max?.takenAt.iso8601 == "2026-11-04T07:00:00+08:00")
        #expect(summary.periods[.morning]?.systolic.mean == 141.0)
        #expect(summary.periods[.evening]?.systolic.mean == 132.0)
        #expect(summary.periods[.noon]?.count == 0)
        #expect(summary.periods[.noon]?.systolic.mean == nil)
        #expect(summary.morningEveningDifference?.systolic == 9.0)
        #expect(summary.morningEveningDifference?.diastolic == 8.0)
        #expect(close(summary.meanArterialPressure, 88 + 48.5 / 3))
        #expect(summary.pulsePressure == 48.5)
        // 11 of 16 have SBP ≥ 135 or DBP ≥ 85; 3 of 16 have SBP in 110–130.
        #expect(summary.atOrAboveTargetPercent == 68.75)
        #expect(summary.timeInTargetPercent == 18.75)
        // Day 1 (11-01) dropped; 12 readings of 11-02…11-04: SBP 1650 / 12, DBP 1068 / 12.
        let average = try #require(summary.protocolAverage)
        #expect(average.firstDay == day("2026-11-02"))
        #expect(average.lastDay == day("2026-11-04"))
        #expect(average.days == 3)
        #expect(average.count == 12)
        #expect(average.systolic == 137.5)
        #expect(average.diastolic == 89.0)
        #expect(average.sufficient)
        #expect(summary.hypertensive)
        #expect(summary.dailyMeans.map(\.systolic) == [133.5, 135.5, 137.5, 139.5])
    }

    /// A day that comes back in time order (a flight west: the next instant is local yesterday)
    /// is one day of the daily means and pulses, with every reading of it.
    @Test func aDayThatComesBackIsOneDay() {
        let east = ZonedInstant(date: day("2026-11-02"), hour: 7, minute: 0, offsetMinutes: 480)
        let west = ZonedInstant(utcSeconds: east.utcSeconds + 3600, offsetMinutes: -600)
        let back = ZonedInstant(utcSeconds: east.utcSeconds + 7200, offsetMinutes: 480)
        let readings = [
            reading("2026-11-01", 21, 0, 130, 80, pulse: 60),
            Reading(profileID: "dad", takenAt: east, bloodPressure: BloodPressure(systolic: 140, diastolic: 90), pulse: 70),
            Reading(profileID: "dad", takenAt: west, bloodPressure: BloodPressure(systolic: 120, diastolic: 70), pulse: 80),
            Reading(profileID: "dad", takenAt: back, bloodPressure: BloodPressure(systolic: 150, diastolic: 94), pulse: 90),
        ]
        #expect(west.measurementDay == day("2026-11-01"))
        let summary = BPSummary(profile: dad, readings: readings)
        #expect(summary.dailyMeans.map(\.day) == [day("2026-11-01"), day("2026-11-02")])
        #expect(summary.dailyMeans.map(\.count) == [2, 2])
        #expect(summary.dailyMeans.map(\.systolic) == [125, 145])
        #expect(summary.dailyMeans.map(\.diastolic) == [75, 92])
        #expect(summary.dailyPulse.map(\.mean) == [70, 80])
    }

    @Test func isolatedSystolicFallsBackToTheOverallMean() {
        let readings = [reading("2026-11-05", 7, 0, 150, 80), reading("2026-11-05", 7, 2, 160, 85), reading("2026-11-05", 20, 0, 145, 78)]
        let summary = BPSummary(profile: dad, readings: readings)
        #expect(close(summary.overall.systolic.mean, 455.0 / 3))
        #expect(summary.overall.diastolic.mean == 81.0)
        // One day only: it is day 1 and is dropped, so there is no protocol average.
        #expect(summary.protocolAverage == nil)
        #expect(summary.hypertensive)
        let verdicts = readings.map { Guideline.esh.classify($0.bloodPressure!) }
        #expect(verdicts.map(\.category) == [.grade1, .grade2, .grade1])
        #expect(verdicts.allSatisfy { $0.isolated == .systolic })
    }

    /// Unsorted input with noon, pulse-only, weight-only and after-midnight readings.
    static let mixed: [Reading] = [
        reading("2026-11-11", 12, 30, weight: 70_000),  // r5 noon, weight only
        reading("2026-11-10", 13, 0, 120, 80, pulse: 60, tags: ["old-tag"]),  // r1 noon
        reading("2026-11-11", 2, 0, 118, 76, pulse: 58),  // r7 evening period, measurement day 11-10
        reading("2026-11-10", 19, 0, 125, 82),  // r3 evening, no pulse
        reading("2026-11-11", 8, 0, 128, 84, pulse: 66, weight: 69_500, tags: ["bp-med", "old-tag"]),  // r6
        reading("2026-11-10", 7, 0, 130, 85, pulse: 70, tags: ["bp-med"]),  // r2
        reading("2026-11-11", 7, 30, pulse: 72),  // r4 pulse only
    ]

    @Test func unsortedInputWithNoonPulseOnlyAndWeightOnly() throws {
        let summary = BPSummary(profile: dad, readings: Self.mixed)
        #expect(summary.from == day("2026-11-10"))
        #expect(summary.to == day("2026-11-11"))
        #expect(summary.overall.count == 6)
        #expect(summary.overall.systolic.count == 5)
        #expect(close(summary.overall.systolic.mean, 124.2))
        #expect(close(summary.overall.diastolic.mean, 81.4))
        #expect(close(summary.overall.pulse.mean, 65.2))
        // Time order 130, 120, 125, 118, 128: steps 10, 5, 7, 10.
        #expect(summary.overall.systolic.arv == 8.0)
        #expect(summary.periods[.morning]?.count == 3)
        #expect(summary.periods[.morning]?.systolic.mean == 129.0)
        #expect(close(summary.periods[.morning]?.pulse.mean, 208.0 / 3))
        #expect(summary.periods[.noon]?.count == 1)
        #expect(summary.periods[.noon]?.systolic.sd == nil)
        #expect(summary.periods[.noon]?.systolic.arv == nil)
        #expect(summary.periods[.evening]?.systolic.mean == 121.5)
        #expect(summary.periods[.evening]?.pulse.count == 1)
        // 3 mornings and 2 evenings (means 129 and 121.5): too few for their difference, 6 of each are needed.
        #expect(summary.morningEveningDifference == nil)
        #expect(summary.atOrAboveTargetPercent == 20.0)
        #expect(summary.timeInTargetPercent == 100.0)
        // 02:00 on the 11th counts for the 10th (day 1, dropped): only r6 is averaged.
        let average = try #require(summary.protocolAverage)
        #expect(average.excludedDay == day("2026-11-10"))
        #expect(average.count == 1)
        #expect(average.days == 1)
        #expect(average.firstDay == day("2026-11-11"))
        #expect(average.systolic == 128.0)
        #expect(average.diastolic == 84.0)
        #expect(!average.sufficient)
        #expect(!summary.hypertensive)
        let aha = BPSummary(profile: dad, readings: Self.mixed, options: AnalysisOptions(guideline: .aha))
        #expect(aha.hypertensive)  // 80 reaches AHA's 130/80.
        let weight = try #require(summary.weight)
        #expect(weight.first == 69.5)
        #expect(weight.last == 70.0)
        #expect(weight.change == 0.5)
        #expect(weight.mean == 69.75)
        #expect(summary.tags.map(\.tag) == ["bp-med", "old-tag"])
        #expect(summary.tags[0].with.count == 2)
        #expect(summary.tags[0].with.systolic == 129.0)
        #expect(summary.tags[0].without.count == 3)
        #expect(summary.tags[0].without.systolic == 121.0)
        #expect(close(summary.tags[0].without.diastolic, 238.0 / 3))
        #expect(summary.tags[1].with.systolic == 124.0)
        #expect(close(summary.tags[1].without.systolic, 373.0 / 3))
    }

    @Test func bucketsByDayWeekAndMonth() throws {
        let byDay = BPSummary(profile: dad, readings: Self.duplicateDays, options: AnalysisOptions(bucketing: .day))
        #expect(byDay.buckets?.map(\.key) == ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04"])
        #expect(byDay.buckets?.map(\.statistics.systolic.mean) == [133.5, 135.5, 137.5, 139.5])
        let byWeek = BPSummary(profile: dad, readings: Self.duplicateDays, options: AnalysisOptions(bucketing: .week))
        // 2026-11-01 is a Sunday (week 44); 11-02 starts week 45.
        #expect(byWeek.buckets?.map(\.key) == ["2026-W44", "2026-W45"])
        #expect(byWeek.buckets?.map(\.statistics.count) == [4, 12])
        let byMonth = BPSummary(profile: dad, readings: Self.duplicateDays, options: AnalysisOptions(bucketing: .month))
        #expect(byMonth.buckets?.map(\.key) == ["2026-11"])
        #expect(BPSummary(profile: dad, readings: Self.duplicateDays).buckets == nil)
    }

    @Test func emptySingleAndRangeClipping() {
        let empty = BPSummary(profile: dad, readings: [], from: day("2026-11-01"), to: day("2026-11-07"))
        #expect(empty.isEmpty)
        #expect(empty.overall.systolic.mean == nil)
        #expect(empty.protocolAverage == nil)
        #expect(!empty.hypertensive)
        #expect(empty.weight == nil)
        let single = BPSummary(profile: dad, readings: [reading("2026-11-05", 7, 0, 150, 95, pulse: 70)])
        #expect(single.overall.systolic.mean == 150)
        #expect(single.overall.systolic.sd == nil)
        #expect(single.overall.systolic.cv == nil)
        #expect(single.morningEveningDifference == nil)
        let clipped = BPSummary(profile: dad, readings: Self.duplicateDays, from: day("2026-11-03"), to: day("2026-11-03"))
        #expect(clipped.readings.count == 4)
        // The window is clipped to the range: 11-03 is day 1, so nothing remains.
        #expect(clipped.protocolAverage == nil)
        let other = Reading(profileID: "mom", takenAt: ZonedInstant(utcSeconds: 1_793_000_000, offsetMinutes: 0), pulse: 60)
        #expect(BPSummary(profile: dad, readings: [other]).isEmpty)
    }

    @Test func alertsForUrgentAndLowReadings() {
        let readings = [
            reading("2026-11-05", 7, 0, 185, 95), reading("2026-11-05", 7, 5, 88, 58),
            reading("2026-11-05", 7, 10, 182, 55), reading("2026-11-05", 7, 15, 179, 109),
        ]
        let esh = BPSummary(profile: dad, readings: readings)
        // 182/55 is very high, never low: a diastolic below 60 under a systolic of 135 or more is
        // isolated systolic hypertension (``Alert/highSystolic``).
        #expect(esh.alerts.map(\.kind) == [.urgent, .low, .urgent])
        #expect(esh.alerts.map(\.pressure.systolic) == [185, 88, 182])
        // AHA's crisis is strictly above 180/120.
        let aha = BPSummary(profile: dad, readings: readings, options: AnalysisOptions(guideline: .aha))
        #expect(aha.alerts.map(\.kind) == [.urgent, .low, .urgent])
        let justBelow = BPSummary(profile: dad, readings: [reading("2026-11-05", 7, 0, 180, 120)], options: AnalysisOptions(guideline: .aha))
        #expect(justBelow.alerts.isEmpty)
    }
}

@Suite struct OpenRangeTests {
    /// With no bounds, the range runs from the earliest to the latest measurement day, not the days
    /// of the first and last instants: a later instant in another offset may be an earlier day.
    @Test func everyReadingIsInAnOpenRange() {
        let readings = [
            Reading(profileID: "dad", takenAt: ZonedInstant(iso8601: "2026-11-10T07:00:00+08:00")!, bloodPressure: BloodPressure(systolic: 140, diastolic: 88)),
            Reading(profileID: "dad", takenAt: ZonedInstant(iso8601: "2026-11-09T20:00:00-08:00")!, bloodPressure: BloodPressure(systolic: 150, diastolic: 90)),
            Reading(profileID: "dad", takenAt: ZonedInstant(iso8601: "2026-11-10T07:00:00-08:00")!, bloodPressure: BloodPressure(systolic: 138, diastolic: 86)),
        ]
        let summary = BPSummary(profile: dad, readings: readings)
        #expect(summary.from == day("2026-11-09"))
        #expect(summary.to == day("2026-11-10"))
        #expect(summary.readings.count == 3)
        #expect(summary.overall.systolic.max?.value == 150)
    }

    /// A day with only a clinic visit is no home day, so it is no day without the pill.
    @Test func aClinicOnlyDayIsNoMissedPill() {
        var readings = (0..<3).map { reading(day("2026-11-01").adding(days: $0).description, 7, 0, 140, 90, tags: ["bp-med"]) }
        var office = reading("2026-11-05", 10, 0, 160, 100)
        office.site = .office
        readings.append(office)
        let days = BPSummary(profile: dad, readings: readings).medicationDays
        #expect(days?.days == 3)
        #expect(days?.daysWithout == [])
        // Filtered readings describe the filter, not the person: no medication line.
        #expect(BPSummary(profile: dad, readings: readings, options: { var o = AnalysisOptions(); o.readingsFiltered = true; return o }()).medicationDays == nil)
    }
}
