import Foundation
import Testing

/// `stats --format json` carries what page 1 says of the third specialist reading (issue 35): a
/// slow pulse (`bradycardia`), standing readings and their falls (`orthostatic`), and isolated
/// systolic hypertension named in the home sentence (`verdict.namesIsolatedSystolic`), each
/// from the same analytics as the page, and the text `stats` says the same figures.
@Suite struct StatsJSONPageOneFindingsTests {
    typealias Page = PageOneClinicalTests
    typealias Row = ThirdSpecialistPageOneTests.Row
    static let week = ThirdSpecialistPageOneTests.week

    @Test func aSlowPulseOnABetaBlockerIsInTheJSONAsTheTextSaysIt() throws {
        let cli = Page.patient(born: 1960)
        cli.ok("med", "start", "metoprolol succinate", "--dose", "190 mg", "--times", "morning", "--at", "2026-10-20")
        var rows: [Row] = []
        var k = 0
        for day in 23...29 {
            for time in ["07:00", "07:02", "21:00", "21:02"] {
                let note = day == 27 && time == "21:00" ? "very tired" : ""
                rows.append(Row(at: "2026-11-\(day) \(time)", systolic: 124 + k % 5, diastolic: 75 + k % 3, pulse: k == 10 ? 41 : 43 + k % 5, note: note))
                k += 1
            }
        }
        ThirdSpecialistPageOneTests.readings(cli, rows)
        let stats = try Page.statsJSON(cli, Self.week)
        let slow = try #require(stats["bradycardia"] as? [String: Any])
        // The protocol week drops day 1: readings k = 4…27, pulses 43 + k % 5 but 41 at k = 10.
        #expect(slow["meanPulse"] as? Double == 1077.0 / 24)
        #expect(slow["readings"] as? Int == 24 && slow["slow"] as? Int == 24 && slow["lowest"] as? Int == 41)
        #expect(slow["week"] as? Bool == true && slow["marked"] as? Bool == false && slow["urgent"] as? Bool == true)
        #expect(slow["symptomNote"] as? String == "very tired")
        let courses = try #require(slow["rateSlowing"] as? [[String: Any]])
        #expect(courses.map { $0["name"] as? String } == ["metoprolol succinate"] && courses.first?["dose"] as? String == "190 mg")
        #expect(stats["orthostatic"] is NSNull)
        let text = Page.squeezed(cli.ok(["stats"] + Self.week))
        #expect(text.contains(Page.squeezed("mean pulse 45 this week, 24 of 24 readings below 50, lowest 41")), "\(text)")
        #expect(text.contains(Page.squeezed("on metoprolol succinate 190 mg")), "\(text)")
    }

    @Test func standingReadingsAndTheirFallsAreInTheJSONAsTheTextSaysThem() throws {
        let cli = Page.patient(born: 1952)
        var rows: [Row] = []
        for day in 23...29 {
            rows += [
                Row(at: "2026-11-\(day) 07:00", systolic: 150, diastolic: 84),
                Row(at: "2026-11-\(day) 07:02", systolic: 148, diastolic: 82),
                Row(at: "2026-11-\(day) 07:05", systolic: 124, diastolic: 72, tags: "standing"),
                Row(at: "2026-11-\(day) 07:07", systolic: 128, diastolic: 74, note: "standing 3 min"),
                Row(at: "2026-11-\(day) 21:00", systolic: 140, diastolic: 80),
                Row(at: "2026-11-\(day) 21:02", systolic: 142, diastolic: 82),
            ]
        }
        ThirdSpecialistPageOneTests.readings(cli, rows)
        let stats = try Page.statsJSON(cli, Self.week)
        let standing = try #require(stats["orthostatic"] as? [String: Any])
        #expect(standing["standing"] as? Int == 14 && standing["sessions"] as? Int == 7 && standing["falls"] as? Int == 7)
        // Seated 149/83 against the last standing reading 128/74 each morning.
        #expect((standing["meanFall"] as? [String: Double]) == ["systolic": 21, "diastolic": 9])
        // The standing readings are in no home figure: 28 seated ones.
        #expect((stats["overall"] as? [String: Any])?["count"] as? Int == 28)
        #expect(stats["bradycardia"] is NSNull)
        let text = Page.squeezed(cli.ok(["stats"] + Self.week))
        #expect(text.contains(Page.squeezed(
            "14 standing readings left out of the home figures (home BP is measured seated): orthostatic hypotension, a fall of ≥ 20 systolic or ≥ 10 diastolic on standing in 7 of 7 sessions (mean change −21/−9)")),
            "\(text)")
    }

    @Test func isolatedSystolicHypertensionNamedInTheHomeSentenceIsInTheJSON() throws {
        let cli = Page.patient(born: 1944)
        cli.ok("med", "start", "amlodipine", "--dose", "5 mg", "--times", "morning", "--at", "2025-03-01")
        Page.week(cli) { _ in (157, 64) }
        let stats = try Page.statsJSON(cli, Self.week)
        let verdict = try #require(stats["verdict"] as? [String: Any])
        #expect(verdict["systolic"] as? Double == 157 && verdict["diastolic"] as? Double == 64)
        #expect(verdict["isolatedSystolic"] as? Bool == true && verdict["namesIsolatedSystolic"] as? Bool == true)
        #expect(stats["bradycardia"] is NSNull && stats["orthostatic"] is NSNull)
        let text = Page.squeezed(cli.ok(["stats"] + Self.week))
        #expect(text.contains(Page.squeezed("Home 157/64 is uncontrolled: isolated systolic hypertension (ESH 2023 ≥ 135/85)")), "\(text)")
        // An ordinary figure names nothing of the kind.
        let calm = Page.patient(born: 1960)
        Page.week(calm) { _ in (128, 78) }
        let ordinary = try #require(try Page.statsJSON(calm, Self.week)["verdict"] as? [String: Any])
        #expect(ordinary["namesIsolatedSystolic"] as? Bool == false)
    }
}
