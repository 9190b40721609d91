import Foundation
import Testing

/// Page 1 and `stats` read as a hypertension specialist reads them, each from a log made to show
/// one clinical situation: the words and figures on page 1 (pdftotext) and in `stats --format json`.
@Suite struct PageOneClinicalTests {
    /// Page 1 of a report of `arguments`, its text with every line break and space taken out.
    static func pageOne(_ cli: CLIHarness, _ arguments: [String], language: String = "en_US.UTF-8") throws -> String {
        let path = cli.directory.file("page1-\(language).pdf")
        cli.environment["LANG"] = language
        cli.ok(["report"] + arguments + ["-o", path])
        return try poppler(["pdftotext", "-f", "1", "-l", "1", path, "-"]).filter { !$0.isWhitespace }
    }

    /// `stats --format json` of `arguments`.
    static func statsJSON(_ cli: CLIHarness, _ arguments: [String]) throws -> [String: Any] {
        let json = cli.ok(["stats"] + arguments + ["--format", "json"])
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    static func squeezed(_ text: String) -> String { text.filter { !$0.isWhitespace } }

    // MARK: - §4 before and after an event

    /// No true effect: mornings run 12/7 higher than evenings, and after "bisoprolol started"
    /// the patient measures in the evenings only. The raw windows fall by about 6/3; within the
    /// same time of day nothing changed, and page 1 says so.
    static func stoppedMornings() -> CLIHarness {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad", "--name", "Dad", "--birth-year", "1950")
        cli.ok("event", "add", "bisoprolol 5 mg started", "--at", "2026-10-20 08:00")
        for offset in 1...28 {
            let date = Self.date("2026-10-20", plus: -offset)
            cli.ok("add", "\(144 + offset % 5)/\(88 + offset % 3)", "--at", "\(date) 07:00")
            cli.ok("add", "\(148 + offset % 5)/\(92 + offset % 3)", "--at", "\(date) 07:02")
            cli.ok("add", "\(132 + offset % 5)/\(81 + offset % 3)", "--at", "\(date) 21:00")
            cli.ok("add", "\(136 + offset % 5)/\(85 + offset % 3)", "--at", "\(date) 21:02")
        }
        for offset in 8...35 {
            let date = Self.date("2026-10-20", plus: offset)
            let same = offset - 7
            cli.ok("add", "\(132 + same % 5)/\(81 + same % 3)", "--at", "\(date) 21:00")
            cli.ok("add", "\(136 + same % 5)/\(85 + same % 3)", "--at", "\(date) 21:02")
        }
        return cli
    }

    static func date(_ iso: String, plus days: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: formatter.date(from: iso)!.addingTimeInterval(Double(days) * 86_400))
    }

    @Test func anEventComparesTheSameTimeOfDayAndClaimsNoCause() throws {
        let cli = Self.stoppedMornings()
        let range = ["--from", "2026-09-22", "--to", "2026-11-24"]
        let stats = try Self.statsJSON(cli, range)
        let event = try #require((stats["events"] as? [[String: Any]])?.first)
        // The raw windows keep their documented meaning: a spurious fall.
        let raw = try #require((event["difference"] as? [String: Any])?["systolic"] as? [String: Any])
        #expect(try #require(raw["mean"] as? Double) < -5)
        let same = try #require(event["sameTimeOfDay"] as? [String: Any])
        #expect(same["periods"] as? [String] == ["evening"])
        #expect(same["firstSessions"] as? Int == 28)
        #expect(same["secondSessions"] as? Int == 28)
        #expect(same["sufficient"] as? Bool == true)
        let systolic = try #require((same["systolic"] as? [String: Any])?["mean"] as? Double)
        #expect(abs(systolic) < 1e-9)

        let english = try Self.pageOne(cli, range)
        #expect(english.contains(Self.squeezed("Events: before and after")), "the event table is on page 1")
        #expect(english.contains(Self.squeezed("0/0 mmHg (95 % CI")))
        #expect(english.contains(Self.squeezed("evening, 28 and 28 sessions")))
        #expect(english.contains(Self.squeezed("Before and after, not evidence of cause.")))
        #expect(!english.contains("−6/−3") && !english.contains("−5/−3"), "no spurious fall")
        let chinese = try Self.pageOne(cli, range, language: "zh_CN.UTF-8")
        #expect(chinese.contains(Self.squeezed("晚上，28 次与 28 次测量")))
        #expect(chinese.contains(Self.squeezed("仅为前后对比，不能说明因果关系。")))
        cli.environment["LANG"] = "en_US.UTF-8"
        let text = cli.ok(["stats"] + range)
        #expect(text.contains("0/0 mmHg (95 % CI"))
        #expect(text.contains("Before and after, not evidence of cause."))
    }
}
