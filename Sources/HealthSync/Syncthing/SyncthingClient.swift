import HealthCore

/// A folder in Syncthing's configuration.
public struct SyncthingFolder: Equatable, Sendable {
    public var id: String
    public var label: String
    public var path: String
    /// The devices it is shared with (this one included).
    public var devices: [String]
}

/// A device that tried to connect and is not in Syncthing's configuration yet.
public struct SyncthingPendingDevice: Equatable, Sendable {
    public var id: SyncthingDeviceID
    /// The name it gave itself (often its host name); may be empty.
    public var name: String
    /// Where it connected from.
    public var address: String
    /// When it last tried, as Syncthing writes it (each try sets it anew).
    public var time: String
}

/// A folder another device offers that this Syncthing has not accepted yet.
public struct SyncthingPendingFolder: Equatable, Sendable {
    public var id: String
    public var label: String
}

/// The local Syncthing's REST API, on this machine only: the few calls that share a folder
/// with another device, each bounded by `timeout` seconds.
///
/// Every answer Syncthing gives is checked; one it would not give (an HTTP error, a body that
/// is not its JSON) is a ``SyncthingError``, so nothing goes on from a half-done step.
public struct SyncthingClient: Sendable {
    public let config: SyncthingConfig
    /// The most one request may take, in seconds.
    public let timeout: Double

    public init(_ config: SyncthingConfig, timeout: Double = 10) {
        self.config = config
        self.timeout = timeout
    }

    // MARK: - What Syncthing knows

    /// This Syncthing's own device id (and so: it runs, and the key opens it), and the folder
    /// a `~` in its folder paths stands for.
    public func systemStatus() throws(SyncthingError) -> (id: SyncthingDeviceID, tilde: String) {
        let status = try json("GET", "/rest/system/status")
        guard let text = status["myID"]?.string, let id = SyncthingDeviceID(parsing: text) else {
            throw unexpected("GET /rest/system/status")
        }
        return (id, status["tilde"]?.string ?? "")
    }

    /// How far the folder `id` is from what the other devices have: true when it needs
    /// nothing more and is not busy scanning or pulling.
    public func folderIsComplete(_ id: String) throws(SyncthingError) -> Bool {
        let status = try json("GET", "/rest/db/status?folder=" + Percent.encoded(id))
        return status["needTotalItems"]?.int == 0 && status["state"]?.string == "idle"
    }

    /// Every folder in the configuration.
    public func folders() throws(SyncthingError) -> [SyncthingFolder] {
        guard let items = try json("GET", "/rest/config/folders").array else { throw unexpected("GET /rest/config/folders") }
        return items.compactMap { item in
            guard let id = item["id"]?.string, let path = item["path"]?.string else { return nil }
            let devices = item["devices"]?.array?.compactMap { $0["deviceID"]?.string } ?? []
            return SyncthingFolder(id: id, label: item["label"]?.string ?? "", path: path, devices: devices)
        }
    }

    /// The ids of every device in the configuration (this one included).
    public func deviceIDs() throws(SyncthingError) -> [String] {
        guard let items = try json("GET", "/rest/config/devices").array else { throw unexpected("GET /rest/config/devices") }
        return items.compactMap { $0["deviceID"]?.string }
    }

    /// Devices that tried to connect and are not configured (Syncthing 1.13 and later).
    public func pendingDevices() throws(SyncthingError) -> [SyncthingPendingDevice] {
        guard let members = try json("GET", "/rest/cluster/pending/devices").members else { throw unexpected("GET /rest/cluster/pending/devices") }
        return members.compactMap { id, entry in
            SyncthingDeviceID(parsing: id).map {
                SyncthingPendingDevice(id: $0, name: entry["name"]?.string ?? "", address: entry["address"]?.string ?? "", time: entry["time"]?.string ?? "")
            }
        }
    }

    /// The folders `device` offers that are not accepted here.
    public func pendingFolders(offeredBy device: SyncthingDeviceID) throws(SyncthingError) -> [SyncthingPendingFolder] {
        let path = "/rest/cluster/pending/folders?device=" + device.text
        guard let members = try json("GET", path).members else { throw unexpected("GET /rest/cluster/pending/folders") }
        return members.map { id, entry in
            SyncthingPendingFolder(id: id, label: entry["offeredBy"]?[device.text]?["label"]?.string ?? "")
        }
    }

    /// True when this Syncthing is connected to `device` now.
    public func isConnected(to device: SyncthingDeviceID) throws(SyncthingError) -> Bool {
        try json("GET", "/rest/system/connections")["connections"]?[device.text]?["connected"]?.bool == true
    }

    // MARK: - Changing the configuration

    /// Adds `device`, reached at `addresses` (`dynamic`: found by discovery), or sets the
    /// addresses of one already there.
    public func addDevice(_ device: SyncthingDeviceID, name: String, addresses: [String]) throws(SyncthingError) {
        let listed = JSONValue.array(addresses.map(JSONValue.string))
        if try deviceIDs().contains(device.text) {
            try send("PATCH", "/rest/config/devices/" + device.text, .object([("addresses", listed)]))
        } else {
            try send("POST", "/rest/config/devices", .object([("deviceID", .string(device.text)), ("name", .string(name)), ("addresses", listed)]))
        }
    }

    /// Adds a folder with Syncthing's defaults for the rest: its watcher notices a change
    /// within about ten seconds, and ``scan(folder:)`` at once.
    public func addFolder(id: String, label: String, path: String, devices: [String]) throws(SyncthingError) {
        try send(
            "POST", "/rest/config/folders",
            .object([
                ("id", .string(id)), ("label", .string(label)), ("path", .string(path)), ("type", .string("sendreceive")),
                ("devices", .array(devices.map { .object([("deviceID", .string($0))]) })),
            ]))
    }

    /// Shares the folder `id` with exactly `devices`.
    public func setFolderDevices(_ id: String, devices: [String]) throws(SyncthingError) {
        try send("PATCH", "/rest/config/folders/" + Percent.encoded(id), .object([("devices", .array(devices.map { .object([("deviceID", .string($0))]) }))]))
    }

    /// Asks Syncthing to look at the folder now rather than when its watcher next does.
    public func scan(folder id: String) throws(SyncthingError) {
        try send("POST", "/rest/db/scan?folder=" + Percent.encoded(id), nil)
    }

    // MARK: - Requests

    private func json(_ method: String, _ path: String) throws(SyncthingError) -> JSONValue {
        let body = try request(method, path, nil)
        do {
            return try JSONReader(bytes: body).readValue()
        } catch {
            throw unexpected("\(method) \(path.prefix { $0 != "?" })")
        }
    }

    private func send(_ method: String, _ path: String, _ body: JSONValue?) throws(SyncthingError) {
        _ = try request(method, path, body.map { Array($0.serialized(indent: nil).utf8) })
    }

    private func request(_ method: String, _ path: String, _ body: [UInt8]?) throws(SyncthingError) -> [UInt8] {
        let response: LoopbackHTTPResponse
        do {
            response = try LoopbackHTTPClient.exchange(
                config.endpoint, method: method, target: path, headers: [("X-API-Key", config.apiKey)], body: body, timeout: timeout)
        } catch {
            switch error {
            case .nothingListens:
                throw .notRunning(
                    Phrase(
                        "Syncthing is not running: nothing answers at {address} (its GUI address in {home}/config.xml); start it (systemctl --user enable --now syncthing, or run syncthing) and try again",
                        ["address": config.endpoint.description, "home": config.home]))
            case .timedOut:
                throw .failed(Phrase("Syncthing at {address} did not answer {request} within {seconds} s", ["address": config.endpoint.description, "request": "\(method) \(path.prefix { $0 != "?" })", "seconds": "\(Int(timeout))"]))
            case .malformed(let reason):
                throw .failed(Phrase("what answers at {address} is not Syncthing's REST API ({reason})", ["address": config.endpoint.description, "reason": reason]))
            case .system(let code):
                throw .failed(Phrase("cannot reach Syncthing at {address}: {reason}", ["address": config.endpoint.description], terms: ["reason": SystemMessage.phrase(code)]))
            case .notOwnUser(let uid):
                // Nothing was sent: the key goes only to this user's own Syncthing.
                throw .misconfigured(
                    uid.map {
                        Phrase("what listens at {address} is run by another user (uid {uid}), not by you: Syncthing's API key is not sent there; start your own Syncthing (is it stopped?)", ["address": config.endpoint.description, "uid": "\($0)"])
                    } ?? Phrase("cannot tell who runs what listens at {address}: Syncthing's API key is not sent there", ["address": config.endpoint.description]))
            }
        }
        switch response.status {
        case 200..<300:
            return response.body
        case 401, 403:
            throw .misconfigured(
                Phrase("Syncthing at {address} refused the API key in {home}/config.xml (was the key changed while it ran? restart Syncthing)", ["address": config.endpoint.description, "home": config.home]))
        case 404 where path.hasPrefix("/rest/cluster/"):
            throw .failed(Phrase("this Syncthing is too old to pair by itself (no {request}); Syncthing 1.13 or later does it, or share the folder by hand (docs/sync.md)", ["request": String(path.prefix { $0 != "?" })]))
        default:
            let said = String(decoding: response.body.prefix(200), as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
            throw .failed(Phrase("Syncthing answered {status} to {request}: {message}", ["status": "\(response.status)", "request": "\(method) \(path.prefix { $0 != "?" })", "message": said]))
        }
    }

    private func unexpected(_ request: String) -> SyncthingError {
        .failed(Phrase("Syncthing's answer to {request} is not what its REST API gives", ["request": request]))
    }
}
