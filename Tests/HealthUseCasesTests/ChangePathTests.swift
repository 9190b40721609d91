import Foundation
import HealthCore
import HealthInterchange
import HealthRecords
import HealthUseCases
import Testing

/// Every change to the log goes through one write path, and its observers hear all of it: the
/// log's contents are exactly what replaying the heard changes onto the log as it was gives.
/// This is what family sync journals.
@Suite struct ChangePathTests {
    @Test func replayingTheHeardChangesGivesTheLogForEveryKindOfChange() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("log.sqlite")
        // The log as it starts: only the built-in tag definitions its schema makes.
        _ = try RecordStore.open(path: path, clock: { 0 })
        var model = try LogModel(path)
        let observer = RecordingObserver()
        let log = makeLog(in: directory)
        log.observeChanges(observer)
        let dadLog = makeLog(in: directory, profile: .named("dad"), namedProfile: "dad")
        dadLog.observeChanges(observer)

        // Readings, and the first profile made for the first one.
        let first = try log.add(ReadingEntry(bloodPressure: bp(138, 86), pulse: 72, tagIDs: ["bp-med"], takenAt: at("2026-11-30T07:10:00+08:00")))
        #expect(first.outcome.createdProfile)
        try log.addProfile(Profile(id: "dad", name: "爸爸", birthYear: 1954))
        var profileChange = ProfileChange()
        profileChange.set(\.name, to: "Dad")
        profileChange.set(\.target, to: bp(130, 80))
        _ = try log.editProfile("dad", profileChange)
        try log.setDefaultProfile("dad")
        var ids: [String] = []
        for (index, systolic) in [141, 137, 129].enumerated() {
            let added = try dadLog.add(
                ReadingEntry(bloodPressure: bp(systolic, 85), note: "n\(index)", takenAt: at("2026-11-2\(index + 1)T07:30:00+08:00")))
            ids.append(added.outcome.reading.id)
        }
        _ = try dadLog.edit(ids[0], with: ReadingEntry(pulse: 66, site: .office), clearing: [.note])
        try dadLog.delete(try dadLog.readings(ids: [String(ids[1].prefix(8))]))

        // Tag definitions: made, changed, removed (kept, marked removed).
        try log.defineTag(StatusTag(id: "salt", label: "salty meal"))
        var tagChange = TagChange()
        tagChange.set(\.labelZh, to: "咸食")
        tagChange.set(\.deviation, to: true)
        _ = try log.editTag("salt", tagChange)
        _ = try dadLog.add(ReadingEntry(bloodPressure: bp(150, 95), tagIDs: ["salt"], takenAt: at("2026-11-29T19:00:00+08:00")))
        #expect(try log.removeTag("salt") == 1)

        // Events.
        let event = try dadLog.addEvent("amlodipine 5 mg started", kind: .medication, at: at("2026-11-20T08:00:00+08:00"))
        _ = try dadLog.addEvent("walks every morning", kind: .lifestyle, at: at("2026-11-22T08:00:00+08:00"))
        _ = try dadLog.removeEvent(String(event.event.id.prefix(8)))

        // Imports: a CSV of the family, then a backup from another machine whose newer edit wins.
        _ = try log.importFile(ImportRequest(path: repositoryPath + "/Samples/family.csv"))
        let otherPath = directory.file("other.sqlite")
        let backup = directory.file("backup.json")
        let export = { (log: HealthLog, path: String) in
            let file = try OutputFile(path)
            _ = try log.export(.json, into: file)
            try file.commit()
        }
        try export(log, backup)
        let other = HealthLog(HealthLog.Settings(databasePath: otherPath, clock: { 1_796_060_000_000 }, zone: FixedOffsetZone(minutes: 480)))
        _ = try other.importFile(ImportRequest(path: backup))
        _ = try other.edit(ids[2], with: ReadingEntry(bloodPressure: bp(127, 83)))
        try export(other, backup)
        let merged = try log.importFile(ImportRequest(path: backup))
        #expect(merged.summary.updated == 1)

        // A profile removed with its readings and events; then a backup made and restored.
        #expect(try log.removeProfile("me") == 1)
        let copy = directory.file("copy.sqlite")
        try log.backup(to: copy)
        _ = try dadLog.add(ReadingEntry(bloodPressure: bp(160, 100), takenAt: at("2026-11-30T20:00:00+08:00")))
        _ = try log.restore(from: copy)

        for change in observer.committed { try model.apply(change) }
        let final = try LogModel(path)
        #expect(model == final)
        // Every kind of change was heard, not only some.
        let kinds = Set(observer.committed.map(\.kind))
        #expect(kinds == ["readingPut", "readingDeleted", "profilePut", "profileDeleted", "tagPut", "eventPut", "eventDeleted", "defaultProfileSet", "restored"])
        #expect(observer.pending.isEmpty)
    }

    @Test func aRefusedOrDryRunChangeIsHeardAsNothing() throws {
        let directory = TemporaryDirectory()
        let log = makeLog(in: directory)
        _ = try log.add(ReadingEntry(bloodPressure: bp(130, 80), takenAt: at("2026-11-30T07:00:00+08:00")))
        let observer = RecordingObserver()
        log.observeChanges(observer)
        #expect(throws: HealthLogError.unknownTags(["no-such-tag"], known: try log.tagOverview().tags.map(\.tag.id))) {
            try log.add(ReadingEntry(bloodPressure: bp(131, 81), tagIDs: ["no-such-tag"]))
        }
        var request = ImportRequest(path: repositoryPath + "/Samples/family.csv")
        request.dryRun = true
        let report = try log.importFile(request)
        #expect(report.summary.added > 400)
        #expect(observer.committed.isEmpty)
        #expect(observer.pending.isEmpty)
        // The dry run handed its changes over batch by batch, then said they were undone.
        #expect(observer.rollbacks == 1)
        #expect(try log.listing(.all).readings.count == 1)
    }

    @Test func anObserverThatFailsStopsTheChange() throws {
        let directory = TemporaryDirectory()
        let log = makeLog(in: directory)
        _ = try log.add(ReadingEntry(bloodPressure: bp(130, 80), takenAt: at("2026-11-30T07:00:00+08:00")))
        let before = try LogModel(directory.file("log.sqlite"))
        let observer = RecordingObserver()
        observer.failsOnCommit = true
        log.observeChanges(observer)
        #expect(throws: HealthLogError.self) {
            try log.add(ReadingEntry(bloodPressure: bp(131, 81), takenAt: at("2026-11-30T07:05:00+08:00")))
        }
        #expect(throws: HealthLogError.self) { try log.importFile(ImportRequest(path: repositoryPath + "/Samples/family.csv")) }
        #expect(try LogModel(directory.file("log.sqlite")) == before)
        #expect(observer.rollbacks == 2)
    }
}

/// `healthlog undo` (issue 37): each kind of change, undone last first, leaves the log as it was
/// before that change, and the undo goes through the one write path like any change.
@Suite struct UndoTests {
    @Test func undoingEveryKindOfChangeInTurnGivesBackEachEarlierLog() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("log.sqlite")
        _ = try RecordStore.open(path: path, clock: { 0 })
        let log = makeLog(in: directory)
        let dadLog = makeLog(in: directory, profile: .named("dad"), namedProfile: "dad")
        var snapshots: [LogModel] = [try LogModel(path)]
        let changes: [() throws -> Void] = [
            { _ = try log.add(ReadingEntry(bloodPressure: bp(138, 86), pulse: 72, tagIDs: ["bp-med"], takenAt: at("2026-11-30T07:10:00+08:00"))) },
            { try log.addProfile(Profile(id: "dad", name: "爸爸", birthYear: 1954)) },
            {
                var change = ProfileChange()
                change.set(\.target, to: bp(130, 80))
                _ = try log.editProfile("dad", change)
            },
            { try log.setDefaultProfile("dad") },
            { _ = try dadLog.add(ReadingEntry(bloodPressure: bp(141, 85), note: "头晕", takenAt: at("2026-11-21T07:30:00+08:00"))) },
            {
                let id = try dadLog.listing(.all).readings[0].id
                _ = try dadLog.edit(id, with: ReadingEntry(pulse: 66, site: .office), clearing: [.note])
            },
            { try log.defineTag(StatusTag(id: "salt", label: "salty meal")) },
            { _ = try dadLog.add(ReadingEntry(bloodPressure: bp(150, 95), tagIDs: ["salt"], takenAt: at("2026-11-29T19:00:00+08:00"))) },
            { _ = try log.removeTag("salt") },
            { _ = try dadLog.addEvent("amlodipine 5 mg started", kind: .medication, at: at("2026-11-20T08:00:00+08:00")) },
            { try dadLog.delete(try dadLog.listing(.all).readings.filter { $0.systolic == 150 }) },
            { _ = try log.importFile(ImportRequest(path: repositoryPath + "/Samples/family.csv")) },
            { _ = try log.renameProfile("me", to: "grandma") },
            { _ = try log.removeProfile("grandma") },
        ]
        for change in changes {
            try change()
            snapshots.append(try LogModel(path))
        }
        #expect(try log.undoHistory().steps.count == changes.count)
        #expect(snapshots[12].readings.count > 400)

        let observer = RecordingObserver()
        log.observeChanges(observer)
        var model = try LogModel(path)
        for expected in snapshots.dropLast().reversed() {
            #expect(try log.undo() != nil)
            #expect(try LogModel(path).comparable == expected.comparable)
        }
        #expect(try log.undo() == nil)
        #expect(try LogModel(path).comparable == snapshots[0].comparable)
        // The undos were heard as changes: a shared log's other machines get them.
        for change in observer.committed { try model.apply(change) }
        #expect(model == (try LogModel(path)))
    }

    @Test func aRecordChangedSinceIsNotOverwritten() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("log.sqlite")
        let log = makeLog(in: directory)
        let added = try log.add(ReadingEntry(bloodPressure: bp(138, 86), takenAt: at("2026-11-30T07:10:00+08:00")))
        // Changed outside the write path, as a merge of the shared folder changes it.
        var merged = added.outcome.reading
        merged.pulse = 70
        merged.updatedAt += 1
        let store = try RecordStore.open(path: path)
        _ = try store.write { try store.applyMerged(.readingPut(merged), at: merged.updatedAt) }
        let before = try LogModel(path)
        #expect(throws: HealthLogError.self) { try log.undo() }
        #expect(try LogModel(path) == before)
        #expect(try log.undoHistory().steps.count == 1)
    }
}

/// Keeps what the log says it changed: `committed` once a transaction is about to commit.
private final class RecordingObserver: LogChangeObserver {
    var pending: [LogChange] = []
    var committed: [LogChange] = []
    var rollbacks = 0
    var failsOnCommit = false

    struct Refused: Error {}

    func logChanged(_ changes: [LogChange]) throws { pending += changes }

    func logWillCommit() throws {
        if failsOnCommit { throw Refused() }
        committed += pending
        pending = []
    }

    func logRolledBack() {
        pending = []
        rollbacks += 1
    }
}

extension LogChange {
    var kind: String {
        switch self {
        case .readingPut: "readingPut"
        case .readingDeleted: "readingDeleted"
        case .profilePut: "profilePut"
        case .profileDeleted: "profileDeleted"
        case .tagPut: "tagPut"
        case .eventPut: "eventPut"
        case .eventDeleted: "eventDeleted"
        case .defaultProfileSet: "defaultProfileSet"
        case .restored: "restored"
        }
    }
}

/// Everything a log holds, read through the store, and changed by replaying ``LogChange``s.
private struct LogModel: Equatable {
    var readings: [String: Reading] = [:]
    var profiles: [String: Profile] = [:]
    var tags: [String: StatusTag] = [:]
    var events: [String: Event] = [:]
    var defaultProfile: String?

    init(_ path: String) throws {
        let store = try RecordStore.open(path: path, access: .readOnly)
        for reading in try store.readings() { readings[reading.id] = reading }
        for profile in try store.profiles() { profiles[profile.id] = profile }
        for tag in try store.tags(includingRemoved: true) { tags[tag.id] = tag }
        for event in try store.events() { events[event.id] = event }
        defaultProfile = try store.defaultProfileID()
    }

    mutating func apply(_ change: LogChange) throws {
        switch change {
        case .readingPut(let reading): readings[reading.id] = reading
        case .readingDeleted(let id, _): readings[id] = nil
        case .profilePut(let profile): profiles[profile.id] = profile
        case .profileDeleted(let id): profiles[id] = nil
        case .tagPut(let tag): tags[tag.id] = tag
        case .eventPut(let event): events[event.id] = event
        case .eventDeleted(let id, _): events[id] = nil
        case .defaultProfileSet(let id): defaultProfile = id
        case .restored(let path): self = try LogModel(path)
        }
    }

    /// The log without the times of its last changes (an undone change is a newer one), and
    /// without removed tag definitions (undoing a definition removes it: readings may name it).
    var comparable: LogModel {
        var model = self
        for id in model.readings.keys { model.readings[id]?.updatedAt = 0 }
        for id in model.profiles.keys { model.profiles[id]?.updatedAt = 0 }
        for id in model.events.keys { model.events[id]?.updatedAt = 0 }
        model.tags = model.tags.filter { !$0.value.removed }
        return model
    }
}
