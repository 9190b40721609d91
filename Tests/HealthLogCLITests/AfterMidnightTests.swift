import Foundation
import HealthCore
import Testing

/// A reading after midnight counts for the day before, and shows its own calendar day beside its
/// time, so a doctor never reads it as a day earlier.
@Suite struct AfterMidnightTests {
    private func log() -> CLIHarness {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        cli.ok("add", "136/84", "--at", "2026-11-22 21:30")
        cli.ok("add", "150/92", "--at", "2026-11-23 00:05")
        cli.ok("add", "160/95", "--at", "2026-11-23 03:50", "--note", "woke up")
        return cli
    }

    @Test func listShowsTheCalendarDayOfAReadingAfterMidnight() {
        let text = log().ok("list")
        #expect(text.contains("2026-11-22 Sun  21:30 "))
        #expect(text.contains("00:05 (Mon 23)  evening  150/92"))
        // 03:50 is a night reading: counted for Sunday, named night, never the evening.
        #expect(text.contains("03:50 (Mon 23)  night    160/95"))
    }

    @Test func theReportLogAndNotesShowItToo() throws {
        let cli = log()
        for (language, expected) in [("en_US.UTF-8", "03:50 (Mon 23)"), ("zh_CN.UTF-8", "03:50（周一 23日）")] {
            let path = cli.directory.file("r-\(language).pdf")
            cli.environment["LANG"] = language
            cli.ok("report", "--log", "readings", "-o", path)
            // The cell may wrap: read it as one line.
            let text = try poppler(["pdftotext", path, "-"]).replacingOccurrences(of: "\n", with: " ")
            #expect(text.contains(expected), "\(language)")
            #expect(!text.contains("03:50 Evening") && !text.contains("03:50 晚上"), "\(language): the bare time is not printed")
            #expect(text.contains(language.hasPrefix("zh") ? "夜间" : "Night"), "\(language): the night reading is named")
        }
    }

    /// `protocol` counts sessions as the average and page 1's grid do: 00:05 is Sunday's evening
    /// reading, 03:50 a night reading that is not counted.
    @Test func protocolCountsTheNightReadingAsNoEvening() throws {
        let cli = log()
        let json = cli.ok("protocol", "--start", "2026-11-22", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let first = try #require((object["days"] as? [[String: Any]])?.first)
        #expect(first["date"] as? String == "2026-11-22")
        #expect(first["evening"] as? Int == 2)
        #expect(first["night"] as? Int == 1)
        let text = cli.ok("protocol", "--start", "2026-11-22")
        #expect(text.contains("1 night reading (02:00–03:59), not counted"))
    }
}
