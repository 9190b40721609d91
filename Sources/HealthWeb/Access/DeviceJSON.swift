public import HealthCore

/// A paired device as JSON, the one form `healthlog serve devices --format json` prints and
/// `GET /api/v1/device` answers: its name, what it may do for which profile, and its times.
public enum DeviceJSON {
    public static func json(_ device: PairedDevice, zone: any TimeZoneRule) -> JSONValue {
        let time = { (milliseconds: Int64?) -> JSONValue in
            milliseconds.map { .string(zone.zoned(utcSeconds: $0 / 1000).iso8601) } ?? .null
        }
        return .object([
            ("name", .string(device.name)),
            ("profiles", .object(device.profileIDs.map { ($0, .string(device.grants[$0]!.rawValue)) })),
            ("paired", .bool(device.isPaired)),
            ("pairedAt", time(device.pairedAt)),
            ("pairingExpiresAt", time(device.pairingExpiresAt)),
            ("lastSeenAt", time(device.lastSeenAt)),
        ])
    }
}
