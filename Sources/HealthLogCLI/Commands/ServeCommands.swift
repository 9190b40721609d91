import HealthCommandLine
import HealthCore
import HealthPresentation
import HealthQRCode
import HealthUseCases
import HealthWeb

/// `healthlog serve`: the family's page, for the phones paired with `serve pair`.
struct ServeCommand: Command {
    static let spec = CommandSpec(
        ["serve"], abstract: "Serve the family's page, where paired phones enter and see readings.",
        options: [listen, allowHost, tlsCertificate, tlsKey, maxConnections, timeout, Options.guideline],
        examples: [
            "healthlog serve                                  this machine only: http://127.0.0.1:8421/",
            "healthlog serve --listen 0.0.0.0:8421            the phones on the home network too",
            "healthlog serve pair --profile dad --can add     a link (and QR code) that pairs dad's phone",
            "healthlog serve devices                          the paired devices",
            "healthlog serve revoke 'dad-phone'               a device can no longer open the page",
        ],
        discussion: """
            The first line printed names the address. Each request is one line after it (method, path, status, device): \
            never a value entered. Ctrl-C (or SIGTERM) stops it after the requests being answered.
            """)
    static let mergesFirst = false

    static let listen = Option<ListenAddress>(
        "--listen", value: "ADDRESS:PORT", help: "Where to listen (default 127.0.0.1:8421, this machine only; 0.0.0.0:8421 for the home network).",
        expected: "an address and port like 0.0.0.0:8421"
    ) { try? ListenAddress(parsing: $0) }
    static let allowHost = Option<String>(
        "--allow-host", value: "NAME", repeatable: true,
        help: "Also answer browsers that reach the page by this name (a reverse proxy's, e.g. health.home); IP addresses and this machine's name always work.",
        expected: "a host name like health.home"
    ) { name in
        name.isEmpty || name.count > 253 || !name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }) ? nil : name
    }
    static let tlsCertificate = Option<String>("--tls-cert", value: "FILE", help: "Serve HTTPS with this PEM certificate (with --tls-key).").completing(.file)
    static let tlsKey = Option<String>("--tls-key", value: "FILE", help: "The PEM private key of --tls-cert.").completing(.file)
    static let maxConnections = Option<Int>(
        "--max-connections", value: "N", help: "Connections at once, from all clients (default 64).", expected: "a number from 1 to 1000"
    ) { Int($0).flatMap { WebServer.connectionRange.contains($0) ? $0 : nil } }

    static let timeout = Option<Int>(
        "--timeout", value: "SECONDS", help: "Close a connection that sends nothing for this long, or whose request takes longer in all (default 30).", expected: "a number of seconds from 1 to 3600"
    ) { Int($0).flatMap { (1...3600).contains($0) ? $0 : nil } }

    let address: ListenAddress
    let allowedHosts: [String]
    let tls: (certificate: String, key: String)?
    let connections: Int
    let idleSeconds: Int
    /// `--guideline`, else the setting; nil for each page's language's own.
    let guideline: GuidelineChoice?

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        address = try arguments.value(ServeCommand.listen) ?? .standard
        allowedHosts = try arguments.values(ServeCommand.allowHost)
        switch (try arguments.value(ServeCommand.tlsCertificate), try arguments.value(ServeCommand.tlsKey)) {
        case let (certificate?, key?): tls = (certificate, key)
        case (nil, nil): tls = nil
        default: throw arguments.usage(Phrase("give --tls-cert and --tls-key together"))
        }
        connections = try arguments.value(ServeCommand.maxConnections) ?? 64
        idleSeconds = try arguments.value(ServeCommand.timeout) ?? 30
        guideline = try context.guideline(arguments)
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let words = try context.words()
        let configuration = WebServer.Configuration(
            databasePath: try context.databasePath(), environment: context.environment, listen: address, tls: tls, maxConnections: connections,
            idleSeconds: idleSeconds, language: context.language, zone: context.zone, clock: context.clock, guideline: guideline,
            allowedHosts: allowedHosts)
        // The engine's threads inherit a mask without the stopping signals: this thread waits for them.
        let stopping = StopSignals.blocked()
        defer { stopping.release() }
        let server: WebServer
        let url: String
        do {
            server = try WebServer(configuration) { line in StandardOutputLine.write(line) }
            url = try server.start()
        } catch {
            throw .io(context.say(error.phrase))
        }
        context.stdout.line(words.cli("serve.serving", ["url": url]))
        if address.isLoopback { context.stdout.line(words.cli("serve.loopbackOnly")) }
        context.stdout.flush()
        stopping.wait()
        server.stop()
        context.stdout.line(words.cli("serve.stopped"))
    }
}

/// `healthlog serve pair`: a one-time link, and the same as a QR code, that pairs a phone.
struct ServePairCommand: Command {
    static let spec = CommandSpec(
        ["serve", "pair"], abstract: "Print a one-time link (and QR code) that pairs a phone or computer with the page.",
        options: [profiles, capability, name, url],
        examples: [
            "healthlog serve pair --profile dad --can add --name \"Dad's phone\"",
            "healthlog serve pair --profile dad,mom --can manage --name 'Lin laptop'",
            "healthlog serve pair --profile mom --can view --url https://health.example.home",
        ],
        discussion: """
            The link works once, for 10 minutes. view: see the readings, the week and the recent report; add: and add \
            readings; manage: and edit and delete them, and the report of any range. Five wrong codes lock pairing for \
            15 minutes.
            """)

    static let profiles = Option<String>(
        "--profile", short: "-p", value: "ID[,ID]", repeatable: true, help: "The profiles the device may use (required)."
    ).completing(.profiles)
    static let capability = Option<DeviceCapability>(
        "--can", value: "WHAT", help: "view, add (default) or manage: what the device may do with them.")
    static let name = Option<String>("--name", value: "TEXT", help: "The device's name (default: PROFILE-phone), for serve devices and serve revoke.")
    static let url = Option<String>(
        "--url", value: "URL", help: "The address phones open (default: where the page was last served; set it behind a proxy).")

    let grants: [String: DeviceCapability]
    let deviceName: String?
    let address: String?

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        let ids = ReadingFilterOptions.tagList(try arguments.values(ServePairCommand.profiles))
        guard !ids.isEmpty else { throw arguments.usage(Phrase("name the profiles the device may use with --profile, e.g. --profile dad")) }
        let level = try arguments.value(ServePairCommand.capability) ?? .add
        grants = Dictionary(ids.map { ($0, level) }, uniquingKeysWith: { first, _ in first })
        deviceName = try arguments.value(ServePairCommand.name)
        if let given = try arguments.value(ServePairCommand.url) {
            guard given.hasPrefix("http://") || given.hasPrefix("https://"), given.count > 8, !given.contains(" ") else {
                throw arguments.usage(Phrase("--url '{url}' is not an address like http://192.168.1.20:8421", ["url": given]))
            }
            address = given.hasSuffix("/") ? String(given.dropLast()) : given
        } else {
            address = nil
        }
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let words = try context.words()
        let invitation = try context.run { try $0.invitePairing(name: deviceName, grants: grants) }
        let served = try context.run { try $0.servedAddress() }
        let base = address ?? served ?? "http://\(ListenAddress.localNetworkAddress() ?? "127.0.0.1"):\(ListenAddress.standard.port)"
        let link = "\(base)/pair?code=\(invitation.code)"
        let device = invitation.device
        let expires = context.zone.zoned(utcSeconds: (device.pairingExpiresAt ?? 0) / 1000).localTimeText
        let what = words.list(device.profileIDs.map { "\($0) (\(device.grants[$0]!.rawValue))" })
        context.stdout.line(words.cli("serve.pair.heading", ["name": device.name.visibleControls(), "what": what, "time": expires]))
        context.stdout.line("  " + link.visibleControls())
        context.stdout.line(words.cli("serve.pair.code", ["code": PairingCode.grouped(invitation.code)]))
        if let code = try? QRCode(encoding: link) {
            context.stdout.write(code.terminalText(colored: context.style.enabled))
        }
        if address == nil, served == nil {
            context.stdout.line(words.cli("serve.pair.notServed"))
        } else if address == nil, let served, served.contains("://127.") || served.contains("://[::1]") {
            context.stdout.line(words.cli("serve.pair.loopback"))
        }
    }
}

/// `healthlog serve devices`: who may open the page.
struct ServeDevicesCommand: Command {
    static let spec = CommandSpec(
        ["serve", "devices"], abstract: "List the paired devices: name, profiles, what each may do, last seen.",
        options: [Options.statusFormat],
        examples: ["healthlog serve devices", "healthlog serve devices --format json"])

    let json: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        json = try arguments.value(Options.statusFormat) == .json
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let devices = try context.run { try $0.pairedDevices() }
        if json {
            context.stdout.line(JSONValue.array(devices.map { DeviceJSON.json($0, zone: context.zone) }).serialized(indent: "  "))
            return
        }
        for line in DeviceText(words: try context.words(), zone: context.zone, emphasis: context.style).table(devices) { context.stdout.line(line) }
    }
}

/// `healthlog serve revoke NAME`: the device can no longer open the page, from its next request.
struct ServeRevokeCommand: Command {
    static let spec = CommandSpec(
        ["serve", "revoke"], abstract: "End a paired device at once, even while the page runs.",
        arguments: [ArgumentSpec("NAME", help: "The device's name, as serve devices lists it.")],
        examples: ["healthlog serve revoke dad-phone", "healthlog serve revoke \"Dad's phone\""])

    let name: String

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        name = arguments.positionals[0]
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let device = try context.run { try $0.revokeDevice(named: name) }
        context.stdout.line(try context.words().cli("serve.revoked", ["name": device.name.visibleControls()]))
    }
}
