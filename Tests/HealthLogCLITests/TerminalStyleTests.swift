import HealthLogCLI
import HealthCommandLine
import Testing

@Suite struct TerminalStyleTests {
    private func add(terminal: Bool, environment extra: [String: String] = [:]) -> String {
        let cli = CLIHarness()
        for (key, value) in extra { cli.environment[key] = value }
        let stdout = CapturedOutput(isTerminal: terminal)
        let context = CommandContext(
            stdout: stdout, stderr: CapturedOutput(), environment: cli.environment, clock: { fixedNow }, zone: cli.zone)
        #expect(HealthLogMain.run(["add", "150/95", "72", "--at", "07:00"], context: context) == 0)
        return stdout.text
    }

    @Test func colourOnlyOnATerminalAndNeverWithNoColor() {
        let coloured = add(terminal: true)
        #expect(coloured.contains("\u{1B}[1;31m150/95 mmHg\u{1B}[0m"), "above target is red on a terminal")
        #expect(!add(terminal: false).contains("\u{1B}["))
        #expect(!add(terminal: true, environment: ["NO_COLOR": "1"]).contains("\u{1B}["))
        #expect(!add(terminal: true, environment: ["TERM": "dumb"]).contains("\u{1B}["))
    }
}
