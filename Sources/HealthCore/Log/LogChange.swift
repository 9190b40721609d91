/// One change to the log, with the whole record as stored: what a journal of changes (family
/// sync) records, and what a test checks every write path reports.
public enum LogChange: Equatable, Sendable {
    /// A reading added, edited, or replaced by an import's newer version.
    case readingPut(Reading)
    /// A reading deleted (on its own, or with its profile).
    case readingDeleted(id: String, profileID: String)
    /// A profile created or changed.
    case profilePut(Profile)
    /// A profile removed, after its readings and events (each reported on its own).
    case profileDeleted(id: String)
    /// A tag definition made, changed, or removed (``StatusTag/removed``: the definition is kept,
    /// marked removed, so its deviation flag still counts).
    case tagPut(StatusTag)
    /// An event added, or replaced by an import's newer version.
    case eventPut(Event)
    /// An event removed.
    case eventDeleted(id: String, profileID: String)
    /// The profile used when none is named: a setting of this machine, nil when cleared.
    case defaultProfileSet(String?)
    /// The whole log replaced by the backup at the path.
    case restored(from: String)
}

/// Hears every change to the log, inside the write transaction that makes it.
///
/// The store calls ``logChanged(_:)`` with the changes in the order they were made, before the
/// transaction commits (an import hands them over batch by batch, so several calls may belong
/// to one transaction), then ``logWillCommit()``. Throwing from either rolls the whole
/// transaction back. When a transaction that handed over changes is rolled back, for any
/// reason, ``logRolledBack()`` says so: none of those changes happened. Once it has committed,
/// ``logDidCommit()`` says so, outside the transaction: what a listener does then (write a
/// journal) cannot undo the change, and must not fail the command that made it.
public protocol LogChangeObserver: AnyObject {
    func logChanged(_ changes: [LogChange]) throws
    func logWillCommit() throws
    func logRolledBack()
    func logDidCommit()
}

extension LogChangeObserver {
    public func logDidCommit() {}
}
