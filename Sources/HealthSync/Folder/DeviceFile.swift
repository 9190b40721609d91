import HealthCore

/// A device's `device.json`, read strictly: what the device says of itself. A file whose
/// fields have other types than HealthLog writes is not a device file, and is named in status
/// rather than trusted in part.
///
/// ```json
/// {"device": "3f9a…", "name": "laptop-dad", "app": "1.4.0", "updated": 1764660000000,
///  "merged": {"3f9a…": 1234}, "retired": ["…"], "retiredAfter": {"…": 1200}, "former": ["…"],
///  "held": {"…": {"operations": 3, "aheadMs": 259200000}}}
/// ```
struct DeviceFile: Equatable, Sendable {
    /// The device's host name, at most 64 characters.
    var name: String?
    /// The HealthLog version that wrote it, at most 32 characters.
    var app: String?
    /// When the device last wrote it, by its clock (milliseconds since 1970).
    var updated: Int64?
    /// The latest clock it has merged of each device.
    var merged: [String: Int64] = [:]
    /// Devices it retired (`healthlog sync forget`).
    var retired: [String] = []
    /// For each device it retired, the clock of that device's last change it had when it did:
    /// the retirement holds only while that device writes nothing later. Files written before
    /// HealthLog kept it give none.
    var retiredAfter: [String: Int64] = [:]
    /// Ids it wrote as before (a re-join, a twin found).
    var former: [String] = []
    /// Devices whose changes it holds for their time: how many, and how far ahead they were stamped.
    var held: [String: (operations: Int, aheadMs: Int64)] = [:]

    static func == (lhs: DeviceFile, rhs: DeviceFile) -> Bool {
        lhs.name == rhs.name && lhs.app == rhs.app && lhs.updated == rhs.updated && lhs.merged == rhs.merged
            && lhs.retired == rhs.retired && lhs.retiredAfter == rhs.retiredAfter && lhs.former == rhs.former
            && lhs.held.mapValues { [Int64($0.operations), $0.aheadMs] } == rhs.held.mapValues { [Int64($0.operations), $0.aheadMs] }
    }

    /// Reads the file of `device` from its JSON; throws the reason it is not one HealthLog writes.
    init(_ value: JSONValue, of device: String) throws(DeviceFileError) {
        guard let members = value.members else { throw DeviceFileError(Phrase("not a JSON object")) }
        for (key, field) in members {
            switch key {
            case "device":
                guard field.string == device else { throw DeviceFileError(Phrase("it names another device than its folder")) }
            case "name": name = try Self.text(field, key).map { String($0.prefix(64)) }
            case "app": app = try Self.text(field, key).map { String($0.prefix(32)) }
            case "updated": updated = try Self.clock(field, key)
            case "merged": merged = try Self.deviceMap(field, key) { value throws(DeviceFileError) in try Self.clock(value, key) ?? 0 }
            case "retired": retired = try Self.devices(field, key)
            case "retiredAfter": retiredAfter = try Self.deviceMap(field, key) { value throws(DeviceFileError) in try Self.clock(value, key) ?? 0 }
            case "former": former = try Self.devices(field, key)
            case "held":
                held = try Self.deviceMap(field, key) { value throws(DeviceFileError) in
                    guard value.members != nil, let operations = try Self.clock(value["operations"] ?? .null, key), let ahead = try Self.clock(value["aheadMs"] ?? .null, key)
                    else { throw DeviceFileError.wrongType(key) }
                    return (Int(clamping: operations), ahead)
                }
            default: continue  // a later version's field
            }
        }
        if former.contains(device) { throw DeviceFileError(Phrase("it names its own id as a former one")) }
    }

    private static func text(_ value: JSONValue, _ key: String) throws(DeviceFileError) -> String? {
        if value.isNull { return nil }
        guard let text = value.string else { throw .wrongType(key) }
        return text
    }

    /// A whole number of milliseconds (or a count), not negative.
    private static func clock(_ value: JSONValue, _ key: String) throws(DeviceFileError) -> Int64? {
        if value.isNull { return nil }
        guard case .number(let digits) = value, let number = Int64(digits), number >= 0 else { throw .wrongType(key) }
        return number
    }

    private static func devices(_ value: JSONValue, _ key: String) throws(DeviceFileError) -> [String] {
        guard let items = value.array else { throw .wrongType(key) }
        var ids: [String] = []
        for item in items {
            guard let id = item.string, SyncFolder.isDeviceID(id) else { throw .wrongType(key) }
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    private static func deviceMap<Value>(
        _ value: JSONValue, _ key: String, _ read: (JSONValue) throws(DeviceFileError) -> Value
    ) throws(DeviceFileError) -> [String: Value] {
        guard let members = value.members else { throw .wrongType(key) }
        var map: [String: Value] = [:]
        for (id, item) in members {
            guard SyncFolder.isDeviceID(id) else { throw .wrongType(key) }
            map[id] = try read(item)
        }
        return map
    }
}

/// Why a device file is not read.
struct DeviceFileError: Error {
    let phrase: Phrase
    init(_ phrase: Phrase) { self.phrase = phrase }

    static func wrongType(_ key: String) -> DeviceFileError {
        DeviceFileError(Phrase("'{key}' is not what HealthLog writes there", ["key": key]))
    }
}
