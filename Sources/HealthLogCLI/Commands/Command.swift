import HealthCommandLine

/// A command: its spec, validation of its arguments into typed values, and running.
///
/// `init` sees the parsed arguments and turns them into typed, validated values;
/// `run` only ever sees valid input.
protocol Command {
    static var spec: CommandSpec { get }
    /// False for a command that must not merge the shared folder first (sync's own, the
    /// documentation); every other command merges first unless `--no-sync` is given.
    static var mergesFirst: Bool { get }
    /// True for a command whose output may run past a screen (`list`, `stats`): on a terminal it
    /// goes through the pager, and the command takes `--no-pager`.
    static var pages: Bool { get }
    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError)
    func run(_ context: CommandContext) throws(CLIError)
}

extension Command {
    static var mergesFirst: Bool { true }
    static var pages: Bool { false }
}

/// Every command, in the order the main help lists them.
enum CommandRegistry {
    static var commands: [any Command.Type] {
        [
        AddCommand.self, ListCommand.self, ShowCommand.self, EditCommand.self, DeleteCommand.self, UndoCommand.self,
            StatsCommand.self, ClassifyCommand.self, ReportCommand.self, ChartCommand.self,
        ProfileAddCommand.self, ProfileListCommand.self, ProfileShowCommand.self, ProfileEditCommand.self,
        ProfileRenameCommand.self, ProfileDefaultCommand.self, ProfileRemoveCommand.self,
        TagListCommand.self, TagAddCommand.self, TagEditCommand.self, TagRemoveCommand.self,
        EventAddCommand.self, EventListCommand.self, EventRemoveCommand.self,
        MedStartCommand.self, MedChangeCommand.self, MedStopCommand.self, MedListCommand.self, TookCommand.self, CompareCommand.self, ProtocolCommand.self,
        DueCommand.self, RemindInstallCommand.self, RemindStatusCommand.self, RemindRemoveCommand.self, RemindNotifyCommand.self,
        ExportCommand.self, ImportCommand.self, BackupCommand.self, RestoreCommand.self, CheckCommand.self,
        SyncNowCommand.self, SyncInitCommand.self, SyncSetupCommand.self, SyncStatusCommand.self, SyncLeaveCommand.self, SyncForgetCommand.self,
        ServeCommand.self, ServePairCommand.self, ServeDevicesCommand.self, ServeRevokeCommand.self,
        ConfigListCommand.self, ConfigGetCommand.self, ConfigSetCommand.self, ConfigUnsetCommand.self,
        CompletionsCommand.self, ManPageCommand.self,
        ]
    }

    /// The command of `spec`, which the program's spec resolved from the command line.
    static func command(_ spec: CommandSpec) -> any Command.Type {
        commands.first { $0.spec.path == spec.path }!
    }

    /// Each word that groups subcommands, such as `profile`, with its subcommands; `sync` and
    /// `serve` alone run a command of their own (see ``ProgramSpec/runsAlone(_:)``).
    static var groups: [(spec: CommandSpec, subcommands: [CommandSpec])] {
        let group = { (word: String, abstract: String, examples: [String]) in
            (CommandSpec([word], abstract: abstract, examples: examples), commands.filter { $0.spec.path.first == word }.map { $0.spec })
        }
        // Their subcommands are the words after.
        let runsAlone = { (command: any Command.Type) in
            (command.spec, commands.filter { $0.spec.path.first == command.spec.path[0] && $0.spec.path.count == 2 }.map { $0.spec })
        }
        return [
            group(
                "profile", "Manage family members' profiles.",
                ["healthlog profile add dad --name 爸爸 --birth-year 1956 --sex male", "healthlog profile list"]),
            group(
                "tag", "Manage status tag definitions (bp-med, diet, exercise, ...).",
                ["healthlog tag add salt --label 'salty meal' --label-zh 咸食 --color '#E67E22'", "healthlog tag list"]),
            group(
                "event", "Record medication changes and other events, to compare before and after.",
                ["healthlog event add 'amlodipine 5 mg started'", "healthlog event list"]),
            group(
                "med", "Record the medicines taken: starts, dose changes and stops, with their history.",
                ["healthlog med start amlodipine --dose '5 mg' --times morning", "healthlog med list --all"]),
            group(
                "remind", "Desktop reminders when a reading is due (a systemd user timer).",
                ["healthlog remind install --times 07:30,21:00", "healthlog remind status", "healthlog remind remove"]),
            group("config", "Settings that stay set: guideline, language, template, db, color.", ["healthlog config set guideline aha", "healthlog config list"]),
            runsAlone(SyncNowCommand.self), runsAlone(ServeCommand.self),
        ]
    }
}
