import Foundation
import Testing

/// `stats` and page 1 of the report say the same thing about the same log: the figure, the
/// badge and every verdict sentence come from one headline, loaded through one call.
@Suite struct HeadlineAgreementTests {
    /// Logs whose headlines differ: above the threshold and sufficient, at a target of its own,
    /// too few readings, one day only, weights only.
    static let logs = ["above, sufficient", "own target met", "too few", "one day", "weights only"]

    private func harness(_ name: String, language: String) -> CLIHarness {
        let cli = CLIHarness()
        cli.environment["LANG"] = language
        cli.ok("profile", "add", "dad", "--name", "Dad", "--birth-year", "1954")
        switch name {
        case "above, sufficient":
            for day in 16...29 {
                cli.ok("add", "14\(day % 7)/9\(day % 5)", "-t", "bp-med", "--at", "2026-11-\(day) 07:10")
                cli.ok("add", "13\(day % 8)/8\(day % 6)", "--at", "2026-11-\(day) 21:05")
            }
            cli.ok("add", "150/95", "--office", "--at", "2026-11-25 10:00")
        case "own target met":
            cli.ok("profile", "edit", "dad", "--target", "140/90")
            for day in 16...29 {
                cli.ok("add", "13\(day % 7)/8\(day % 5)", "--at", "2026-11-\(day) 07:10")
                cli.ok("add", "12\(day % 8)/8\(day % 6)", "-t", "exercise", "--at", "2026-11-\(day) 21:05")
            }
        case "too few":
            for day in 26...29 { cli.ok("add", "14\(day % 7)/9\(day % 5)", "--at", "2026-11-\(day) 07:10") }
        case "one day":
            cli.ok("add", "138/86", "--at", "2026-11-29 07:10")
            cli.ok("add", "134/84", "--at", "2026-11-29 07:15")
        default:
            for day in 10...29 { cli.ok("add", "--weight", "7\(day % 3).\(day % 10)", "--at", "2026-11-\(day) 07:10") }
        }
        return cli
    }

    @Test(arguments: logs, ["en_US.UTF-8", "zh_CN.UTF-8"])
    func statsAndTheReportAgree(log name: String, language: String) throws {
        let cli = harness(name, language: language)
        let json = cli.ok("stats", "--last", "4w", "--format", "json")
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let headline = try #require(stats["headline"] as? [String: Any])
        let path = cli.directory.file("report.pdf")
        cli.ok("report", "--last", "4w", "-o", path)
        // Page 1, with every line break and space taken out: sentences wrap differently, words do not.
        let page = try pdfText(path, page: 1).filter { !$0.isWhitespace }
        // Page 1 says each verdict once, in the clinical summary or a line of its own; the
        // details page says every one as a line.
        let details = try pdfText(path, page: 2).filter { !$0.isWhitespace }
        let squeezed = { (text: String) in text.filter { !$0.isWhitespace } }
        let text = cli.ok("stats", "--last", "4w")

        if let figure = headline["figure"] as? String {
            #expect(page.contains(squeezed(figure)), "figure \(figure) not on page 1")
            #expect(text.contains(figure), "figure \(figure) not in stats")
        } else {
            Issue.record("\(name): no figure")
        }
        let badge = headline["badgeText"] as? String
        if name == "weights only" {
            #expect(badge == nil)
            #expect(headline["kind"] as? String == "weight")
        } else {
            let badge = try #require(badge)
            #expect(page.contains(squeezed(badge)), "badge \(badge) not on page 1")
            #expect(text.lowercased().contains(badge.lowercased()), "badge \(badge) not in stats")
        }
        let verdicts = try #require(headline["verdicts"] as? [[String: Any]])
        if name != "weights only" { #expect(!verdicts.isEmpty) }
        for verdict in verdicts {
            let sentence = try #require(verdict["text"] as? String)
            #expect(details.contains(squeezed(sentence)), "verdict not on the details page: \(sentence)")
            #expect(squeezed(text).contains(squeezed(sentence)), "verdict not in stats: \(sentence)")
        }
        // The figure is the one the verdicts compare: the mean JSON gives unrounded, rounded once.
        if name != "weights only" {
            let shown = try #require(headline["shown"] as? [String: Int])
            let verdict = try #require(stats["verdict"] as? [String: Any])
            let systolic = try #require(verdict["systolic"] as? Double)
            let diastolic = try #require(verdict["diastolic"] as? Double)
            #expect(shown["systolic"] == Int(systolic.rounded()))
            #expect(shown["diastolic"] == Int(diastolic.rounded()))
            // Whole mmHg, or one decimal for a number within 1 mmHg of a limit (the badge reads it unrounded).
            let parts = try #require(headline["figure"] as? String).split(separator: "/").map(String.init)
            let written = { (text: String, value: Double) in text == String(Int(value.rounded())) || text == String(format: "%.1f", value) }
            #expect(parts.count == 2 && written(parts[0], systolic) && written(parts[1], diastolic))
        }
    }

    private func pdfText(_ path: String, page: Int) throws -> String {
        try poppler("pdftotext", ["-f", String(page), "-l", String(page), path, "-"])
    }
}
