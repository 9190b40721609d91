import HealthLogCLI
import Testing

@Suite struct HelpTests {
    @Test func mainHelpListsEveryCommand() {
        let result = CLIHarness().run("--help")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("OVERVIEW: HealthLog"))
        for command in ["add", "list", "show", "edit", "delete", "profile", "tag", "export", "import"] {
            #expect(result.stdout.contains("\n  \(command) "), "\(command) missing from help")
        }
        // `healthlog` alone is the dashboard (issue 37); help stays at --help and help.
        #expect(CLIHarness().run().stdout != result.stdout)
        #expect(CLIHarness().run("help").stdout == result.stdout)
    }

    @Test func commandHelpHasTheStandardSections() {
        let result = CLIHarness().run("add", "--help")
        #expect(result.status == 0)
        #expect(result.stdout.contains("OVERVIEW: Add a reading"))
        #expect(result.stdout.contains("USAGE: healthlog add [<SYS/DIA>] [<PULSE>] [<options>]"))
        #expect(result.stdout.contains("ARGUMENTS:"))
        #expect(result.stdout.contains("  -t, --tag <ID[,ID]>"))
        #expect(result.stdout.contains("EXAMPLES:"))
        #expect(CLIHarness().run("help", "add").stdout == result.stdout)
        #expect(CLIHarness().run("help", "profile", "add").stdout.contains("USAGE: healthlog profile add <ID>"))
        #expect(CLIHarness().run("profile", "--help").stdout.contains("SUBCOMMANDS:"))
    }

    @Test func helpNeverTouchesTheDatabase() {
        let cli = CLIHarness()
        cli.run("add", "--help")
        cli.run("--version")
        #expect(cli.databaseBytes() == [nil, nil])
    }

    @Test func everyHelpFitsEightyColumns() {
        let commands: [[String]] = [[]] + [
            "add", "list", "show", "edit", "delete", "stats", "classify", "report", "chart", "export", "import", "backup",
            "restore", "check", "profile", "tag",
        ].map { [$0] } + [["profile", "add"], ["profile", "edit"], ["tag", "add"], ["tag", "remove"]]
        for command in commands {
            let text = CLIHarness().run(command + ["--help"]).stdout
            #expect(!text.isEmpty)
            for line in text.split(separator: "\n") {
                #expect(line.displayWidthForTest <= 80, "\(command): \(line)")
            }
        }
    }

    @Test func version() {
        #expect(CLIHarness().run("--version").stdout == "healthlog \(HealthLogMain.version)\n")
    }
}
