#if canImport(Glibc)
    import Glibc
#endif
import HealthCore

/// What HealthLog needs from the local Syncthing's own configuration (`config.xml`): where its
/// GUI and REST API listen, and the API key that opens them.
///
/// ```swift
/// let config = try SyncthingConfig.locate(home: nil, environment: environment)
/// let client = SyncthingClient(config)
/// ```
public struct SyncthingConfig: Sendable {
    /// The folder holding `config.xml` (Syncthing's `--home`).
    public let home: String
    /// Where the REST API is reached, on this machine only.
    public let endpoint: LoopbackEndpoint
    let apiKey: String

    /// The largest `config.xml` read; Syncthing's is a few KiB, and more with many folders.
    static let sizeLimit = 4 << 20

    /// The folders Syncthing keeps its configuration in, in the order it looks: the state
    /// folder of Syncthing 1.27 and later (`$XDG_STATE_HOME/syncthing`, else
    /// `~/.local/state/syncthing`), then the configuration folder of earlier ones
    /// (`$XDG_CONFIG_HOME/syncthing`, else `~/.config/syncthing`, Debian 12's 1.19).
    public static func candidates(environment: [String: String]) -> [String] {
        let home = HomeFolder.path(environment: environment)
        let absolute = { (value: String?) in value.flatMap { $0.hasPrefix("/") ? $0 : nil } }
        var folders: [String] = []
        if let state = absolute(environment["XDG_STATE_HOME"]) { folders.append(state + "/syncthing") }
        if let home { folders.append(home + "/.local/state/syncthing") }
        if let config = absolute(environment["XDG_CONFIG_HOME"]) { folders.append(config + "/syncthing") }
        if let home { folders.append(home + "/.config/syncthing") }
        var seen = Set<String>()
        return folders.filter { seen.insert($0).inserted }
    }

    /// The configuration in `home` when given (`--syncthing-home`), else in the first of
    /// ``candidates(environment:)`` that has a `config.xml`.
    public static func locate(home: String?, environment: [String: String]) throws(SyncthingError) -> SyncthingConfig {
        if let home { return try read(home: FileSystem.absolutePath(home)) }
        let folders = candidates(environment: environment)
        guard let found = folders.first(where: { FileSystem.exists($0 + "/config.xml") }) else {
            throw .notFound(
                Phrase(
                    "no Syncthing configuration here (no config.xml in {folders}); install Syncthing and start it once (sudo apt-get install syncthing; systemctl --user enable --now syncthing), or give --syncthing-home DIR",
                    ["folders": folders.joined(separator: ", ")]))
        }
        return try read(home: found)
    }

    /// The configuration in the folder `home`: its GUI must be on, on plain HTTP, with an API
    /// key, listening on this machine's loopback (or everywhere, then reached on loopback).
    public static func read(home: String) throws(SyncthingError) -> SyncthingConfig {
        let path = home + "/config.xml"
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, limit: sizeLimit)
        } catch {
            if error.isMissing {
                throw .notFound(Phrase("no Syncthing configuration in {home} (no config.xml there)", ["home": home]))
            }
            throw .misconfigured(error.phrase)
        }
        // The key is a password: read only from a file no one else could have written.
        var info = stat()
        if stat(path, &info) == 0, info.st_uid != geteuid() || info.st_mode & 0o022 != 0 {
            throw .misconfigured(Phrase("{path} is another user's or others may write it; HealthLog reads Syncthing's API key only from this user's own file", ["path": path]))
        }
        guard let gui = SyncthingGUIElement.find(in: bytes) else {
            throw .misconfigured(Phrase("{path} has no <gui> element; is it Syncthing's configuration?", ["path": path]))
        }
        if gui.attributes["enabled"]?.lowercased() == "false" {
            throw .misconfigured(Phrase("Syncthing's GUI and REST API are turned off in {path} (gui enabled=\"false\"); turn them on, on 127.0.0.1", ["path": path]))
        }
        if gui.attributes["tls"]?.lowercased() == "true" {
            throw .misconfigured(
                Phrase(
                    "Syncthing's GUI uses HTTPS in {path} (gui tls=\"true\"); HealthLog talks to it over plain HTTP on this machine only: turn HTTPS off for a GUI on 127.0.0.1, or share the folder by hand (docs/sync.md)",
                    ["path": path]))
        }
        let address = gui.children["address"]?.trimmingWhitespace() ?? ""
        guard let endpoint = LoopbackEndpoint(listening: address.isEmpty ? "127.0.0.1:8384" : String(address)) else {
            throw .misconfigured(
                Phrase(
                    "Syncthing's GUI listens on {address} (in {path}), not on this machine's loopback; HealthLog sends Syncthing's API key only to 127.0.0.1, ::1 or a Unix socket: set the GUI address to 127.0.0.1:8384, or share the folder by hand (docs/sync.md)",
                    ["address": String(address), "path": path]))
        }
        let key = String(gui.children["apikey"]?.trimmingWhitespace() ?? "")
        guard !key.isEmpty, key.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .misconfigured(Phrase("{path} holds no API key for Syncthing's REST API; make one in Syncthing's GUI (Actions, Settings, API Key)", ["path": path]))
        }
        return SyncthingConfig(home: home, endpoint: endpoint, apiKey: key)
    }
}
