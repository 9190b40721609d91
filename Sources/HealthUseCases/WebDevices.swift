#if canImport(Glibc)
    import Glibc
#endif
public import HealthCore
import HealthRecords

/// A device waiting for its pairing link to be opened.
public struct PairingInvitation: Sendable {
    public let device: PairedDevice
    /// The one-time code the link carries (see ``PairingCode``).
    public let code: String
}

/// A device just paired, with the token its browser keeps in a cookie: the log keeps only the
/// token's hash, so this is the one moment the token exists outside the browser.
public struct CompletedPairing: Sendable {
    public let device: PairedDevice
    public let token: String
}

/// The one-time codes of pairing links and the tokens of paired devices: random, from the
/// system's source (`getrandom`), and kept in the log only as their SHA-256.
public enum PairingCode {
    /// Crockford's base 32: no I, L, O or U, so a code read aloud or typed is not misread.
    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
    /// 10 characters, 50 bits: with codes that last 10 minutes and pairing locked after a few
    /// wrong ones, far beyond guessing.
    public static let length = 10
    /// How long a pairing link works: 10 minutes.
    public static let validityMilliseconds: Int64 = 10 * 60 * 1000

    /// A new code.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    /// A new device token: 32 random bytes, as 64 hex digits.
    static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return HexDigits.lowercase((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// The code as typed, the way it was made: capitals, without spaces or dashes, the letters
    /// that look like digits read as them (O as 0, I and L as 1); nil for text that cannot be a code.
    public static func normalized(_ typed: String) -> String? {
        var code = ""
        for character in typed.uppercased() where character != " " && character != "-" {
            let read: Character =
                switch character {
                case "O": "0"
                case "I", "L": "1"
                default: character
                }
            guard alphabet.contains(read) else { return nil }
            code.append(read)
        }
        return code.count == length ? code : nil
    }

    /// `K7QF-3MZP-9T`, for reading or typing.
    public static func grouped(_ code: String) -> String {
        var text = ""
        for (index, character) in code.enumerated() {
            if index > 0, index % 4 == 0 { text.append("-") }
            text.append(character)
        }
        return text
    }

    /// What the log keeps of a code or a token.
    static func hash(_ secret: String) -> String { SHA256.hex(Array(secret.utf8)) }
}

extension HealthLog {
    /// Makes a pairing link's code for a new device named `name` (else `<profile>-phone`, then
    /// `-2`, `-3` …) that may do `grants`; it works once, for ``PairingCode/validityMilliseconds``.
    public func invitePairing(name: String?, grants: [String: DeviceCapability]) throws(HealthLogError) -> PairingInvitation {
        let code = PairingCode.make()
        let clock = settings.clock
        return try change { store in
            let taken = Set(try store.devices().map(\.name))
            var chosen = name ?? ""
            if name == nil {
                let base = "\(grants.keys.sorted().first ?? "family")-phone"
                chosen = base
                var number = 2
                while taken.contains(chosen) {
                    chosen = "\(base)-\(number)"
                    number += 1
                }
            }
            let device = PairedDevice(
                id: RandomUUID.make(), name: chosen, grants: grants, createdAt: clock(), pairingExpiresAt: clock() + PairingCode.validityMilliseconds)
            try store.insertPendingDevice(device, codeHash: PairingCode.hash(code))
            return PairingInvitation(device: device, code: code)
        }
    }

    /// The device a valid pairing code is waiting for, without using the code up; nil when the
    /// code is wrong, used or run out.
    public func pendingPairing(code: String) throws(HealthLogError) -> PairedDevice? {
        guard let code = PairingCode.normalized(code) else { return nil }
        return try read { try $0.pendingDevice(codeHash: PairingCode.hash(code)) }
    }

    /// Pairs the device waiting for `code`, using the code up; nil when the code is wrong, used
    /// or run out. The token returned is never stored, only its hash.
    public func completePairing(code: String) throws(HealthLogError) -> CompletedPairing? {
        guard let code = PairingCode.normalized(code) else { return nil }
        let token = PairingCode.makeToken()
        return try change { store in
            try store.pairDevice(codeHash: PairingCode.hash(code), tokenHash: PairingCode.hash(token)).map { CompletedPairing(device: $0, token: token) }
        }
    }

    /// The paired device a browser's token names, or nil (unknown, or revoked). Its last-seen
    /// time is kept to the minute, so asking does not write the log on every page.
    public func pairedDevice(token: String) throws(HealthLogError) -> PairedDevice? {
        guard token.utf8.count == 64, token.utf8.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }) else { return nil }
        let hash = PairingCode.hash(token)
        guard var device = try read({ try $0.pairedDevice(tokenHash: hash) }) else { return nil }
        let now = settings.clock()
        if now - (device.lastSeenAt ?? 0) >= 60_000 {
            let id = device.id
            // A log that cannot be written (another process holds it long) still lets the device in.
            if (try? change { try $0.markDeviceSeen(id: id, at: now) }) != nil { device.lastSeenAt = now }
        }
        return device
    }

    /// Every device paired, or waiting for its link, by name.
    public func pairedDevices() throws(HealthLogError) -> [PairedDevice] {
        try read { try $0.devices() }
    }

    /// Ends the device named `name` at once: its next request finds no device.
    @discardableResult
    public func revokeDevice(named name: String) throws(HealthLogError) -> PairedDevice {
        try change { try $0.removeDevice(named: name) }
    }

    /// The address of the page serving this log now (scheme, host and port), for pairing
    /// links: the newest `healthlog serve` still running; nil when none runs.
    public func servedAddress() throws(HealthLogError) -> String? {
        let path = settings.databasePath
        guard FileSystem.exists(path) else { return nil }
        return ServedAddresses(try read { try $0.webSetting("address") }).running()
    }

    /// Records that this process serves the page at `address`.
    public func startServing(at address: String) throws(HealthLogError) {
        try changeServedAddresses { $0.start(address, process: getpid()) }
    }

    /// Records that this process no longer serves the page.
    public func stopServing() throws(HealthLogError) {
        try changeServedAddresses { $0.stop(process: getpid()) }
    }

    private func changeServedAddresses(_ change: (inout ServedAddresses) -> Void) throws(HealthLogError) {
        try self.change { records in
            var pages = ServedAddresses(try records.webSetting("address"))
            change(&pages)
            try records.setWebSetting("address", to: pages.stored)
        }
    }
}

extension PairingCode {
    /// A random secret for a browser's own cookie (the pairing form's): 32 hex digits.
    public static func newBrowserSecret() -> String { String(makeToken().prefix(32)) }
}
