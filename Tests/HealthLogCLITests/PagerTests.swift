import Foundation
import HealthCommandLine
import Testing

/// Long output on a terminal goes through the user's pager, the way git's does: `LESS=FRX`
/// unless LESS is set, never when standard output is not a terminal, never with `--no-pager`,
/// and output that fits on the screen is printed as it is.
@Suite struct PagerTests {
    /// A log of 30 mornings for dad, on a terminal 20 rows high, whose pager keeps what it was
    /// given (and the LESS it was started with) in files.
    private func terminalWithPager() -> CLIHarness {
        let cli = CLIHarness()
        for day in 1...30 {
            cli.ok("add", "\(120 + day)/\(70 + day % 10)", "--at", String(format: "2026-11-%02d 07:30", day))
        }
        cli.onTerminal = true
        cli.environment["NO_COLOR"] = "1"
        cli.environment["LINES"] = "20"
        cli.environment["PATH"] = "/usr/bin:/bin"
        cli.environment["PAGER"] = "echo \"LESS=$LESS\" > '\(cli.directory.file("less.txt"))'; cat > '\(cli.directory.file("paged.txt"))'"
        return cli
    }

    private func paged(_ cli: CLIHarness) -> String? { try? String(contentsOfFile: cli.directory.file("paged.txt"), encoding: .utf8) }

    @Test func aListLongerThanTheScreenGoesThroughThePager() throws {
        let cli = terminalWithPager()
        let result = cli.run("list", "--last", "30d")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "the pager has it, not the terminal: \(result.stdout)")
        let text = try #require(paged(cli))
        #expect(text.contains("30 readings"), "the heading")
        #expect(text.contains("150/70"), "the last row")
        #expect(text.split(separator: "\n").count > 20)
        #expect(try String(contentsOfFile: cli.directory.file("less.txt"), encoding: .utf8) == "LESS=FRX\n", "less quits when it fits, keeps colour, leaves the text")
        let stats = cli.run("stats", "--last", "30d")
        #expect(stats.status == 0 && stats.stdout.isEmpty, "stats pages too: \(stats.stdout.prefix(200))")
    }

    @Test func whatFitsOnTheScreenIsPrintedAsItIs() {
        let cli = terminalWithPager()
        let result = cli.run("list", "--last", "3d")
        #expect(result.status == 0)
        #expect(result.stdout.contains("3 readings"))
        #expect(paged(cli) == nil, "no pager for a screenful")
    }

    @Test func neverWhenPipedOrTurnedOff() {
        let cli = terminalWithPager()
        cli.environment["LESS"] = "S"
        for arguments in [["list", "--last", "30d", "--no-pager"], ["--no-pager", "list", "--last", "30d"]] {
            let result = cli.run(arguments)
            #expect(result.status == 0)
            #expect(result.stdout.contains("150/70"), "\(arguments) prints to the terminal")
        }
        for pager in ["", "cat"] {
            cli.environment["PAGER"] = pager
            #expect(cli.ok("list", "--last", "30d").contains("150/70"), "PAGER='\(pager)' turns it off")
        }
        cli.environment["PAGER"] = "cat > '\(cli.directory.file("paged.txt"))'"
        cli.environment["HEALTHLOG_PAGER"] = ""
        #expect(cli.ok("list", "--last", "30d").contains("150/70"), "HEALTHLOG_PAGER comes first")
        cli.environment["HEALTHLOG_PAGER"] = nil
        cli.onTerminal = false
        #expect(cli.ok("list", "--last", "30d").contains("150/70"), "a pipe is never paged")
        #expect(paged(cli) == nil)
        cli.onTerminal = true
        cli.ok("list", "--last", "30d")
        #expect(paged(cli)?.contains("150/70") == true)
    }

    @Test func compareEventListAndUndoListPageToo() throws {
        let cli = terminalWithPager()
        for day in 1...25 { cli.ok("event", "add", "change \(day)", "--at", String(format: "2026-11-%02d 09:00", day), "--kind", "lifestyle") }
        cli.environment["LINES"] = "3"
        for arguments in [
            ["compare", "2026-11-01..2026-11-15", "2026-11-16..2026-11-30"], ["event", "list"], ["undo", "--list"],
        ] {
            try? FileManager.default.removeItem(atPath: cli.directory.file("paged.txt"))
            let result = cli.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments): the pager has it: \(result.stdout.prefix(200))")
            #expect((paged(cli)?.split(separator: "\n").count ?? 0) > 3, "\(arguments)")
            #expect(cli.run(arguments + ["--no-pager"]).stdout.split(separator: "\n").count > 3, "\(arguments) --no-pager")
        }
        // Undo itself asks on the terminal: it is never paged.
        try? FileManager.default.removeItem(atPath: cli.directory.file("paged.txt"))
        #expect(cli.run(["undo", "--yes"]).status == 0)
        #expect(paged(cli) == nil)
    }

    @Test func aPagerThatIsNotInstalledIsNamedAndTheOutputPrinted() {
        let cli = terminalWithPager()
        cli.environment["PAGER"] = "lesss -R"
        let result = cli.run("list", "--last", "30d")
        #expect(result.status == 0)
        #expect(result.stdout.contains("150/70"))
        #expect(result.stderr.contains("PAGER 'lesss -R' was not found; the output is printed without it"))
        cli.environment["LANG"] = "zh_CN.UTF-8"
        #expect(cli.run("list", "--last", "30d").stderr.contains("找不到 PAGER“lesss -R”"))
    }

    /// The real program on a real terminal (util-linux `script`), 10 rows high: quitting the pager
    /// after three lines ends the command quietly, with status 0.
    @Test func quittingThePagerEarlyIsNotAFailure() throws {
        let (directory, environment) = try importedLog(40)
        var shell = environment
        shell["PAGER"] = "head -3"
        shell["NO_COLOR"] = "1"
        shell["TERM"] = "xterm"
        let command = "stty rows 10 cols 80; '\(try healthlogExecutable())' list; echo \"status=$?\""
        let result = try run(executable: "/usr/bin/script", ["-qec", command, "/dev/null"], environment: shell)
        // A terminal ends lines with CR LF.
        let lines = result.stdout.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.last == "status=0", "\(result.stdout)")
        #expect(lines.count == 4, "three lines from the pager, then the status: \(lines)")
        let unpaged = try run(executable: "/usr/bin/script", ["-qec", "stty rows 10 cols 80; '\(try healthlogExecutable())' list --no-pager", "/dev/null"], environment: shell)
        #expect(unpaged.stdout.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").count > 20, "--no-pager prints every row")
        _ = directory
    }
}
