/// What a paired device may do with a profile's readings, each level including the ones before.
public enum DeviceCapability: String, CaseIterable, Comparable, Sendable {
    /// See the readings, the week's figures and the chart, and download the recent report.
    case view
    /// And add readings.
    case add
    /// And edit and delete readings, and download the report of any range.
    case manage

    public static func < (lhs: DeviceCapability, rhs: DeviceCapability) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A phone or computer allowed to use the family's page (`healthlog serve pair`): its name,
/// what it may do for which profiles, and when it was last seen. The log keeps only a hash of
/// its token, never the token itself.
public struct PairedDevice: Equatable, Sendable {
    public var id: String
    /// The name it was paired under, unique among the devices: "Dad's phone".
    public var name: String
    /// What it may do, by profile id; a profile not named here it may not see at all.
    public var grants: [String: DeviceCapability]
    /// Milliseconds since 1970.
    public var createdAt: Int64
    /// When the pairing link was opened; nil while it waits for it.
    public var pairedAt: Int64?
    /// When the pairing link stops working (milliseconds since 1970); nil once paired.
    public var pairingExpiresAt: Int64?
    /// When it last asked for a page, to the minute (milliseconds since 1970).
    public var lastSeenAt: Int64?

    public init(
        id: String, name: String, grants: [String: DeviceCapability], createdAt: Int64 = 0, pairedAt: Int64? = nil,
        pairingExpiresAt: Int64? = nil, lastSeenAt: Int64? = nil
    ) {
        self.id = id
        self.name = name
        self.grants = grants
        self.createdAt = createdAt
        self.pairedAt = pairedAt
        self.pairingExpiresAt = pairingExpiresAt
        self.lastSeenAt = lastSeenAt
    }

    /// True once the pairing link was opened.
    public var isPaired: Bool { pairedAt != nil }

    /// True when it may do `capability` (or more) with the profile `profileID`.
    public func may(_ capability: DeviceCapability, profile profileID: String) -> Bool {
        grants[profileID].map { $0 >= capability } ?? false
    }

    /// The profiles it may see, sorted.
    public var profileIDs: [String] { grants.keys.sorted() }

    /// The longest name a device may be given.
    public static let nameLimit = TextLimit(term: Phrase("device name"), minimum: 1, maximum: 60)

    /// Checks the name (1–60 characters, no control characters) and that it names a profile.
    public func validate() throws(ValidationError) {
        try PairedDevice.nameLimit.check(name)
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format && $0.value != 0x200D }) else {
            throw .invalid(Phrase("a device name cannot hold control characters"))
        }
        guard !grants.isEmpty else { throw .invalid(Phrase("a device must be allowed at least one profile")) }
    }
}
