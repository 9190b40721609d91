// The care record's members as the backup and the listings write them (the README's schema):
// one encoder, so `export --format json` and `profile list --format json` or `event list
// --format json` cannot drift apart. The sync journal keeps its own, versioned with its wire format.

extension Profile {
    /// The care context, each member only when set, so that a profile without one is written as
    /// before the care record (and an older HealthLog reads it unchanged): `conditions`,
    /// `pregnancyDue`, `frail`, `sleep`.
    public var careJSONMembers: [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if !conditions.isEmpty { members.append(("conditions", .array(conditions.map { .string($0.rawValue) }))) }
        if let pregnancyDue { members.append(("pregnancyDue", .string(pregnancyDue.description))) }
        if frail { members.append(("frail", .bool(true))) }
        if let sleep { members.append(("sleep", .string(sleep.description))) }
        return members
    }
}

extension MedicineChange {
    /// The medicine an event starts, changes or stops: `{name, action, dose, times, reason}`,
    /// each optional member only when set.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("name", .string(name)), ("action", .string(action.rawValue))]
        if let dose { members.append(("dose", .string(dose))) }
        if !times.isEmpty { members.append(("times", .array(times.map { .string($0.rawValue) }))) }
        if let reason { members.append(("reason", .string(reason))) }
        return .object(members)
    }
}
