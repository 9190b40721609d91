import Foundation
import Testing

/// Every front end says the same thing about a reading or a figure, because each fact and each
/// sentence is decided once (the presentation layer): the places that used to disagree.
@Suite struct PresentationAgreementTests {
    /// A 02:30 reading is a night reading wherever it is named: in `list`, in the report's
    /// readings log and in the daily sheet, where it used to sit in the Evening column.
    @Test(arguments: ["en_US.UTF-8", "zh_CN.UTF-8"])
    func aNightReadingIsNightEverywhere(language: String) throws {
        let cli = CLIHarness()
        cli.environment["LANG"] = language
        let chinese = language.hasPrefix("zh")
        cli.ok("profile", "add", "dad")
        cli.ok("add", "136/84", "--at", "2026-11-23 21:30")
        cli.ok("add", "151/93", "--at", "2026-11-24 02:30", "--note", "woke up")
        let row = cli.ok("list").split(separator: "\n").first { $0.contains("02:30") } ?? ""
        #expect(row.contains(chinese ? "夜间" : "night"), "\(row)")
        let readings = cli.directory.file("readings.pdf")
        cli.ok("report", "--log", "readings", "-o", readings)
        // The last line with the time is the log's row (the notes table comes before it).
        let log = try poppler(["pdftotext", "-layout", readings, "-"]).split(separator: "\n").last { $0.contains("02:30") } ?? ""
        #expect(log.contains(chinese ? "夜间" : "Night"), "\(log)")
        let daily = cli.directory.file("daily.pdf")
        cli.ok("report", "--log", "daily", "-o", daily)
        let sheet = try poppler(["pdftotext", "-layout", daily, "-"])
        let dayRow = try #require(sheet.split(separator: "\n").first { $0.contains("136/84") })
        // The evening column holds the 21:30 reading alone; the night reading is in the notes, named.
        #expect(dayRow.contains(chinese ? "夜间 151/93" : "night 151/93"), "\(dayRow)")
        #expect(!dayRow.contains("136/84 151/93") && !dayRow.contains("136/84  151/93"), "\(dayRow)")
    }

    /// 180/110 is very high under ESH 2023 and not under AHA 2017 (a crisis is above 180/120):
    /// the line after `add`, the alerts of `stats` and page 1 of the report say the same.
    @Test(arguments: [("esh", true), ("aha", false)])
    func veryHighIsOneRuleAtEntryInAlertsAndOnPageOne(guideline: String, veryHigh: Bool) throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        for day in 20...23 { cli.ok("add", "13\(day % 5)/8\(day % 4)", "--at", "2026-11-\(day) 07:10") }
        let added = cli.ok("add", "180/110", "--at", "2026-11-24 07:10", "--guideline", guideline)
        #expect(added.contains("very high") == veryHigh, "\(added)")
        let stats = cli.ok("stats", "--guideline", guideline)
        #expect(stats.contains("very high") == veryHigh, "\(stats)")
        #expect(stats.contains("Alerts: none") == !veryHigh, "\(stats)")
        let path = cli.directory.file("report.pdf")
        cli.ok("report", "--guideline", guideline, "-o", path)
        let page = try poppler(["pdftotext", "-l", "1", path, "-"]).replacingOccurrences(of: "\n", with: " ")
        #expect(page.contains("very high") == veryHigh, "\(page)")
        // Above AHA's limit, every place names that limit.
        if guideline == "aha" {
            let above = cli.ok("add", "182/112", "--at", "2026-11-24 07:15", "--guideline", "aha")
            #expect(above.contains("very high reading (above 180/120)"), "\(above)")
            let alerts = cli.ok("stats", "--guideline", "aha")
            #expect(alerts.contains("very high"), "\(alerts)")
            cli.ok("report", "--guideline", "aha", "-o", path)
            let again = try poppler(["pdftotext", "-l", "1", path, "-"]).replacingOccurrences(of: "\n", with: " ")
            #expect(again.contains("> 180/120"), "\(again)")
        }
    }

    /// A treated patient's ESC 2024 home mean of 113.4/69.7 is non-elevated (below 120/70) in
    /// `stats`, its JSON and on page 1, as `classify 113/69 --guideline esc` says: the category
    /// reads the unrounded mean, never the 113/70 it rounds to, and the figure keeps its decimal.
    @Test(arguments: ["en_US.UTF-8", "zh_CN.UTF-8"])
    func anESCMeanOf113_4Over69_7IsNonElevatedEverywhere(language: String) throws {
        let cli = CLIHarness()
        cli.environment["LANG"] = language
        let chinese = language.hasPrefix("zh")
        cli.ok("profile", "add", "dad")
        // Day 23 is the protocol's dropped first day; 24–28 hold 20 readings: 16 × 113 + 4 × 115
        // systolic, 14 × 70 + 6 × 69 diastolic.
        cli.ok("add", "113/70", "-t", "bp-med", "--at", "2026-11-23 07:10")
        var index = 0
        for day in 24...28 {
            for time in ["07:10", "07:12", "21:10", "21:12"] {
                let systolic = index % 5 == 4 ? 115 : 113
                let diastolic = index < 6 ? 69 : 70
                cli.ok("add", "\(systolic)/\(diastolic)", "-t", "bp-med", "--at", "2026-11-\(day) \(time)")
                index += 1
            }
        }
        let nonElevated = chinese ? "血压未升高（< 120/70）" : "non-elevated (< 120/70)"
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(cli.ok("stats", "--guideline", "esc", "--format", "json").utf8)) as? [String: Any])
        let verdict = try #require(json["verdict"] as? [String: Any])
        #expect(abs((verdict["systolic"] as? Double ?? 0) - 113.4) < 1e-9 && abs((verdict["diastolic"] as? Double ?? 0) - 69.7) < 1e-9)
        let headline = try #require(json["headline"] as? [String: Any])
        #expect(headline["figure"] as? String == "113/69.7")
        let sentences = (headline["verdicts"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        #expect(sentences.contains { $0.contains(nonElevated) }, "\(sentences)")
        let text = cli.ok("stats", "--guideline", "esc")
        #expect(text.contains(nonElevated) && !text.contains("120–134/70–84"), "\(text)")
        let path = cli.directory.file("report.pdf")
        cli.ok("report", "--guideline", "esc", "-o", path)
        // Read as one run of characters: lines wrap, and poppler joins a word hyphenated at a line's end.
        let squeezed = { (text: String) in text.filter { !$0.isWhitespace && $0 != "-" } }
        // Page 1 and the details page, where the verdict lines are.
        let page = squeezed(try poppler(["pdftotext", "-l", "2", path, "-"]))
        #expect(page.contains(squeezed(nonElevated)), "\(page)")
        // The headline, the clinical summary and the low line all say the figure with its decimal.
        #expect(page.components(separatedBy: "113/69.7").count - 1 >= 3, "\(page)")
        #expect(page.contains("113/69.7") && !page.contains("120–134/70–84"))
        let classified = cli.ok("classify", "113/69", "--guideline", "esc")
        #expect(classified.contains(chinese ? "未升高" : "Non-elevated"), "\(classified)")
    }

    /// A tag whose definition was removed is called the same in `list` (its filter) and in the
    /// report: by its id, since no current definition names it.
    @Test func aRemovedTagIsCalledTheSameInListAndTheReport() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        cli.ok("tag", "add", "walk", "--label", "after walking", "--color", "#3377AA")
        for day in 20...24 { cli.ok("add", "130/80", "-t", "walk", "--at", "2026-11-\(day) 07:10") }
        cli.ok("tag", "remove", "walk")
        let listed = cli.ok("list", "--tag", "walk")
        #expect(listed.contains("only readings tagged walk"), "\(listed)")
        let path = cli.directory.file("report.pdf")
        cli.ok("report", "--tag", "walk", "-o", path)
        let text = try poppler(["pdftotext", path, "-"])
        #expect(text.contains("only readings tagged walk"))
        #expect(!text.contains("after walking"))
    }

    /// A weight is written alike by `list --format json` and the backup `export --format json`:
    /// one encoder, kilograms exactly as stored.
    @Test func weightIsTheSameInListAndExportJSON() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        for (index, weight) in ["61.25", "70.001", "80", "72.5"].enumerated() {
            cli.ok("add", "--weight", weight, "--at", "2026-11-2\(index) 07:10")
        }
        let listed = cli.ok("list", "--format", "json")
        let exported = cli.ok("export", "--format", "json")
        let weights = { (text: String) in
            text.split(separator: "\n").filter { $0.contains("\"weightKg\"") }.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(weights(listed) == ["\"weightKg\": 61.25,", "\"weightKg\": 70.001,", "\"weightKg\": 80,", "\"weightKg\": 72.5,"])
        #expect(weights(exported) == weights(listed))
    }
}
