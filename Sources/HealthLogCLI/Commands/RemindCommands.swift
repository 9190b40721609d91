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
        let folder = try RemindPaths.folder(context)
        guard let program = RunningProgram.path else {
            throw .unavailable(context.say(Phrase("the program's own path cannot be read (/proc/self/exe), so the timer cannot run it")))
        }
        // The timer runs later, without this shell's variables: it names the log and the profile.
        var command = [program, "--db", FileSystem.absolutePath(try context.databasePath())]
        if let profile = context.profileFlag ?? context.environment["HEALTHLOG_PROFILE"].flatMap({ $0.isEmpty ? nil : $0 }) { command += ["--profile", profile] }
        command += ["remind", "notify"]
        let units = ReminderUnits(times: times, command: command)
        let files = [(ReminderUnits.timerName, units.timer), (ReminderUnits.serviceName, units.service)]
        let timeList = times.map(\.text).joined(separator: ", ")
        var unchanged = true
        for (name, text) in files {
            if try RemindPaths.installed(folder + "/" + name, context) != text { unchanged = false }
        }
        if unchanged {
            context.stdout.line(words.cli("remind.unchanged", ["times": timeList, "folder": folder]))
            return
        }
        do {
            try FileSystem.createPrivateDirectories(folder)
        } catch {
            throw .cannotCreate(context.say(Phrase("cannot create {path}: {reason}", ["path": error.path], terms: ["reason": error.reason])))
        }
        for (name, text) in files {
            let path = folder + "/" + name
            // Only HealthLog's own unit is replaced (RemindPaths.installed refused anything else).
            if try RemindPaths.installed(path, context) != nil { FileSystem.remove(path) }
            do {
                try FileSystem.createExclusively(path, text: text, mode: ReminderUnits.mode)
            } catch {
                throw .cannotCreate(context.say(Phrase("cannot create {path}: {reason}", ["path": error.path], terms: ["reason": error.reason])))
            }
        }
        context.stdout.line(words.cli("remind.installed", ["times": timeList, "folder": folder]))
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
        let folder = try RemindPaths.folder(context)
        var removed: [String] = []
        for name in [ReminderUnits.timerName, ReminderUnits.serviceName] {
            let path = folder + "/" + name
            if try RemindPaths.installed(path, context) != nil {
                FileSystem.remove(path)
                removed.append(name)
            }
        }
        // `systemctl --user enable` links the timer here; the link would point at nothing.
        let wanted = folder + "/timers.target.wants/" + ReminderUnits.timerName
        if FileSystem.isSymbolicLink(wanted) { FileSystem.remove(wanted) }
        guard !removed.isEmpty else {
            context.stdout.line(words.cli("remind.nothingInstalled"))
            return
        }
        context.stdout.line(words.cli("remind.removed", ["files": removed.joined(separator: ", "), "folder": folder]))
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
        let folder = try RemindPaths.folder(context)
        guard let timer = try RemindPaths.installed(folder + "/" + ReminderUnits.timerName, context),
            try RemindPaths.installed(folder + "/" + ReminderUnits.serviceName, context) != nil
        else {
            context.stdout.line(words.cli("remind.nothingInstalled"))
            return
        }
        let times = ReminderUnits.times(inTimer: timer).map(\.text).joined(separator: ", ")
        context.stdout.line(words.cli("remind.status", ["times": times, "folder": folder]))
        let enabled = FileSystem.exists(folder + "/timers.target.wants/" + ReminderUnits.timerName)
        context.stdout.line(words.cli(enabled ? "remind.enabled" : "remind.notEnabled"))
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

/// Where the units live, and whether a file there is HealthLog's own.
enum RemindPaths {
    static func folder(_ context: CommandContext) throws(CLIError) -> String {
        guard let folder = ReminderUnits.folder(environment: context.environment) else {
            throw .usage(context.say(Phrase("HOME is not set, so the systemd user folder cannot be found; set HOME or XDG_CONFIG_HOME")), command: "healthlog remind")
        }
        return folder
    }

    /// The text of HealthLog's unit at `path`; nil when nothing is there. A link, a folder or a
    /// file HealthLog did not write is refused, never read through or replaced.
    static func installed(_ path: String, _ context: CommandContext) throws(CLIError) -> String? {
        guard FileSystem.isPresent(path) else { return nil }
        if FileSystem.isSymbolicLink(path) {
            throw .cannotCreate(context.say(Phrase("{path} is a symbolic link; HealthLog's unit is never written or read through a link, so it is left as it is", ["path": path])))
        }
        if let kind = FileSystem.nonRegularKind(path) {
            throw .cannotCreate(context.say(Phrase("{path} is {kind}, not a unit file; it is left as it is", ["path": path], terms: ["kind": kind])))
        }
        let text: String
        do {
            text = String(decoding: try FileBytes.read(path, limit: 1 << 16), as: UTF8.self)
        } catch {
            throw .io(context.say(error.phrase))
        }
        guard text.hasPrefix(ReminderUnits.marker) else {
            throw .cannotCreate(context.say(Phrase("{path} was not written by HealthLog; it is left as it is", ["path": path])))
        }
        return text
    }
}
