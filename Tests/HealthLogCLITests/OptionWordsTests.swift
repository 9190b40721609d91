import Foundation
import HealthCommandLine
@testable import HealthLogCLI
import Testing

/// What an option takes, said in its error ("--format 'x' is not a format (table, text or
/// json)"), is the spec's English and has a Chinese entry for every option of every command.
@Suite struct OptionWordsTests {
    @Test func everyOptionsExpectedValueHasAChineseEntry() throws {
        let chinese = try TerminalWordsTests.strings("zh-Hans")
        var expected: Set<String> = []
        var specs: [CommandSpec] = [HealthLogMain.spec]
        for command in CommandRegistry.commands { specs.append(command.spec) }
        for spec in specs {
            for option in spec.allOptions {
                if let text = option.expectedValue { expected.insert(text) }
            }
        }
        #expect(expected.count > 10)
        for text in expected.sorted() {
            #expect(chinese["cli.help.text.\(text)"] != nil, "zh-Hans.json has no 'cli.help.text.\(text)'")
        }
    }
}
