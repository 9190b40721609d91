public import HealthCore
import HealthInterchange

/// One line of a device's journal: a JSON object on one line, its SHA-1 last.
///
/// Format 2, written by this HealthLog, groups a device's operations into transactions: each
/// operation names its transaction, and the transaction ends with a commit line naming how many
/// operations it holds. A reader applies a transaction only once it has its commit line and
/// every one of its operations, so another machine takes a change whole or not yet, never in
/// part (an import killed mid-way, a copy the engine cut short):
///
/// ```
/// {"v":2,"tx":"<16 hex>","op":"<uuid>","clock":118…,"device":"<16 hex>","entity":"reading","id":"…",
///  "profile":"dad","deleted":false,"base":117…,"record":{…see JournalRecord…},"sum":"<40 hex>"}
/// {"v":2,"commit":"<16 hex>","device":"<16 hex>","operations":1,"clock":118…,"app":"0.1.0","sum":"<40 hex>"}
/// ```
///
/// Format 1 lines (one operation each, its record in the JSON backup's form, no transactions)
/// are read as they always were: each is a transaction of its own. The checksum covers
/// everything before `,"sum"`, so a torn, cut or edited line is refused, never half-read.
public enum JournalLine {
    /// The line format this build writes.
    public static let formatVersion = 2
    /// The longest line written or read: a reading's longest note of control characters, each
    /// escaped in 6 bytes, takes 60 KiB, and its tags more; a line this long is still read in
    /// bounded memory.
    public static let maximumBytes = 1024 * 1024
    /// What a format 2 line may say it needs (`"needs":[…]`) that this HealthLog provides; a
    /// line needing anything else is left for a newer HealthLog.
    static let providedNeeds: Set<String> = [JournalRecord.careRecordNeed, JournalRecord.dosesNeed]

    /// A new transaction's id: 16 hex digits, random.
    static func newTransactionID() -> String { String(RandomUUID.make().filter { $0 != "-" }.prefix(16)) }

    /// The record a change puts or deletes; nil for a change that stays on this machine (the
    /// default profile, a restore).
    static func target(of change: LogChange) -> (kind: RecordKind, id: String, profileID: String?, deleted: Bool)? {
        switch change {
        case .readingPut(let reading): (.reading, reading.id, reading.profileID, false)
        case .readingDeleted(let id, let profile): (.reading, id, profile, true)
        case .profilePut(let profile): (.profile, profile.id, nil, false)
        case .profileDeleted(let id): (.profile, id, nil, true)
        case .tagPut(let tag): (.tag, tag.id, nil, false)
        case .eventPut(let event): (.event, event.id, event.profileID, false)
        case .eventDeleted(let id, let profile): (.event, id, profile, true)
        case .defaultProfileSet, .restored: nil
        }
    }

    // MARK: - Writing

    /// The operation that records `change` in `transaction`, stamped `clock` by `device`,
    /// written after seeing the record's operation stamped `base` (nil for a record it had not
    /// seen); nil for a change that stays on this machine.
    static func operation(
        for change: LogChange, id: String, transaction: String, clock: Int64, device: String, base: Int64? = nil, withdrawing: [String] = []
    ) -> SyncOperation? {
        guard let target = target(of: change) else { return nil }
        var members: [(String, JSONValue)] = [
            ("v", .int(formatVersion)), ("tx", .string(transaction)), ("op", .string(id)), ("clock", .number(String(clock))),
            ("device", .string(device)), ("entity", .string(target.kind.rawValue)), ("id", .string(target.id)),
        ]
        if let profileID = target.profileID { members.append(("profile", .string(profileID))) }
        members.append(("deleted", .bool(target.deleted)))
        if let base { members.append(("base", .number(String(base)))) }
        if !withdrawing.isEmpty { members.append(("withdraws", .array(withdrawing.map(JSONValue.string)))) }
        let needs = JournalRecord.needs(change)
        if !needs.isEmpty { members.append(("needs", .array(needs.map(JSONValue.string)))) }
        if let record = JournalRecord.json(change) { members.append(("record", record)) }
        return SyncOperation(
            id: id, kind: target.kind, entityID: target.id.asciiLowercased(), profileID: target.profileID, clock: clock, device: device,
            deleted: target.deleted, line: signed(members), transaction: transaction)
    }

    /// The line that ends `transaction` of `device`: it holds `operations` operations, the last
    /// stamped `clock`.
    static func commitLine(transaction: String, device: String, operations: Int, clock: Int64) -> String {
        signed([
            ("v", .int(formatVersion)), ("commit", .string(transaction)), ("device", .string(device)), ("operations", .int(operations)),
            ("clock", .number(String(clock))), ("app", .string(HealthLogVersion.current)),
        ])
    }

    private static func signed(_ members: [(String, JSONValue)]) -> String {
        let body = JSONValue.object(members).serialized(indent: nil)
        let unsigned = String(body.dropLast())
        return unsigned + ",\"sum\":\"" + checksum(unsigned) + "\"}"
    }

    // MARK: - Reading

    /// An operation read from a line, with the change it makes.
    public struct Operation: Sendable {
        public let operation: SyncOperation
        public let change: LogChange
        /// The clock of the record's operation its writer had seen (nil when none).
        public let base: Int64?
        /// Its transaction; nil for a format 1 line, a transaction of its own.
        public let transaction: String?
        /// Operations of the same device this one withdraws: stamped while its clock ran ahead,
        /// and stamped again by this one (see ``ClockRepair``).
        public let withdraws: [String]
    }

    /// The end of a transaction, read from its commit line.
    public struct Commit: Equatable, Sendable {
        public let transaction: String
        public let device: String
        public let operations: Int
        public let clock: Int64
    }

    /// What a line says.
    public enum Decoded: Sendable {
        case operation(Operation)
        case commit(Commit)
    }

    /// Why a line was refused.
    public struct Refusal: Error, Equatable, Sendable {
        public let reason: Phrase
        /// True when a newer HealthLog wrote it: it is read again once this one is updated.
        public let isNewer: Bool
        init(_ reason: Phrase, isNewer: Bool = false) {
            self.reason = reason
            self.isNewer = isNewer
        }
    }

    /// What a line says, or why it is refused.
    public static func decode(_ line: String) throws(Refusal) -> Decoded {
        let sumSuffix = 50  // ,"sum":" + 40 hex + "}
        let utf8 = Array(line.utf8)
        guard utf8.count > sumSuffix, utf8.count <= maximumBytes else {
            throw Refusal(utf8.count > maximumBytes ? Phrase("the line is longer than {n} KiB", ["n": "\(maximumBytes / 1024)"]) : Phrase("not a journal line: too short to hold an operation"))
        }
        let unsigned = String(decoding: utf8[..<(utf8.count - sumSuffix)], as: UTF8.self)
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
            guard (1...formatVersion).contains(version) else {
                throw Refusal(
                    version > formatVersion
                        ? Phrase("written by a newer HealthLog (journal format {version}); update HealthLog on this machine to read it", ["version": "\(version)"])
                        : Phrase("journal format {version} is not one this HealthLog reads", ["version": "\(version)"]),
                    isNewer: version > formatVersion)
            }
            guard try fields.string("sum") == checksum(unsigned) else { throw Refusal(Phrase("its checksum does not match: the line was changed or damaged")) }
            let needs = fields.optional("needs") == nil ? [] : try fields.strings("needs")
            if let missing = needs.first(where: { !providedNeeds.contains($0) }) {
                throw Refusal(Phrase("written by a newer HealthLog (it needs '{need}'); update HealthLog on this machine to read it", ["need": missing]), isNewer: true)
            }
            let device = try fields.string("device")
            guard SyncFolder.isDeviceID(device) else { throw Refusal(Phrase("device id '{device}' is not one HealthLog makes", ["device": "\(device)"])) }
            if version >= 2, let committed = try fields.optionalString("commit") {
                guard isTransactionID(committed) else { throw Refusal(Phrase("transaction id '{id}' is not one HealthLog makes", ["id": committed])) }
                let operations = try fields.int("operations")
                guard operations > 0 else { throw Refusal(Phrase("a transaction holds at least one operation")) }
                return .commit(Commit(transaction: committed, device: device, operations: operations, clock: try clock(fields, "clock")))
            }
            var transaction: String?
            if version >= 2 {
                let id = try fields.string("tx")
                guard isTransactionID(id) else { throw Refusal(Phrase("transaction id '{id}' is not one HealthLog makes", ["id": id])) }
                transaction = id
            }
            let id = try fields.string("op")
            guard RandomUUID.isUUID(id) else { throw Refusal(Phrase("operation id '{id}' is not a UUID", ["id": "\(id)"])) }
            let clock = try clock(fields, "clock")
            let entityText = try fields.string("entity")
            guard let kind = RecordKind(rawValue: entityText) else {
                throw Refusal(Phrase("entity '{entityText}' is not profile, tag, event or reading", ["entityText": "\(entityText)"]), isNewer: version >= 2)
            }
            let entityID = try fields.string("id")
            let profileID = try fields.optionalString("profile")
            let deleted = try fields.bool("deleted")
            var base: Int64?
            if let baseValue = fields.optional("base"), !baseValue.isNull {
                guard case .number(let digits) = baseValue, let number = Int64(digits) else { throw Refusal(Phrase("its base clock is not a whole number")) }
                base = number
            }
            var withdraws: [String] = []
            if version >= 2, fields.optional("withdraws") != nil {
                withdraws = try fields.strings("withdraws").map { $0.asciiLowercased() }
                guard withdraws.allSatisfy(RandomUUID.isUUID) else { throw Refusal(Phrase("an operation it withdraws is not named by a UUID")) }
            }
            let change = try self.change(kind, entityID: entityID, profileID: profileID, deleted: deleted, fields: fields, version: version)
            let operation = SyncOperation(
                id: id.asciiLowercased(), kind: kind, entityID: entityID.asciiLowercased(), profileID: profileID, clock: clock,
                device: device, deleted: deleted, line: line, transaction: transaction)
            return .operation(Operation(operation: operation, change: change, base: base, transaction: transaction, withdraws: withdraws))
        } catch let refusal as Refusal {
            throw refusal
        } catch {
            throw Refusal(HealthSyncErrorPhrase.of(error))
        }
    }

    /// The operation a line carries (nil for a commit line), or why it is refused.
    static func operation(_ line: String) throws(Refusal) -> Operation? {
        if case .operation(let operation) = try decode(line) { return operation }
        return nil
    }

    private static func clock(_ fields: JSONFields, _ key: String) throws -> Int64 {
        guard case .number(let digits) = try fields.required(key), let clock = Int64(digits), clock > 0 else {
            throw Refusal(Phrase("its clock is not a positive whole number"))
        }
        // A clock past 2100 would carry every later change with it (and overflow).
        guard clock < HybridClock.latest else { throw Refusal(Phrase("its clock is after the year 2100")) }
        return clock
    }

    private static func change(
        _ kind: RecordKind, entityID: String, profileID: String?, deleted: Bool, fields: JSONFields, version: Int
    ) throws -> LogChange {
        let needsProfile = kind == .reading || kind == .event
        guard needsProfile == (profileID != nil) else {
            throw Refusal(needsProfile ? Phrase("a {entity} operation must name its profile", ["entity": "\(kind.rawValue)"]) : Phrase("a {entity} operation names no profile", ["entity": "\(kind.rawValue)"]))
        }
        if deleted {
            switch kind {
            case .reading: return .readingDeleted(id: entityID.asciiLowercased(), profileID: profileID!)
            case .event: return .eventDeleted(id: entityID.asciiLowercased(), profileID: profileID!)
            case .profile: return .profileDeleted(id: entityID)
            case .tag: throw Refusal(Phrase("a tag definition is never deleted, only marked removed"))
            }
        }
        let record = try fields.required("record")
        let change = version == 1 ? try backupRecord(kind, record) : try JournalRecord.change(kind, from: record)
        guard let named = change.record, named.id.asciiLowercased() == entityID.asciiLowercased(), profile(of: change) == profileID else {
            throw Refusal(Phrase("the record's id or profile differs from the operation's"))
        }
        return change
    }

    /// A format 1 record: the JSON backup's form of it, as format 1 wrote it.
    private static func backupRecord(_ kind: RecordKind, _ record: JSONValue) throws -> LogChange {
        switch kind {
        case .reading: .readingPut(try JSONBackup.reading(from: record))
        case .event: .eventPut(try JSONBackup.event(from: record))
        case .profile: .profilePut(try JSONBackup.profile(from: record))
        case .tag: .tagPut(try JSONBackup.tag(from: record))
        }
    }

    private static func profile(of change: LogChange) -> String? {
        switch change {
        case .readingPut(let reading): reading.profileID
        case .eventPut(let event): event.profileID
        default: nil
        }
    }

    /// True for a transaction id HealthLog makes: 16 lowercase hex digits.
    static func isTransactionID(_ text: String) -> Bool { SyncFolder.isDeviceID(text) }

    /// The checksum of a line's signed part: SHA-1, hex (for damage, not for an attacker).
    static func checksum(_ text: String) -> String {
        SHA1.hex(Array(text.utf8))
    }

    // MARK: - Skimming

    /// What a merge's first pass needs of a line, without checking it: the transaction a format
    /// 2 operation line names, or the transaction and size a commit line closes. The second
    /// pass decodes and checks every line it applies.
    enum Skimmed: Equatable {
        /// A format 2 operation of this transaction.
        case operation(transaction: String)
        /// The commit line of a transaction of this many operations.
        case commit(transaction: String, operations: Int)
        /// A line complete in itself (format 1), or one the second pass refuses.
        case standalone
    }

    private static let operationPrefix = Array("{\"v\":2,\"tx\":\"".utf8)
    private static let commitPrefix = Array("{\"v\":2,\"commit\":\"".utf8)

    /// The transaction a format 2 operation line names, unchecked; nil for any other line.
    static func transaction(ofLine line: String) -> String? {
        if case .operation(let transaction) = skim(line) { return transaction }
        return nil
    }

    static func skim(_ line: String) -> Skimmed {
        var line = line
        return line.withUTF8 { bytes -> Skimmed in
            if bytes.starts(with: operationPrefix), let transaction = hex16(bytes, at: operationPrefix.count) {
                return .operation(transaction: transaction)
            }
            if bytes.starts(with: commitPrefix), hex16(bytes, at: commitPrefix.count) != nil,
                case .commit(let commit)? = try? decode(String(decoding: bytes, as: UTF8.self))
            {
                return .commit(transaction: commit.transaction, operations: commit.operations)
            }
            return .standalone
        }
    }

    /// The 16 lowercase hex digits at `offset` followed by a quote, as text, or nil.
    private static func hex16(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> String? {
        guard bytes.count > offset + 16, bytes[offset + 16] == UInt8(ascii: "\"") else { return nil }
        let slice = UnsafeBufferPointer(rebasing: bytes[offset..<(offset + 16)])
        guard slice.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        return String(decoding: slice, as: UTF8.self)
    }
}
