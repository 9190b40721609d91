import HealthCore

/// The reminder's units in a systemd user folder: installing, removing and reading them. Only
/// HealthLog's own files (those that start with ``ReminderUnits/marker``) are ever read,
/// replaced or removed.
public struct ReminderFolder: Sendable {
    /// The systemd user folder (see ``ReminderUnits/folder(environment:)``).
    public let path: String

    /// The folder at `path`.
    public init(_ path: String) { self.path = path }

    /// What ``install(_:)`` did.
    public enum Installation: Sendable {
        /// The same units were there already; nothing was written.
        case unchanged
        /// The units were written (replacing HealthLog's older ones).
        case installed
    }

    /// Writes `units`' timer and service, replacing HealthLog's own older ones.
    public func install(_ units: ReminderUnits) throws(HealthLogError) -> Installation {
        let files = [(ReminderUnits.timerName, units.timer), (ReminderUnits.serviceName, units.service)]
        var unchanged = true
        for (name, text) in files {
            if try installed(name) != text { unchanged = false }
        }
        if unchanged { return .unchanged }
        do {
            try FileSystem.createPrivateDirectories(path)
        } catch {
            throw .other(.cannotCreate, Phrase("cannot create {path}: {reason}", ["path": error.path], terms: ["reason": error.reason]))
        }
        for (name, text) in files {
            let file = path + "/" + name
            // Only HealthLog's own unit is replaced (`installed` refused anything else).
            if try installed(name) != nil { FileSystem.remove(file) }
            do {
                try FileSystem.createExclusively(file, text: text, mode: ReminderUnits.mode)
            } catch {
                throw .other(.cannotCreate, Phrase("cannot create {path}: {reason}", ["path": error.path], terms: ["reason": error.reason]))
            }
        }
        return .installed
    }

    /// Removes the timer and the service, and the link `systemctl --user enable` made; the
    /// names of the units removed (none when none was installed).
    public func remove() throws(HealthLogError) -> [String] {
        var removed: [String] = []
        for name in [ReminderUnits.timerName, ReminderUnits.serviceName] {
            guard try installed(name) != nil else { continue }
            FileSystem.remove(path + "/" + name)
            removed.append(name)
        }
        // The link would point at nothing.
        if FileSystem.isSymbolicLink(enabledLink) { FileSystem.remove(enabledLink) }
        return removed
    }

    /// The installed timer's times, and whether it is turned on; nil when the timer or the
    /// service is not installed.
    public func status() throws(HealthLogError) -> (times: [ReminderUnits.ClockTime], enabled: Bool)? {
        guard let timer = try installed(ReminderUnits.timerName), try installed(ReminderUnits.serviceName) != nil else { return nil }
        return (ReminderUnits.times(inTimer: timer), FileSystem.exists(enabledLink))
    }

    /// Where `systemctl --user enable` links the timer.
    private var enabledLink: String { path + "/timers.target.wants/" + ReminderUnits.timerName }

    /// The text of HealthLog's unit `name`; nil when nothing is there. A link, a folder or a
    /// file HealthLog did not write is refused, never read through or replaced.
    private func installed(_ name: String) throws(HealthLogError) -> String? {
        let file = path + "/" + name
        guard FileSystem.isPresent(file) else { return nil }
        if FileSystem.isSymbolicLink(file) {
            throw .other(
                .cannotCreate, Phrase("{path} is a symbolic link; HealthLog's unit is never written or read through a link, so it is left as it is", ["path": file]))
        }
        if let kind = FileSystem.nonRegularKind(file) {
            throw .other(.cannotCreate, Phrase("{path} is {kind}, not a unit file; it is left as it is", ["path": file], terms: ["kind": kind]))
        }
        let text: String
        do {
            text = String(decoding: try FileBytes.read(file, limit: 1 << 16), as: UTF8.self)
        } catch {
            throw .other(.failed, error.phrase)
        }
        guard text.hasPrefix(ReminderUnits.marker) else {
            throw .other(.cannotCreate, Phrase("{path} was not written by HealthLog; it is left as it is", ["path": file]))
        }
        return text
    }
}
