public import HealthCore
import HealthInterchange

/// One operation as a journal line: a JSON object on one line, its SHA-1 last.
///
/// ```
/// {"v":1,"op":"…","clock":118…,"device":"3f9a…","entity":"reading","id":"…","profile":"dad",
///  "deleted":false,"record":{…as in a JSON backup…},"app":"0.1.0","sum":"<40 hex>"}
/// ```
///
/// The record is the whole row, in the JSON backup's form. The checksum covers everything
/// before `,"sum"`, so a torn, cut or edited line is refused, never half-read.
public enum JournalLine {
    /// The line format this build writes and reads.
    public static let formatVersion = 1
    /// The longest line written or read: a reading's longest note of control characters, each
    /// escaped in 6 bytes, takes 60 KiB, and its tags more; a line this long is still read in
    /// bounded memory.
    public static let maximumBytes = 1024 * 1024

    /// The record a change puts or deletes; nil for a change that stays on this machine (the
    /// default profile, a restore).
    public static func target(of change: LogChange) -> (entity: SyncEntity, id: String, profileID: String?, deleted: Bool, record: JSONValue?)? {
        switch change {
        case .readingPut(let reading): (.reading, reading.id, reading.profileID, false, JSONBackup.json(reading))
        case .readingDeleted(let id, let profile): (.reading, id, profile, true, nil)
        case .profilePut(let profile): (.profile, profile.id, nil, false, JSONBackup.json(profile))
        case .profileDeleted(let id): (.profile, id, nil, true, nil)
        case .tagPut(let tag): (.tag, tag.id, nil, false, JSONBackup.json(tag))
        case .eventPut(let event): (.event, event.id, event.profileID, false, JSONBackup.json(event))
        case .eventDeleted(let id, let profile): (.event, id, profile, true, nil)
        case .defaultProfileSet, .restored: nil
        }
    }

    /// The operation that records `change`, stamped `clock` by `device`, written after seeing
    /// the record's operation stamped `base` (nil for a record it had not seen); nil for a
    /// change that stays on this machine.
    public static func operation(for change: LogChange, id: String, clock: Int64, device: String, base: Int64? = nil) -> SyncOperation? {
        guard let target = target(of: change) else { return nil }
        var members: [(String, JSONValue)] = [
            ("v", .int(formatVersion)), ("op", .string(id)), ("clock", .number(String(clock))), ("device", .string(device)),
            ("entity", .string(target.entity.rawValue)), ("id", .string(target.id)),
        ]
        if let profileID = target.profileID { members.append(("profile", .string(profileID))) }
        members.append(("deleted", .bool(target.deleted)))
        if let base { members.append(("base", .number(String(base)))) }
        if let record = target.record { members.append(("record", record)) }
        members.append(("app", .string(HealthLogVersion.current)))
        let body = JSONValue.object(members).serialized(indent: nil)
        let signed = String(body.dropLast())
        let line = signed + ",\"sum\":\"" + checksum(signed) + "\"}"
        return SyncOperation(
            id: id, entity: target.entity, entityID: target.id.asciiLowercased(), profileID: target.profileID, clock: clock, device: device,
            deleted: target.deleted, line: line)
    }

    /// A line read: its operation, the change it makes, and the clock of the operation its
    /// writer had seen for the record (nil when none).
    public struct Decoded: Sendable {
        public let operation: SyncOperation
        public let change: LogChange
        public let base: Int64?
    }

    /// Why a line was refused.
    public struct Refusal: Error, Equatable, Sendable {
        public let reason: Phrase
        init(_ reason: Phrase) { self.reason = reason }
    }

    /// The operation a line carries, and the change it makes, or why it is refused.
    public static func decode(_ line: String) throws(Refusal) -> Decoded {
        let sumSuffix = 50  // ,"sum":" + 40 hex + "}
        let utf8 = Array(line.utf8)
        guard utf8.count > sumSuffix, utf8.count <= maximumBytes else {
            throw Refusal(utf8.count > maximumBytes ? Phrase("the line is longer than {n} KiB", ["n": "\(maximumBytes / 1024)"]) : Phrase("not a journal line: too short to hold an operation"))
        }
        let signed = String(decoding: utf8[..<(utf8.count - sumSuffix)], as: UTF8.self)
        let value: JSONValue
        do {
            value = try JSONReader(bytes: utf8).readValue()
        } catch let error as JSONSyntaxError {
            throw Refusal(Phrase("not a journal line: not JSON ({message} at byte {error})", ["message": "\(error.message)", "error": "\(error.offset + 1)"]))
        } catch {
            throw Refusal(Phrase("not a journal line: not JSON ({error})", ["error": "\(error)"]))
        }
        do {
            let fields = try JSONFields(value)
            let version = try fields.int("v")
            guard version == formatVersion else {
                throw Refusal(version > formatVersion
                    ? Phrase("written by a newer HealthLog (journal format {version}); update HealthLog on this machine to read it", ["version": "\(version)"])
                    : Phrase("journal format {version} is not one this HealthLog reads", ["version": "\(version)"]))
            }
            guard try fields.string("sum") == checksum(signed) else { throw Refusal(Phrase("its checksum does not match: the line was changed or damaged")) }
            let id = try fields.string("op")
            guard RandomUUID.isUUID(id) else { throw Refusal(Phrase("operation id '{id}' is not a UUID", ["id": "\(id)"])) }
            let clockText = try fields.required("clock")
            guard case .number(let digits) = clockText, let clock = Int64(digits), clock > 0 else { throw Refusal(Phrase("its clock is not a positive whole number")) }
            // A clock past 2100 would carry every later change with it (and overflow).
            guard clock < HybridClock.latest else { throw Refusal(Phrase("its clock is after the year 2100")) }
            let device = try fields.string("device")
            guard SyncFolder.isDeviceID(device) else { throw Refusal(Phrase("device id '{device}' is not one HealthLog makes", ["device": "\(device)"])) }
            let entityText = try fields.string("entity")
            guard let entity = SyncEntity(rawValue: entityText) else { throw Refusal(Phrase("entity '{entityText}' is not profile, tag, event or reading", ["entityText": "\(entityText)"])) }
            let entityID = try fields.string("id")
            let profileID = try fields.optionalString("profile")
            let deleted = try fields.bool("deleted")
            var base: Int64?
            if let baseValue = fields.optional("base"), !baseValue.isNull {
                guard case .number(let digits) = baseValue, let number = Int64(digits) else { throw Refusal(Phrase("its base clock is not a whole number")) }
                base = number
            }
            let change = try self.change(entity, entityID: entityID, profileID: profileID, deleted: deleted, fields: fields)
            let operation = SyncOperation(
                id: id, entity: entity, entityID: entityID.asciiLowercased(), profileID: profileID, clock: clock, device: device,
                deleted: deleted, line: line)
            return Decoded(operation: operation, change: change, base: base)
        } catch let refusal as Refusal {
            throw refusal
        } catch {
            throw Refusal(HealthSyncErrorPhrase.of(error))
        }
    }

    private static func change(
        _ entity: SyncEntity, entityID: String, profileID: String?, deleted: Bool, fields: JSONFields
    ) throws -> LogChange {
        let needsProfile = entity == .reading || entity == .event
        guard needsProfile == (profileID != nil) else {
            throw Refusal(needsProfile ? Phrase("a {entity} operation must name its profile", ["entity": "\(entity.rawValue)"]) : Phrase("a {entity} operation names no profile", ["entity": "\(entity.rawValue)"]))
        }
        if deleted {
            switch entity {
            case .reading: return .readingDeleted(id: entityID.asciiLowercased(), profileID: profileID!)
            case .event: return .eventDeleted(id: entityID.asciiLowercased(), profileID: profileID!)
            case .profile: return .profileDeleted(id: entityID)
            case .tag: throw Refusal(Phrase("a tag definition is never deleted, only marked removed"))
            }
        }
        let record = try fields.required("record")
        let change: LogChange
        let recordID: String
        var recordProfile: String?
        switch entity {
        case .reading:
            let reading = try JSONBackup.reading(from: record)
            (change, recordID, recordProfile) = (.readingPut(reading), reading.id, reading.profileID)
        case .event:
            let event = try JSONBackup.event(from: record)
            (change, recordID, recordProfile) = (.eventPut(event), event.id, event.profileID)
        case .profile:
            let profile = try JSONBackup.profile(from: record)
            (change, recordID) = (.profilePut(profile), profile.id)
        case .tag:
            let tag = try JSONBackup.tag(from: record)
            (change, recordID) = (.tagPut(tag), tag.id)
        }
        guard recordID.asciiLowercased() == entityID.asciiLowercased(), recordProfile == profileID else {
            throw Refusal(Phrase("the record's id or profile differs from the operation's"))
        }
        return change
    }

    /// The checksum of a line's signed part: SHA-1, hex (for damage, not for an attacker).
    static func checksum(_ text: String) -> String {
        SHA1.hex(Array(text.utf8))
    }
}
