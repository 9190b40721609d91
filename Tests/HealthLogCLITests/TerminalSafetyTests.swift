import Foundation
import HealthCommandLine
import HealthCore
import HealthLogCLI
import Testing

/// Text from people and files never reaches a terminal as control codes: every human-readable
/// output shows them as visible escapes. JSON and CSV keep the text exactly as stored.
@Suite struct TerminalSafetyTests {
    static let clear = "\u{1B}[2J\u{1B}[HCLEARED"
    static let title = "\u{1B}]0;pwned\u{7}"
    static let reversed = "evil\u{202E}gnp.exe"

    /// The characters no human-readable output may carry raw; HealthLog's own colours
    /// (`ESC [ … m`) are removed first.
    static func rawControls(in text: String) -> [String] {
        let withoutOwnStyling = text.replacingOccurrences(of: #"\u{1B}\[[0-9;]*m"#, with: "", options: .regularExpression)
        return withoutOwnStyling.unicodeScalars.compactMap { scalar -> String? in
            switch scalar.value {
            case 0x0A, 0x09: nil
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: String(format: "U+%04X", scalar.value)
            default: nil
            }
        }
    }

    private func run(_ cli: CLIHarness, _ arguments: [String]) -> (Int32, String) {
        let stdout = CapturedOutput(isTerminal: true)
        let stderr = CapturedOutput(isTerminal: true)
        let context = CommandContext(stdout: stdout, stderr: stderr, environment: cli.environment, clock: { fixedNow }, zone: cli.zone)
        let status = HealthLogMain.run(arguments, context: context)
        return (status, stdout.text + stderr.text)
    }

    @Test func hostileTextInEveryFieldIsShownNeverObeyed() throws {
        let cli = CLIHarness()
        let hostile = [TerminalSafetyTests.clear, TerminalSafetyTests.title, TerminalSafetyTests.reversed]
        cli.ok("profile", "add", "dad", "--name", "Dad\(TerminalSafetyTests.title)\nline two")
        cli.ok("tag", "add", "ansi", "--label", TerminalSafetyTests.clear, "--label-zh", TerminalSafetyTests.reversed)
        cli.ok("-p", "dad", "add", "150/95", "72", "-t", "ansi,bp-med", "-n", "a\rb \(TerminalSafetyTests.clear)\nnext", "--at", "07:00")
        let id = String(try #require(try cli.readings().first).id.prefix(8))
        let csv = cli.directory.write(
            "x\u{1B}[2J.csv",
            "id,profile,taken_at,systolic,diastolic,pulse,weight_kg,tags,note\n"
                + ",dad,2026-11-29T07:00:00+08:00,140,90,,,,\"\(TerminalSafetyTests.title)\"\n"
                + ",dad,2026-11-29T08:00:00+08:00,\(TerminalSafetyTests.clear),90,,,,\n")
        let commands: [[String]] = [
            ["-p", "dad", "list"], ["-p", "dad", "list", "--last", "7d"], ["show", id], ["-p", "dad", "stats"],
            ["profile", "list"], ["profile", "show", "dad"], ["tag", "list"],
            ["tag", "edit", "ansi", "--label", TerminalSafetyTests.title], ["-p", "dad", "add", "120/80", "-t", "ansi", "--at", "07:30"],
            ["-p", "dad", "edit", id, "-n", TerminalSafetyTests.reversed],
            ["import", csv], ["import", csv, "--skip-invalid"], ["import", cli.directory.file("missing\u{1B}[2J.csv")],
            ["-p", "dad", "report", "-o", cli.directory.file("r\u{1B}[2J.pdf")],
            ["export", "-o", cli.directory.file("e\u{1B}]0;x\u{7}.csv")],
            ["-p", "dad\u{1B}[2J", "list"], ["add", "120/80", "-t", "\u{1B}[2J"], ["list", "--\u{1B}[2J"], ["\u{1B}[2Jcommand"],
            ["profile", "add", "kid", "--name", TerminalSafetyTests.clear], ["check"],
        ]
        for command in commands {
            let (_, output) = run(cli, command)
            #expect(TerminalSafetyTests.rawControls(in: output).isEmpty, "\(command): \(output.debugDescription)")
        }
        // What it looks like: the escape is printed as text.
        #expect(run(cli, ["tag", "list"]).1.contains("\\e]0;pwned\\u{7} / evil\\u{202E}gnp.exe"))
        #expect(run(cli, ["profile", "list"]).1.contains("Dad\\e]0;pwned\\u{7}⏎line two"))
        #expect(run(cli, ["show", id]).1.contains("evil\\u{202E}gnp.exe"))
        // JSON keeps the text exactly, with controls and reordering characters as JSON escapes.
        let json = cli.ok("-p", "dad", "list", "--format", "json")
        #expect(json.contains("evil\\u202egnp.exe") && json.contains("\\u001b]0;pwned\\u0007"))
        #expect(!json.contains("\u{202E}"))
        #expect(cli.ok("-p", "dad", "list", "--format", "csv").contains(",\(TerminalSafetyTests.title),home\n"))
        #expect(hostile.allSatisfy { !$0.isEmpty })
    }
}
