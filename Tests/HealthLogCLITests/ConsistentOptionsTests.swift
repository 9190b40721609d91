import Foundation
import HealthCommandLine
import HealthLogCLI
import Testing

/// Options that mean one thing say it one way on every command.
@Suite struct ConsistentOptionsTests {
    @Test func textAndTableAreOneFormatEverywhere() {
        let cli = CLIHarness()
        cli.family()
        for command in [["-p", "dad", "list"], ["profile", "list"], ["tag", "list"], ["-p", "dad", "stats"], ["-p", "dad", "protocol"]] {
            let plain = cli.ok(command)
            #expect(cli.ok(command + ["--format", "text"]) == plain, "\(command) text")
            #expect(cli.ok(command + ["--format", "table"]) == plain, "\(command) table")
        }
        let wrong = cli.run("profile", "list", "--format", "yaml")
        #expect(wrong.status == ExitCode.usage)
        #expect(wrong.stderr.contains("is not a format (table, text, json or csv)"))
    }

    @Test func profileShowHasJSONLikeProfileList() throws {
        let cli = CLIHarness()
        cli.family()
        cli.ok("profile", "edit", "dad", "--target", "130/80")
        let shown = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok("profile", "show", "dad", "--format", "json").utf8)) as? [String: Any])
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok("profile", "list", "--format", "json").utf8)) as? [[String: Any]])
        let sorted = { (object: Any) throws -> Data in try JSONSerialization.data(withJSONObject: object, options: .sortedKeys) }
        #expect(try sorted(shown) == (try sorted(try #require(listed.first { $0["id"] as? String == "dad" }))))
        #expect(shown["readings"] as? Int == 3)
        #expect((shown["target"] as? [String: Int])?["systolic"] == 130)
    }

    @Test func protocolTakesFromAndToAsOtherCommandsDo() {
        let cli = CLIHarness()
        cli.family()
        let planned = cli.ok("-p", "dad", "protocol", "--start", "2026-11-24")
        #expect(planned.contains("protocol week Tue 2026-11-24 – Mon 2026-11-30"))
        #expect(cli.ok("-p", "dad", "protocol", "--from", "2026-11-24") == planned)
        #expect(cli.ok("-p", "dad", "protocol", "--to", "2026-11-30") == planned)
        #expect(cli.ok("-p", "dad", "protocol", "--from", "2026-11-24", "--to", "2026-11-30") == planned)
        let long = cli.run("-p", "dad", "protocol", "--from", "2026-11-20", "--to", "2026-11-30")
        #expect(long.status == ExitCode.dataError)
        #expect(long.stderr == "Error: a protocol week is 7 days: from 2026-11-20 it ends 2026-11-26, not 2026-11-30; give --from or --to alone\n")
        #expect(cli.run("-p", "dad", "protocol", "--start", "2026-11-24", "--from", "2026-11-24").status == ExitCode.usage)
    }

    @Test func aProfileIsNotOfferedWhereItMeansNothing() {
        let cli = CLIHarness()
        cli.family()
        for command in [["check"], ["backup", cli.directory.file("b.sqlite")], ["tag", "list"], ["classify", "138/86"], ["sync", "status"]] {
            #expect(!cli.ok(command + ["--help"]).contains("--profile"), "\(command) help")
            let given = cli.run(command + ["-p", "dad"])
            #expect(given.status == ExitCode.usage, "\(command)")
            #expect(given.stderr.hasPrefix("Error: unknown option '-p'"), "\(command): \(given.stderr)")
        }
        for command in [["list"], ["stats"], ["report"], ["export"], ["add"]] {
            #expect(cli.ok(command + ["--help"]).contains("--profile"), "\(command) help")
        }
        // Before the command it is still read, as an alias like `healthlog -p dad` needs.
        #expect(cli.run("-p", "dad", "check").status == 0)
    }
}
