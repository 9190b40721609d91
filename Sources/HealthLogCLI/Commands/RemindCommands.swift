import HealthCommandLine
import HealthCore
import HealthPresentation
import HealthUseCases

/// `healthlog remind install`: a systemd user timer that says when a reading is due.
struct RemindInstallCommand: Command {
    static let mergesFirst = false
    static let spec = CommandSpec(
        ["remind", "install"], abstract: "Install a desktop reminder (systemd user timer) for readings due.",
        options: [timesOption],
        examples: ["healthlog remind install", "healthlog -p dad remind install --times 07:00,20:30"],
        discussion: """
            Writes healthlog-remind.timer and healthlog-remind.service to $XDG_CONFIG_HOME/systemd/user \
            (else ~/.config/systemd/user). At each time the service runs 'healthlog remind notify', which shows a \
            notification (notify-send, Debian package libnotify-bin) when today's morning or evening readings are \
            still due. Turn it on with 'systemctl --user daemon-reload && systemctl --user enable --now healthlog-remind.timer'.
            """)

    static let timesOption = Option<[ReminderUnits.ClockTime]>(
        "--times", value: "HH:MM,…", help: "When to check, comma-separated local times (default 07:30,21:00).",
        expected: "times of day like 07:30,21:00 or 7:30am,9pm"
    ) { text in
        let times = text.split(separator: ",", omittingEmptySubsequences: false).map { ReminderUnits.ClockTime(String($0)) }
        guard !times.isEmpty, times.count <= ReminderUnits.maximumTimes, times.allSatisfy({ $0 != nil }) else { return nil }
        let sorted = times.compactMap { $0 }.sorted()
        return zip(sorted, sorted.dropFirst()).contains { $0 == $1 } ? nil : sorted
    }

    let times: [ReminderUnits.ClockTime]

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        times = try arguments.value(Self.timesOption) ?? ReminderUnits.defaultTimes
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let words = try context.words()
        let folder = try context.reminderFolder()
        guard let program = RunningProgram.path else {
            throw .unavailable(context.say(Phrase("the program's own path cannot be read (/proc/self/exe), so the timer cannot run it")))
        }
        // The timer runs later, without this shell's variables: it names the log and the profile.
        var command = [program, "--db", FileSystem.absolutePath(try context.databasePath())]
        if let profile = context.profileFlag ?? context.environment["HEALTHLOG_PROFILE"].flatMap({ $0.isEmpty ? nil : $0 }) { command += ["--profile", profile] }
        command += ["remind", "notify"]
        let timeList = times.map(\.text).joined(separator: ", ")
        if try context.reported({ try folder.install(ReminderUnits(times: times, command: command)) }) == .unchanged {
            context.stdout.line(words.cli("remind.unchanged", ["times": timeList, "folder": folder.path]))
            return
        }
        context.stdout.line(words.cli("remind.installed", ["times": timeList, "folder": folder.path]))
        context.stdout.line(words.cli("remind.enable"))
        if !ShellCommand("notify-send").isFound(environment: context.environment) {
            context.stdout.line(words.cli("remind.noNotifySend"))
        }
    }
}

/// `healthlog remind remove`: takes the timer and service away again.
struct RemindRemoveCommand: Command {
    static let mergesFirst = false
    static let spec = CommandSpec(
        ["remind", "remove"], abstract: "Remove the reminder timer that remind install wrote.", examples: ["healthlog remind remove"])

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {}

    func run(_ context: CommandContext) throws(CLIError) {
        let words = try context.words()
        let folder = try context.reminderFolder()
        let removed = try context.reported { try folder.remove() }
        guard !removed.isEmpty else {
            context.stdout.line(words.cli("remind.nothingInstalled"))
            return
        }
        context.stdout.line(words.cli("remind.removed", ["files": removed.joined(separator: ", "), "folder": folder.path]))
        context.stdout.line(words.cli("remind.reload"))
    }
}

/// `healthlog remind status`: what is installed, at which times, and whether it is turned on.
struct RemindStatusCommand: Command {
    static let mergesFirst = false
    static let spec = CommandSpec(
        ["remind", "status"], abstract: "Say whether the reminder is installed, its times, and if it is on.",
        examples: ["healthlog remind status"])

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {}

    func run(_ context: CommandContext) throws(CLIError) {
        let words = try context.words()
        let folder = try context.reminderFolder()
        guard let status = try context.reported({ try folder.status() }) else {
            context.stdout.line(words.cli("remind.nothingInstalled"))
            return
        }
        context.stdout.line(words.cli("remind.status", ["times": status.times.map(\.text).joined(separator: ", "), "folder": folder.path]))
        context.stdout.line(words.cli(status.enabled ? "remind.enabled" : "remind.notEnabled"))
    }
}

/// `healthlog remind notify`: what the timer runs. Says which of today's readings are due, on
/// standard output and, when `notify-send` is installed, as a desktop notification.
struct RemindNotifyCommand: Command {
    static let spec = CommandSpec(
        ["remind", "notify"], abstract: "Notify when today's readings are due (what the timer runs).",
        options: [DueCommand.beforeOption],
        examples: ["healthlog remind notify", "healthlog -p dad remind notify --before 2026-12-08"],
        discussion: """
            Without --before it follows the 7 days ending today; with it, the week before that visit, and says \
            nothing outside it. It prints what it says, and calls notify-send only when it is installed.
            """)

    let visit: CivilDate?

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        visit = try arguments.value(DueCommand.beforeOption).map { (text) throws(CLIError) in
            try DateArgument.date(text, option: "--before", today: context.today, arguments: arguments)
        }
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let words = try context.words()
        // With no visit, the week ending today: its open slots are today's.
        let status = try context.run { try $0.protocolDue(before: visit ?? context.today.adding(days: 1)) }
        let name = status.profile.heading
        guard let message = DueText.reminder(profile: status.profile, due: status.due, words: words) else {
            context.stdout.line(words.cli("remind.nothingDue", ["profile": name]))
            return
        }
        context.stdout.line(message)
        let notifier = ShellCommand("notify-send")
        guard notifier.isFound(environment: context.environment) else {
            context.stderr.line(words.cli("remind.noNotifySend"))
            return
        }
        let ended = notifier.start(arguments: ["--app-name=HealthLog", "HealthLog", message], environment: context.environment)?.wait()
        if ended != 0 {
            context.stderr.line(context.say(Phrase("notify-send failed (exit {status}); the reminder was printed only", ["status": ended.map { String($0) } ?? "?"])))
        }
    }
}

extension CommandContext {
    /// The systemd user folder the reminder's units are in.
    func reminderFolder() throws(CLIError) -> ReminderFolder {
        guard let folder = ReminderUnits.folder(environment: environment) else {
            throw .usage(say(Phrase("HOME is not set, so the systemd user folder cannot be found; set HOME or XDG_CONFIG_HOME")), command: "healthlog remind")
        }
        return ReminderFolder(folder)
    }
}
