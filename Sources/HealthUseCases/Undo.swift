public import HealthCore

/// The changes that can be undone, with what it takes to show them: the profiles and tag
/// definitions of the log as it is.
public struct UndoHistory: Sendable {
    /// The changes, the last first.
    public let steps: [UndoStep]
    /// Every profile, the ones a change to undo created among them.
    public let profiles: [Profile]
    /// Every tag definition, removed ones too.
    public let tags: [StatusTag]
}

extension HealthLog {
    /// The changes that can be undone, the last first: the last 20 made through this log's
    /// write path on this machine (a merge of the shared folder is not one of them).
    public func undoHistory() throws(HealthLogError) -> UndoHistory {
        guard FileSystem.exists(settings.databasePath) else { return UndoHistory(steps: [], profiles: [], tags: []) }
        return try read { store in
            UndoHistory(steps: try store.undoSteps(), profiles: try store.profiles(), tags: try store.tags(includingRemoved: true))
        }
    }

    /// Takes back the last change (an add, an edit, a deletion, an import, a rename…) through
    /// the one write path, so a shared log carries the undo as it carries any change. `expected`
    /// is the step a person was shown: when another change came first, nothing is undone.
    /// Returns what was undone, or nil when there is nothing to undo.
    public func undo(expected: Int64? = nil) throws(HealthLogError) -> UndoStep? {
        guard FileSystem.exists(settings.databasePath) else { return nil }
        return try change(undoable: false) { store in
            if let expected, try store.undoSteps().first?.number != expected {
                throw HealthLogError.other(.refused, Phrase("another change was made meanwhile; run 'healthlog undo' again to see it"))
            }
            return try store.undoLastStep()
        }
    }
}
