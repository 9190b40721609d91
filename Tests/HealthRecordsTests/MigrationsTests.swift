import CSQLite
import Foundation
import HealthCore
@testable import HealthRecords
import Testing

/// The schema's history: a log made by an older HealthLog is brought up to date once, step by
/// step, and a read-only look at an old log upgrades a copy in memory, never the file.
@Suite struct MigrationsTests {
    /// A log as the first version of HealthLog left it: step 1 only, with a profile, a
    /// reading and a default setting that outlived its profile.
    private func firstVersionLog(_ path: String) throws {
        let database = try Database(path: path, mode: .readWriteCreate)
        try database.write {
            try Migrations.steps[0].apply(database, 0)
            try database.execute("PRAGMA application_id = \(Migrations.applicationID)")
            try database.execute("PRAGMA user_version = 1")
            try database.execute(
                """
                INSERT INTO schema_migrations VALUES ('v1-profiles-readings-tags', 0);
                INSERT INTO profiles (id, name, created_at, updated_at) VALUES ('dad', 'dad', 0, 0);
                INSERT INTO readings (id, profile_id, taken_at, utc_offset_min, systolic, diastolic, created_at, updated_at)
                    VALUES ('6513270e-269e-4d37-b2a7-4de452e6b438', 'dad', 1795996800, 480, 130, 80, 0, 0);
                INSERT INTO settings VALUES ('default_profile', 'gone');
                """)
        }
    }

    @Test func anOlderLogIsMigratedOnceAndKeepsItsReadings() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("old.sqlite")
        try firstVersionLog(path)
        let store = try RecordStore.open(path: path, clock: { 1_000 })
        #expect(try store.readings().map(\.id) == ["6513270e-269e-4d37-b2a7-4de452e6b438"])
        #expect(Set(try store.tags().map(\.id)).isSuperset(of: ["irregular-heartbeat", "possible-afib", "body-movement"]))
        // The stale default went with the step, so a profile made later with that id is not it.
        try store.addProfile(Profile(id: "gone"))
        #expect(try store.defaultProfileID() == nil)
        let database = try Database(path: path, mode: .readOnly)
        #expect(try database.pragmaInt("user_version") == Int64(Migrations.steps.count))
        var applied: [String] = []
        try Statement(database: database, sql: "SELECT identifier FROM schema_migrations ORDER BY identifier").forEachRow { applied.append($0.text(0)!) }
        #expect(applied.sorted() == Migrations.steps.map(\.identifier).sorted())
        // Opening again runs nothing twice.
        _ = try RecordStore.open(path: path)
        #expect(try Database(path: path, mode: .readOnly).pragmaInt("user_version") == Int64(Migrations.steps.count))
    }

    @Test func aReadOnlyLookAtAnOlderLogUpgradesACopyNotTheFile() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("archive.sqlite")
        try firstVersionLog(path)
        let before = snapshot(path)
        let store = try RecordStore.open(path: path, access: .readOnly)
        #expect(try store.readings().count == 1)
        #expect(try store.tags().contains { $0.id == "possible-afib" })
        #expect(throws: RecordsError.self) { try store.addProfile(Profile(id: "kid")) }
        #expect(snapshot(path) == before)
    }
}

@Suite struct SchemaV3Tests {
    /// A log from before v3: its readings become home readings, a target of 135/85 (the old default)
    /// becomes no target, another target stays, and coffee and exercise become deviations.
    @Test func version3KeepsEverythingAndReadsOldDefaultsAsUnset() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("v2.sqlite")
        let database = try Database(path: path, mode: .readWriteCreate)
        try database.write {
            try Migrations.steps[0].apply(database, 0)
            try Migrations.steps[1].apply(database, 0)
            try database.execute("PRAGMA application_id = \(Migrations.applicationID)")
            try database.execute("PRAGMA user_version = 2")
            try database.execute(
                """
                INSERT INTO schema_migrations VALUES ('v1-profiles-readings-tags', 0), ('v2-device-finding-tags', 0);
                INSERT INTO profiles (id, name, created_at, updated_at) VALUES ('dad', 'dad', 0, 0);
                INSERT INTO profiles (id, name, target_systolic, target_diastolic, created_at, updated_at) VALUES ('mom', 'mom', 125, 80, 0, 0);
                INSERT INTO readings (id, profile_id, taken_at, utc_offset_min, systolic, diastolic, created_at, updated_at)
                    VALUES ('6513270e-269e-4d37-b2a7-4de452e6b438', 'dad', 1795996800, 480, 130, 80, 0, 0);
                """)
        }
        let store = try RecordStore.open(path: path, clock: { 1_000 })
        #expect(try store.readings().map(\.site) == [.home])
        #expect(try store.profile(id: "dad")?.target == nil)
        #expect(try store.profile(id: "mom")?.target == BloodPressure(systolic: 125, diastolic: 80))
        #expect(try store.tags().filter(\.deviation).map(\.id) == ["black-coffee", "exercise"])
        #expect(try store.events().isEmpty)
    }

    @Test func eventsAreKeptPerProfileFoundByPrefixAndRemoved() throws {
        let directory = TemporaryDirectory()
        let store = try RecordStore.open(path: directory.file("e.sqlite"), clock: { fixedNow })
        try store.addProfile(Profile(id: "dad"))
        let late = Event(profileID: "dad", at: shanghai("2026-10-02", 0, 30), text: "amlodipine 5 mg started")
        let early = Event(profileID: "dad", at: shanghai("2026-09-01", 9, 0), kind: .lifestyle, text: "less salt")
        try store.addEvent(late)
        try store.addEvent(early)
        #expect(try store.events(profileID: "dad").map(\.text) == ["less salt", "amlodipine 5 mg started"])
        // 00:30 on 2 Oct is 1 Oct's measurement day.
        #expect(try store.events(from: CivilDate(iso: "2026-10-01"), to: CivilDate(iso: "2026-10-01")).map(\.id) == [late.id])
        #expect(try store.event(idPrefix: String(late.id.prefix(8))).kind == .medication)
        #expect(throws: RecordsError.unknownProfile("mom", known: ["dad"])) {
            try store.addEvent(Event(profileID: "mom", at: shanghai("2026-09-01", 9, 0), text: "x"))
        }
        #expect(throws: RecordsError.self) { try store.addEvent(Event(profileID: "dad", at: shanghai("2026-09-01", 9, 0), text: "  ")) }
        try store.removeEvent(id: late.id)
        #expect(try store.events().map(\.id) == [early.id])
        let error109 = #expect(throws: RecordsError.self) { try store.removeEvent(id: late.id) }
        #expect(error109?.description == "no event with id '\(late.id)'")
        // A profile's events go with it.
        _ = try store.removeProfile(id: "dad")
        #expect(try store.events().isEmpty)
    }

    @Test func siteIsStoredAndReplaced() throws {
        let directory = TemporaryDirectory()
        let store = try RecordStore.open(path: directory.file("s.sqlite"), clock: { fixedNow })
        try store.addProfile(Profile(id: "dad"))
        var reading = Reading(profileID: "dad", takenAt: shanghai("2026-11-29", 10, 0), bloodPressure: BloodPressure(systolic: 150, diastolic: 95), site: .office)
        try store.add(reading)
        #expect(try store.readings().first?.site == .office)
        reading.site = .home
        try store.update(reading)
        #expect(try store.readings().first?.site == .home)
    }
}

@Suite struct SchemaCareRecordTests {
    /// A log from before the care record: its events are copied row for row into the rebuilt
    /// table (a free-text medication event stays one, with no medicine), its profiles get an
    /// empty care context, and the new columns then hold a medicine and the conditions.
    @Test func theCareRecordStepKeepsEveryEvent() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("v6.sqlite")
        let database = try Database(path: path, mode: .readWriteCreate)
        let before = Migrations.steps.prefix { $0.identifier != "v9-care-record" }
        try database.write {
            for step in before { try step.apply(database, 0) }
            try database.execute("PRAGMA application_id = \(Migrations.applicationID)")
            try database.execute("PRAGMA user_version = \(before.count)")
            for step in before { try database.execute("INSERT INTO schema_migrations VALUES ('\(step.identifier)', 0)") }
            try database.execute(
                """
                INSERT INTO profiles (id, name, created_at, updated_at) VALUES ('dad', 'dad', 0, 0);
                INSERT INTO events (id, profile_id, at, utc_offset_min, kind, text, created_at, updated_at)
                    VALUES ('6513270e-269e-4d37-b2a7-4de452e6b438', 'dad', 1795996800, 480, 'medication', 'amlodipine 5 mg started', 1, 2),
                           ('7513270e-269e-4d37-b2a7-4de452e6b438', 'dad', 1795996900, 480, 'lifestyle', 'less salt', 3, 4);
                """)
        }
        let store = try RecordStore.open(path: path, clock: { 1_796_000_000_000 })
        let events = try store.events()
        #expect(events.map(\.text) == ["amlodipine 5 mg started", "less salt"])
        #expect(events.map(\.kind) == [.medication, .lifestyle])
        #expect(events.map(\.createdAt) == [1, 3])
        #expect(events.allSatisfy { $0.medicine == nil })
        #expect(try store.profiles().map(\.conditions) == [[]])

        let medicine = MedicineChange(name: "氨氯地平", action: .change, dose: "10 mg", times: [.morning, .evening], reason: "still high")
        let at = ZonedInstant(utcSeconds: 1_795_997_000, offsetMinutes: 480)
        try store.addEvent(Event(profileID: "dad", at: at, text: medicine.eventText, medicine: medicine))
        try store.addEvent(Event(profileID: "dad", at: ZonedInstant(utcSeconds: 1_795_997_100, offsetMinutes: 480), kind: .monitor, text: "new wrist monitor"))
        #expect(try store.events().compactMap(\.medicine) == [medicine])
        #expect(try store.events().last?.kind == .monitor)
        var profile = try store.requireProfile(id: "dad")
        profile.conditions = [.diabetes, .kidneyDisease]
        profile.pregnancyDue = CivilDate(iso: "2027-02-10")
        profile.frail = true
        profile.sleep = SleepHours("08:30-16:00")
        try store.updateProfile(profile)
        let stored = try store.requireProfile(id: "dad")
        #expect(stored.conditions == [.diabetes, .kidneyDisease])
        #expect(stored.pregnancyDue == CivilDate(iso: "2027-02-10"))
        #expect(stored.frail)
        #expect(stored.sleep?.description == "08:30-16:00")
        // The schema refuses a medicine on an event of another kind, whatever wrote it.
        let raw = try Database(path: path, mode: .readWrite)
        #expect(throws: SQLiteError.self) {
            try raw.execute("UPDATE events SET kind = 'lifestyle' WHERE medicine IS NOT NULL")
        }
    }
}

@Suite struct SchemaDosesTests {
    /// A log from before doses: its medicine events are copied whole into the rebuilt table, and
    /// the table then takes a dose (kind dose, action taken) and refuses a dose of another kind
    /// or a `taken` on a medication event, whatever wrote it.
    @Test func theDosesStepKeepsEveryEventAndTakesDoses() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("v10.sqlite")
        let database = try Database(path: path, mode: .readWriteCreate)
        let before = Migrations.steps.prefix { $0.identifier != "v11-doses" }
        try database.write {
            for step in before { try step.apply(database, 0) }
            try database.execute("PRAGMA application_id = \(Migrations.applicationID)")
            try database.execute("PRAGMA user_version = \(before.count)")
            for step in before { try database.execute("INSERT INTO schema_migrations VALUES ('\(step.identifier)', 0)") }
            try database.execute(
                """
                INSERT INTO profiles (id, name, created_at, updated_at) VALUES ('dad', 'dad', 0, 0);
                INSERT INTO events (id, profile_id, at, utc_offset_min, kind, text, created_at, updated_at, medicine, medicine_action, dose, dose_times, reason)
                    VALUES ('6513270e-269e-4d37-b2a7-4de452e6b438', 'dad', 1795996800, 480, 'medication', 'amlodipine 5 mg started', 1, 2,
                            'amlodipine', 'start', '5 mg', 'morning', NULL),
                           ('7513270e-269e-4d37-b2a7-4de452e6b438', 'dad', 1795996900, 480, 'monitor', 'new monitor', 3, 4, NULL, NULL, NULL, '', NULL);
                """)
        }
        let store = try RecordStore.open(path: path, clock: { 1_796_000_000_000 })
        let events = try store.events()
        #expect(events.map(\.kind) == [.medication, .monitor])
        #expect(events.first?.medicine == MedicineChange(name: "amlodipine", action: .start, dose: "5 mg", times: [.morning]))
        #expect(events.map(\.updatedAt) == [2, 4])

        let taken = MedicineChange(name: "amlodipine", action: .taken, dose: "5 mg", times: [.morning])
        let dose = Event(profileID: "dad", at: ZonedInstant(utcSeconds: 1_795_997_000, offsetMinutes: 480), kind: .dose, text: taken.eventText, medicine: taken)
        try store.addEvent(dose)
        #expect(try store.events().last == dose.stored(now: 1_796_000_000_000))
        #expect(throws: RecordsError.self) {
            try store.addEvent(Event(profileID: "dad", at: dose.at, kind: .medication, text: taken.eventText, medicine: taken))
        }
        let raw = try Database(path: path, mode: .readWrite)
        #expect(throws: SQLiteError.self) { try raw.execute("UPDATE events SET kind = 'medication' WHERE kind = 'dose'") }
        #expect(throws: SQLiteError.self) { try raw.execute("UPDATE events SET medicine_action = 'taken' WHERE kind = 'medication'") }
        #expect(throws: SQLiteError.self) { try raw.execute("UPDATE events SET kind = 'dose' WHERE kind = 'monitor'") }
    }
}
