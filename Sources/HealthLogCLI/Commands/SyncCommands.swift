import HealthCommandLine
import HealthCore
import HealthSync
import HealthSyncPresentation
import HealthUseCases

/// `healthlog sync`: merge the shared folder now and say what came in.
struct SyncNowCommand: Command {
    static let spec = CommandSpec(
        ["sync"], abstract: "Share one family log between machines through a synced folder (Syncthing).",
        examples: [
            "healthlog sync setup                   pair with another machine's Syncthing, one command on each",
            "healthlog sync init ~/Sync/healthlog   make this log a member of the shared log there",
            "healthlog sync                         merge what the other machines wrote, now",
            "healthlog sync status                  the devices, what waits, what was refused",
        ])
    static let mergesFirst = false

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {}

    func run(_ context: CommandContext) throws(CLIError) {
        let report = try context.run { try $0.syncNow() }
        context.show(try context.syncWording().merge(report, names: context.syncDeviceNames()))
        if let problem = try context.log().syncJournalProblem {
            throw .io(
                context.say(
                    Phrase("{problem}; this device's changes are saved in the log and go to the shared folder at the next merge", terms: ["problem": problem])))
        }
    }
}

/// `healthlog sync init FOLDER`: join (or start) the shared log in FOLDER.
struct SyncInitCommand: Command {
    static let spec = CommandSpec(
        ["sync", "init"], abstract: "Make this log a member of the shared log in FOLDER (created, or joined).",
        arguments: [ArgumentSpec("FOLDER", completing: .file, help: "The folder the machines share (not the one holding the log).")],
        examples: ["healthlog sync init ~/Sync/healthlog"])
    static let mergesFirst = false

    let folder: String

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        folder = try arguments.nonEmptyPositional(0, Phrase("FOLDER is empty; give the shared folder's path"))
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let report = try context.run { try $0.syncInit(folder: folder) }
        context.show(try context.syncWording().join(report, names: context.syncDeviceNames()))
        if !report.alreadyMember {
            context.stdout.line(try context.words().cli("sync.share"))
        }
    }
}

/// `healthlog sync status`: how the shared log stands.
struct SyncStatusCommand: Command {
    static let spec = CommandSpec(
        ["sync", "status"], abstract: "Show the shared log's devices, what waits, refused lines and concurrent edits.",
        options: [Options.statusFormat],
        examples: ["healthlog sync status", "healthlog sync status --format json"])
    static let mergesFirst = false

    let json: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        json = try arguments.value(Options.statusFormat) == .json
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let status = try context.run { try $0.syncStatus(merging: !context.noSync) }
        if json {
            context.stdout.line(SyncWording.json(status).serialized(indent: "  "))
        } else {
            for line in try context.syncWording().status(status) { context.stdout.line(line) }
        }
    }
}

/// `healthlog sync leave`: stop sharing this log (its records stay).
struct SyncLeaveCommand: Command {
    static let spec = CommandSpec(
        ["sync", "leave"], abstract: "Stop sharing this log: its records stay here, its journal stays for the others.",
        options: [Options.forceLeave],
        examples: ["healthlog sync leave"])
    static let mergesFirst = false

    let force: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        force = arguments.isSet(Options.forceLeave)
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let report = try context.run { try $0.syncLeave(force: force) }
        let words = try context.words()
        context.stdout.line(words.cli("sync.left", ["folder": report.folder.visibleControls()]))
        if report.unwritten { context.stderr.line(words.cli("sync.leftUnwritten")) }
        if report.undelivered.isEmpty, report.otherDevices > 0 { context.stdout.line(words.cli("sync.leftDelivered")) }
        for device in report.undelivered {
            context.stderr.line(words.cli("sync.leftUndelivered", [
                "device": SyncWording.deviceName(device.device, names: device.name.map { [device.device: $0] } ?? [:]),
                "changes": words.counted(device.changes, "change"),
            ]))
        }
        context.stdout.line(words.cli("sync.shareAgain"))
    }
}

/// `healthlog sync forget DEVICE`: retire a device that will not merge again.
struct SyncForgetCommand: Command {
    static let spec = CommandSpec(
        ["sync", "forget"], abstract: "Retire a device that will not merge again (a lost or replaced laptop); its changes stay.",
        arguments: [ArgumentSpec("DEVICE", help: "Its id (the first 8 characters do), or its name, as 'healthlog sync status' shows it.")],
        examples: ["healthlog sync forget 0b77c2e4"])
    static let mergesFirst = false

    let device: String

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        device = try arguments.nonEmptyPositional(0, Phrase("DEVICE is empty; give a device id or name"))
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let forgotten = try context.run { try $0.syncForget(device: device) }
        context.stdout.line(try context.words().cli("sync.forgot", ["device": SyncWording.deviceName(forgotten, names: context.syncDeviceNames())]))
    }
}

extension CommandContext {
    /// Sync's words in the terminal's language, times in this machine's zone.
    func syncWording() throws(CLIError) -> SyncWording { SyncWording(words: try words(), zone: zone) }

    /// The shared log's devices by name, or none when they cannot be read (a report still prints, by id).
    func syncDeviceNames() -> [String: String] { (try? run { try $0.syncDeviceNames() }) ?? [:] }

    /// A sync report's lines: warnings on standard error, the rest on standard output.
    func show(_ lines: [SyncLine]) {
        for line in lines { (line.isWarning ? stderr : stdout).line(line.text) }
    }
}
