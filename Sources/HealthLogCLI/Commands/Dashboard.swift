import HealthCommandLine
import HealthCore
import HealthPresentation
import HealthUseCases

/// `healthlog` with no command: the dashboard, not the full help (that is `--help`).
enum Dashboard {
    static func run(_ context: CommandContext) throws(CLIError) {
        let words = try context.words()
        let entries = try context.run { try $0.dashboard(strings: words) }
        let text = DashboardText(words: words, style: context.style)
        let guideline = context.settingGuideline ?? .standard(for: context.language)
        if entries.isEmpty {
            for line in text.empty { context.stdout.line(line) }
        }
        for (index, entry) in entries.enumerated() {
            if index > 0 { context.stdout.line("") }
            for line in text.lines(profile: entry.profile, last: entry.last, today: entry.today, week: entry.week, tags: entry.tags, now: context.now, guideline: guideline) {
                context.stdout.line(line)
            }
        }
        context.stdout.line(text.footer)
    }
}
