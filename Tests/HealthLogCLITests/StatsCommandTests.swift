import Foundation
import HealthCore
import Testing

@Suite struct StatsCommandTests {
    /// dad: two days of duplicate morning and evening readings; day 1 is dropped by the protocol.
    private func twoDays() -> CLIHarness {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad", "--name", "爸爸")
        for (at, value, tag) in [
            ("2026-11-28 07:00", "150/95", "bp-med"), ("2026-11-28 07:02", "146/93", "bp-med"),
            ("2026-11-28 21:00", "140/88", ""), ("2026-11-28 21:02", "138/86", ""),
            ("2026-11-29 07:00", "160/100", ""), ("2026-11-29 07:02", "156/98", ""),
            ("2026-11-29 21:00", "136/84", "bp-med"), ("2026-11-29 21:02", "134/82", "bp-med"),
        ] {
            cli.ok(["add", value, "--at", at] + (tag.isEmpty ? [] : ["-t", tag]))
        }
        return cli
    }

    @Test func jsonHasEveryDocumentedKeyAndRoundTrips() throws {
        let cli = twoDays()
        let output = cli.ok("stats", "--by", "day", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(Set(object.keys) == [
            "schema", "profile", "from", "to", "guideline", "filter", "threshold", "target", "targetSet", "overall", "periods", "buckets",
            "map", "pulsePressure", "atOrAboveTargetPercent", "timeInTargetPercent", "morningEveningDifference", "protocol",
            "verdict", "hypertensive", "symptomNotes", "earlierSymptomNotes", "bradycardia", "orthostatic", "office", "phenotype", "phenotypeTreated", "officeVisits", "tags", "trend", "events", "medicationDays", "doseAdherence",
            "notes", "findings", "deviations", "alerts", "weight", "headline",
        ])
        #expect(object["filter"] is NSNull)
        #expect(object["targetSet"] as? Bool == false)
        #expect((object["target"] as? [String: Int]) == ["systolic": 135, "diastolic": 85])
        #expect(object["office"] is NSNull)
        #expect(object["phenotype"] is NSNull)
        // No slow pulse, no standing reading: null, as every missing value (issue 35).
        #expect(object["bradycardia"] is NSNull && object["orthostatic"] is NSNull)
        #expect((object["verdict"] as? [String: Any])?["namesIsolatedSystolic"] as? Bool == false)
        #expect(object["profile"] as? String == "dad")
        #expect(object["from"] as? String == "2026-11-28")
        #expect(object["guideline"] as? String == "esh")
        let overall = try #require(object["overall"] as? [String: Any])
        #expect(Set(overall.keys) == ["count", "systolic", "diastolic", "pulse"])
        let systolic = try #require(overall["systolic"] as? [String: Any])
        #expect(Set(systolic.keys) == ["count", "mean", "sd", "cv", "arv", "min", "max"])
        // (150+146+140+138+160+156+136+134) / 8 = 145.
        #expect(systolic["mean"] as? Double == 145)
        let max = try #require(systolic["max"] as? [String: Any])
        #expect(max["value"] as? Int == 160)
        #expect(max["takenAt"] as? String == "2026-11-29T07:00:00+08:00")
        let pulse = try #require(overall["pulse"] as? [String: Any])
        #expect(pulse["mean"] is NSNull)
        #expect(pulse["min"] is NSNull)
        let periods = try #require(object["periods"] as? [String: Any])
        #expect(Set(periods.keys) == ["morning", "noon", "evening"])
        let buckets = try #require(object["buckets"] as? [[String: Any]])
        #expect(buckets.map { $0["key"] as? String } == ["2026-11-28", "2026-11-29"])
        // Day 1 (11-28) is dropped: (160+156+136+134) / 4 = 146.5 and (100+98+84+82) / 4 = 91.
        let average = try #require(object["protocol"] as? [String: Any])
        #expect(average["systolic"] as? Double == 146.5)
        #expect(average["diastolic"] as? Double == 91)
        #expect(average["count"] as? Int == 4)
        #expect(average["sufficient"] as? Bool == false)
        #expect(average["excludedDay"] as? String == "2026-11-28")
        // The week's own morning (160, 156) and evening (136, 134) readings.
        #expect((average["morning"] as? [String: Double]) == ["count": 2, "systolic": 158, "diastolic": 99])
        #expect((average["evening"] as? [String: Double]) == ["count": 2, "systolic": 135, "diastolic": 83])
        // Two of each: too few for their difference to be said (6 of each are needed).
        #expect(average["morningEveningDifference"] is NSNull)
        let medication = try #require(object["medicationDays"] as? [String: Any])
        #expect(medication["days"] as? Int == 2)
        #expect(medication["medicated"] as? Int == 2)
        #expect(object["hypertensive"] as? Bool == true)
        let tags = try #require(object["tags"] as? [[String: Any]])
        #expect(tags.first?["tag"] as? String == "bp-med")
        #expect(tags.first?["label"] as? String == "BP medication")
        // With: 150, 146, 136, 134 → 141.5; without: 140, 138, 160, 156 → 148.5.
        #expect((tags.first?["with"] as? [String: Any])?["systolic"] as? Double == 141.5)
        #expect((tags.first?["without"] as? [String: Any])?["systolic"] as? Double == 148.5)
        // Two tagged readings a period: fewer than 3, so no period is compared.
        #expect(tags.first?["adjustedDifference"] is NSNull)
        #expect((tags.first?["periodsCompared"] as? [String]) == [])
        #expect(tags.first?["sufficient"] as? Bool == false)
        #expect((object["alerts"] as? [Any])?.isEmpty == true)
        #expect(object["weight"] is NSNull)
        // Four mornings and four evenings over the range: withheld too.
        #expect(object["morningEveningDifference"] is NSNull)
    }

    @Test func bucketsOnlyWithBy() throws {
        let output = twoDays().ok("stats", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(object["buckets"] == nil)
    }

    @Test func textFitsEightyColumnsAndLeadsWithTheVerdict() {
        let text = twoDays().ok("stats")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "dad (爸爸) · 2026-11-28 – 2026-11-29 · 8 home readings · ESH 2023")
        // The clinical summary first, as provisional as the figure.
        #expect(lines[2] == "Home 147/91 is provisional, not yet a verdict. Treated (BP medication recorded")
        #expect(lines[3] == "  from the first reading, 28 Nov).")
        // 4 readings: the badge says so rather than claiming a verdict.
        #expect(lines[5] == "Home BP (7-day protocol): 147/91 mmHg  Too few readings")
        #expect(lines[6] == "  2026-11-29 – 2026-11-29 · 1 day · n=4 · first day excluded: 28 Nov")
        #expect(lines[7] == "  Provisional: 4 readings, guidelines ask for at least 12")
        #expect(lines[8] == "  morning 158/99 (n=2) · evening 135/83 (n=2)")
        #expect(lines[9] == "Provisional (too few readings): Treated, home average uncontrolled (ESH 2023 ≥")
        #expect(lines[10] == "  135/85)")
        #expect(lines[11] == "BP medication stamp on 2 of 2 days")
        // 4 mornings and 4 evenings: too few for the whole range's difference (6 of each).
        #expect(!text.contains("Morning − evening over the whole range"))
        // Raw with bp-med: 141.5/88.5; without: 148.5/93; too few in any one period to compare.
        #expect(text.contains("BP medication   n=4 142/89          n=4 149/93          too few readings"))
        #expect(text.contains("Descriptive only: not evidence of cause."))
        #expect(lines.allSatisfy { $0.displayWidthForTest <= 80 })
    }

    @Test(arguments: [
        (["stats", "--from", "2026-01-01", "--to", "2026-01-31"], 65, "Error: no readings for dad (爸爸) in 2026-01-01 – 2026-01-31"),
        (["stats", "--guideline", "who"], 64, "Error: --guideline 'who' is not known; use esh, aha, china or esc. See 'healthlog stats --help'."),
        (["stats", "--by", "hour"], 64, "Error: --by 'hour' is not period, day, week or month. See 'healthlog stats --help'."),
        (["stats", "--target-range", "130-110"], 64, "Error: --target-range '130-110' is not a systolic band like 110-130. See 'healthlog stats --help'."),
        (["classify", "150/95", "--guideline", "who"], 64, "Error: --guideline 'who' is not known; use esh, aha, china or esc. See 'healthlog classify --help'."),
        (["classify", "95/150"], 65, "Error: systolic must be higher than diastolic, got 95/150 (SYS/DIA, e.g. 138/86)"),
    ])
    func errorsAreUsageOrData(arguments: [String], status: Int32, message: String) {
        let result = twoDays().run(arguments)
        #expect(result.status == status)
        #expect(result.stderr == message + "\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func classify() throws {
        let cli = CLIHarness()
        #expect(cli.ok("classify", "150/95") == "150/95 mmHg: Grade 1 hypertension (ESH 2023)\n")
        #expect(cli.ok("classify", "145/85", "--guideline", "china")
            == "145/85 mmHg: Grade 1 hypertension (mild) (China 2024), Isolated systolic hypertension\n")
        #expect(cli.ok("classify", "125/75", "--guideline", "esc") == "125/75 mmHg: Elevated (ESC 2024)\n")
        // Low by the rule stats raises a low alert by, and never called optimal or normal.
        #expect(cli.ok("classify", "85/55") == "85/55 mmHg: Low, below 90/60 (not classified by ESH 2023): an alert in stats and the report\n")
        for guideline in ["esh", "aha", "china", "esc"] {
            let text = cli.ok("classify", "50/49", "--guideline", guideline)
            #expect(text.hasPrefix("50/49 mmHg: Low, below 90/60"), "\(guideline)")
            #expect(!text.contains("Optimal") && !text.contains("Normal") && !text.contains("Non-elevated"), "\(guideline)")
        }
        let low = try #require(
            try JSONSerialization.jsonObject(with: Data(cli.ok("classify", "85/55", "--format", "json").utf8)) as? [String: Any])
        #expect(low["low"] as? Bool == true)
        #expect(low["alerts"] as? [String] == ["low"])
        #expect(low["label"] as? String == "Low, below 90/60 (not classified by ESH 2023)")
        cli.environment["LANG"] = "zh_CN.UTF-8"
        #expect(cli.ok("classify", "50/49").hasPrefix("50/49 mmHg：偏低，低于 90/60"))
        cli.environment["LANG"] = "zh_CN.UTF-8"
        let json = cli.ok("classify", "181/100", "--guideline", "aha", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["category"] as? String == "crisis")
        #expect(object["isolated"] is NSNull)
        #expect(object["label"] as? String == "高血压危象（ACC/AHA 2017）")
        #expect(object["systolic"] as? Int == 181)
        // classify needs no database.
        #expect(cli.databaseBytes() == [nil, nil])
    }
}

extension Substring {
    /// Terminal columns: CJK characters take two.
    var displayWidthForTest: Int {
        unicodeScalars.reduce(0) { $0 + ((0x2E80...0x9FFF).contains($1.value) ? 2 : 1) }
    }
}

@Suite struct StatsFilterAndOfficeTests {
    @Test func filtersAreNamedAndOfficeReadingsHaveTheirOwnLine() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        for offset in 0..<7 {
            let date = CivilDate(iso: "2026-11-23")!.adding(days: offset)
            cli.ok("add", "128/79", "--at", "\(date) 07:00", "-t", "bp-med")
            cli.ok("add", "128/79", "--at", "\(date) 21:00")
            cli.ok("add", "128/79", "--at", "\(date) 21:05")
        }
        cli.ok("add", "152/94", "--office", "--at", "2026-11-27 10:00")
        let text = cli.ok("stats")
        // Wrapped at 80 columns.
        #expect(text.contains("Office 152/94 on 27 Nov (n=1; 1 visit) vs home 128/79: possible white-coat\n  uncontrolled hypertension\n"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok("stats", "--format", "json").utf8)) as? [String: Any])
        #expect((json["office"] as? [String: Double]) == ["count": 1, "systolic": 152, "diastolic": 94])
        #expect(json["phenotype"] as? String == "white-coat")
        #expect(json["phenotypeTreated"] as? Bool == true)
        let visits = try #require(json["officeVisits"] as? [String: Any])
        #expect(visits["count"] as? Int == 1)
        #expect((visits["compared"] as? [String: Any])?["date"] as? String == "2026-11-27")
        #expect(visits["notCompared"] is NSNull)
        let filtered = cli.ok("stats", "--period", "evening", "--without-tag", "bp-med")
        #expect(filtered.hasPrefix("dad (dad) · 2026-11-23 – 2026-11-29 · 14 home readings · ESH 2023 · Filter: only readings without BP medication, only evening readings"))
        let filteredJSON = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok("stats", "--tag", "bp-med", "--format", "json").utf8)) as? [String: Any])
        #expect((filteredJSON["filter"] as? [String: Any])?["tag"] as? String == "bp-med")
        // A Chinese stats uses the Chinese guideline by default.
        cli.environment["LANG"] = "zh_CN.UTF-8"
        let chinese = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok("stats", "--format", "json").utf8)) as? [String: Any])
        #expect(chinese["guideline"] as? String == "china")
    }

    @Test func weightOnlyLogsGetAWeightSummary() {
        let cli = CLIHarness()
        cli.ok("add", "--weight", "72.5", "--at", "2026-11-28 07:00")
        cli.ok("add", "--weight", "72.1", "--at", "2026-11-29 07:00")
        let text = cli.ok("stats")
        #expect(text.contains("Only weight was recorded in this range: no blood-pressure figures."))
        #expect(text.contains("Weight: 72.5 → 72.1 kg (−0.4), mean 72.3, n=2"))
    }
}

@Suite struct HelperFoundTests {
    @Test func classifySaysUrgentAndFollowsTheLanguage() {
        let cli = CLIHarness()
        #expect(cli.ok("classify", "180/110").contains("urgent"))
        cli.environment["LANG"] = "zh_CN.UTF-8"
        #expect(cli.ok("classify", "150/95").contains("中国高血压防治指南"))
    }

    @Test(arguments: ["2026-09-01....2026-09-10", "2026-09-01..today..", "..2026-09-10", "2026-09-01.."])
    func compareRefusesMalformedRanges(range: String) {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        let result = cli.run("compare", range, "2026-10-01..2026-10-31")
        #expect(result.status == 64)
        #expect(result.stderr.contains("is not a range; write FROM..TO"))
    }

    @Test func aRefusedCommandLeavesNoNewLogOrFolder() {
        let cli = CLIHarness()
        let path = cli.directory.file("new/deeper/h.sqlite")
        let result = cli.run("--db", path, "-p", "dad", "event", "add", "x")
        #expect(result.status == 65)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: cli.directory.file("new")))
    }

    @Test func aBackupRestoresEditedBuiltInTags() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        cli.ok("tag", "edit", "exercise", "--no-deviation")
        cli.ok("tag", "edit", "diet", "--label", "low-salt meal")
        let backup = cli.directory.file("b.json")
        cli.ok("export", "--format", "json", "-o", backup)
        let other = CLIHarness()
        #expect(other.ok("import", backup).contains("added 0"))
        let tags = try #require(try JSONSerialization.jsonObject(with: Data(other.ok("tag", "list", "--format", "json").utf8)) as? [[String: Any]])
        #expect(tags.first { $0["id"] as? String == "exercise" }?["deviation"] as? Bool == false)
        #expect(tags.first { $0["id"] as? String == "diet" }?["label"] as? String == "low-salt meal")
        // A log's own edits are never overwritten by a backup.
        let third = CLIHarness()
        third.ok("tag", "edit", "diet", "--label", "my own")
        third.ok("import", backup)
        #expect(third.ok("tag", "list").contains("my own"))
    }

    @Test func targetsMustBePlausible() {
        let cli = CLIHarness()
        let result = cli.run("profile", "add", "dad", "--target", "300/200")
        #expect(result.status == 65)
        #expect(result.stderr.contains("is not a treatment target"))
    }
}
