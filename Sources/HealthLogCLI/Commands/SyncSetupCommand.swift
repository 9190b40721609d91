import HealthCommandLine
import HealthCore
import HealthQRCode
import HealthSync
import HealthSyncPresentation
import HealthUseCases

/// `healthlog sync setup [FOLDER]` and `healthlog sync setup --with DEVICE-ID`: pair this
/// machine's Syncthing with another one's for the shared log, with no step in Syncthing's pages.
struct SyncSetupCommand: Command {
    static let spec = CommandSpec(
        ["sync", "setup"], abstract: "Pair this machine's Syncthing with another's for the shared log: two commands, one on each.",
        arguments: [ArgumentSpec("FOLDER", optional: true, completing: .file, help: "The folder to share (default: the one this log syncs through, else ~/healthlog-sync).")],
        options: [peer, address, syncthingHome, timeout],
        examples: [
            "healthlog sync setup                    show this machine's id, and wait for the other",
            "healthlog sync setup --with P56IOI7-…   on the other machine, with the id shown",
        ],
        discussion: """
            Syncthing must run on both machines, its GUI on 127.0.0.1 (as Debian's package sets it). The first command \
            joins the shared log (as sync init does), shares the folder in Syncthing, prints this machine's device ID \
            (and a QR code), and waits for the other machine; the second adds the first, waits for it to accept, and \
            accepts the folder. Afterwards each change is sent at once: Syncthing is asked to rescan the folder.
            """)
    static let mergesFirst = false

    static let peer = Option<SyncthingDeviceID>(
        "--with", value: "DEVICE-ID", help: "The other machine's Syncthing device ID, as its 'healthlog sync setup' prints it.",
        expected: "a Syncthing device ID (eight groups of seven letters and digits, as 'healthlog sync setup' prints it)"
    ) { SyncthingDeviceID(parsing: $0) }
    static let address = Option<String>(
        "--address", value: "URL", help: "Where the other machine's Syncthing listens, e.g. tcp://192.168.1.20:22000 (default: found on the network).",
        expected: "an address like tcp://192.168.1.20:22000"
    ) { SyncthingAddress.isValid($0) ? $0 : nil }
    static let syncthingHome = Option<String>(
        "--syncthing-home", value: "DIR", help: "The folder of Syncthing's config.xml (default: ~/.local/state/syncthing, else ~/.config/syncthing).",
        expected: "a folder"
    ) { $0.isEmpty ? nil : $0 }.completing(.file)
    static let timeout = Option<Int>(
        "--timeout", value: "SECONDS", help: "How long to wait for the other machine (default 600).", expected: "a number of seconds from 1 to 86400"
    ) { Int($0).flatMap { (1...86_400).contains($0) ? $0 : nil } }

    let request: SyncSetupRequest

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        let folder = arguments.positionals.first
        if folder == "" { throw .usage(arguments.say(Phrase("FOLDER is empty; give the shared folder's path")), command: "healthlog sync setup") }
        let peer = try arguments.value(SyncSetupCommand.peer)
        let address = try arguments.value(SyncSetupCommand.address)
        if address != nil, peer == nil {
            throw arguments.usage(Phrase("--address is where the machine given with --with listens; give --with DEVICE-ID too"))
        }
        request = SyncSetupRequest(
            folder: folder, syncthingHome: try arguments.value(SyncSetupCommand.syncthingHome), peer: peer, address: address,
            timeout: Double(try arguments.value(SyncSetupCommand.timeout) ?? 600))
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let words = try context.words()
        let wording = try context.syncWording()
        let out = context.stdout
        let report = try context.run { log in
            try log.syncSetup(request) { event in
                for output in wording.setup(event, names: context.syncDeviceNames()) {
                    switch output {
                    case .line(let line): (line.isWarning ? context.stderr : out).line(line.text)
                    case .qrCode(let text): if let code = try? QRCode(encoding: text) { out.write(code.terminalText(colored: context.style.enabled)) }
                    }
                }
                out.flush()
            }
        }
        if !report.delivered { out.line(words.cli("sync.setup.notDelivered")) }
        out.line(words.cli("sync.setup.done", ["device": report.peer.short]))
    }
}
