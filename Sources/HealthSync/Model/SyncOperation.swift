public import HealthCore

/// One operation of a family log: a record put whole, or deleted, by one device at one moment
/// of its hybrid logical clock.
///
/// The merged log is a function of the set of operations alone: for each record, the
/// operation with the greatest (``clock``, ``device``, ``id``) wins, a deletion included.
public struct SyncOperation: Equatable, Sendable {
    /// The operation's own id (a UUID): the same operation read twice is stored once.
    public var id: String
    /// The kind of record it puts or deletes.
    public var kind: RecordKind
    /// The id of the record it puts or deletes (lowercase).
    public var entityID: String
    /// The profile of a reading or event (nil for profiles and tags).
    public var profileID: String?
    /// The hybrid logical clock: milliseconds since 1970 times 65,536, plus a counter.
    public var clock: Int64
    /// The device that wrote it.
    public var device: String
    /// True for a deletion (a tombstone).
    public var deleted: Bool
    /// The journal line that carries it, as written.
    public var line: String
    /// The transaction it belongs to; nil for a journal format 1 line, a transaction of its own.
    public var transaction: String?

    public init(
        id: String, kind: RecordKind, entityID: String, profileID: String?, clock: Int64, device: String, deleted: Bool, line: String,
        transaction: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.entityID = entityID
        self.profileID = profileID
        self.clock = clock
        self.device = device
        self.deleted = deleted
        self.line = line
        self.transaction = transaction
    }

    /// True when this operation wins over `other` for the same record: the later clock; on a
    /// tie (two devices, or a device copied whole onto a second machine, at one instant) the
    /// greater device id, then the greater operation id, so every machine decides alike.
    public func wins(over other: SyncOperation) -> Bool {
        (clock, device, id) > (other.clock, other.device, other.id)
    }
}
