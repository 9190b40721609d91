import HealthCommandLine
@testable import HealthLogCLI
import Testing

@Suite struct ArgumentParserTests {
    @Test func acceptsBothValueFormsShortNamesAndDoubleDash() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        cli.ok("add", "140/90", "--pulse=70", "-t", "bp-med", "--tag=exercise,good-sleep", "-n", "note one", "--at", "07:00")
        cli.ok("add", "--note", "-- starts with dashes", "130/85", "--at=07:05")
        cli.ok("add", "--at", "07:10", "--", "125/80")
        let readings = try cli.readings()
        #expect(readings.map(\.pulse) == [70, nil, nil])
        #expect(readings[0].tagIDs == ["bp-med", "exercise", "good-sleep"])
        #expect(readings.map(\.systolic) == [140, 130, 125])
    }

    @Test(arguments: [
        (["add", "120/80", "--bogus"], "Error: unknown option '--bogus'. See 'healthlog add --help'.\n"),
        (["add", "120/80", "--note"], "Error: missing value for '--note <TEXT>'. See 'healthlog add --help'.\n"),
        (["add", "120/80", "--note", "--tag", "x"], "Error: missing value for '--note <TEXT>'. See 'healthlog add --help'.\n"),
        (["add", "120/80", "70", "extra"], "Error: unexpected argument 'extra'. See 'healthlog add --help'.\n"),
        (["add", "120/80", "--note", "a", "--note", "b"], "Error: '--note' is given more than once. See 'healthlog add --help'.\n"),
        (["add", "120/80", "70", "--pulse", "71"], "Error: pulse is given twice, as an argument and with --pulse. See 'healthlog add --help'.\n"),
        (["add"], "Error: give a blood pressure (e.g. 138/86), --pulse or --weight. See 'healthlog add --help'.\n"),
        (["show"], "Error: missing <ID>. See 'healthlog show --help'.\n"),
        (["frobnicate"], "Error: unknown command 'frobnicate'. See 'healthlog --help'.\n"),
        (["profile", "frob"], "Error: unknown subcommand 'frob' (one of: add, list, show, edit, rename, default, remove). See 'healthlog profile --help'.\n"),
        (["--db"], "Error: missing value for '--db'. See 'healthlog --help'.\n"),
        (["list", "--yes"], "Error: unknown option '--yes'. See 'healthlog list --help'.\n"),
        (["delete", "abcdef", "--yes=1"], "Error: '--yes' takes no value. See 'healthlog delete --help'.\n"),
    ])
    func misuseIsExit64WithOneLine(arguments: [String], message: String) {
        let cli = CLIHarness()
        let result = cli.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr == message)
        #expect(result.stdout.isEmpty)
    }
}

/// An option is declared once, in the command's spec, and read from there: reading one the
/// spec does not declare (it would be refused as unknown and missing from the help) stops the
/// program the first time a test runs the command.
@Suite struct OptionDeclarationTests {
    @Test func readingAnUndeclaredOptionStops() async {
        await #expect(processExitsWith: .failure) {
            let spec = CommandSpec(["demo"], abstract: "A command that forgot to declare --weight.")
            let parsed = try ArgumentParser.parse([], spec: spec)
            _ = try parsed.value(ReadingInput.weight)
        }
    }

    @Test func everyCommandReadsOnlyWhatItDeclares() {
        // Each command's help lists exactly its spec's options; running each with --help
        // parses against that same spec.
        for command in CommandRegistry.commands {
            let cli = CLIHarness()
            let result = cli.run(command.spec.path + ["--help"])
            #expect(result.status == 0, "\(command.spec.path)")
            for option in command.spec.options { #expect(result.stdout.contains(option.spec.long), "\(command.spec.path): \(option.spec.long)") }
        }
    }
}
