import CSQLite
import HealthCore

/// The schema's history: named steps applied in order, each in its own transaction.
///
/// A step is known by its identifier: the applied ones are recorded in `schema_migrations`,
/// and a step runs only when its identifier is not there, so none runs twice. `user_version`
/// holds their count, the tripwire by which a database from a newer HealthLog is recognised
/// and refused.
struct Migrations {
    struct Step {
        let identifier: String
        /// Runs the step inside its transaction; `now` is milliseconds since 1970.
        let apply: @Sendable (Database, Int64) throws -> Void

        init(identifier: String, sql: String) {
            self.identifier = identifier
            apply = { database, _ in try database.execute(sql) }
        }

        init(identifier: String, apply: @escaping @Sendable (Database, Int64) throws -> Void) {
            self.identifier = identifier
            self.apply = apply
        }
    }

    /// `PRAGMA application_id` of a HealthLog database: "HLOG".
    static let applicationID: Int64 = 0x484C_4F47

    static let steps: [Step] = [
        Step(identifier: "v1-profiles-readings-tags") { database, now in
            try database.execute(Migrations.firstSchema)
            try insertBuiltIns(["bp-med", "diet", "exercise", "good-sleep", "black-coffee"], into: database, now: now)
        },
        // The monitor's own findings (Omron's irregular heartbeat, possible AFib, body movement)
        // become built-in tags; a default left behind by a removed profile goes.
        Step(identifier: "v2-device-finding-tags") { database, now in
            try insertBuiltIns(["irregular-heartbeat", "possible-afib", "body-movement"], into: database, now: now)
            try database.execute("DELETE FROM settings WHERE key = 'default_profile' AND value NOT IN (SELECT id FROM profiles)")
        },
        // Office readings, a target that may be left to the guideline, protocol deviations, and
        // events such as a new medication.
        Step(identifier: "v3-site-target-deviation-events", sql: """
            ALTER TABLE readings ADD COLUMN site TEXT NOT NULL DEFAULT 'home' CHECK (site IN ('home', 'office'));
            ALTER TABLE profiles ADD COLUMN target_set INTEGER NOT NULL DEFAULT 1 CHECK (target_set IN (0, 1));
            UPDATE profiles SET target_set = 0 WHERE target_systolic = 135 AND target_diastolic = 85;
            ALTER TABLE status_tags ADD COLUMN deviation INTEGER NOT NULL DEFAULT 0 CHECK (deviation IN (0, 1));
            UPDATE status_tags SET deviation = 1 WHERE id IN ('black-coffee', 'exercise');
            CREATE TABLE events (
                id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
                profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
                at INTEGER NOT NULL,
                utc_offset_min INTEGER NOT NULL CHECK (utc_offset_min BETWEEN -1080 AND 1080),
                kind TEXT NOT NULL CHECK (kind IN ('medication', 'lifestyle', 'other')),
                text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 500),
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL
            );
            CREATE INDEX events_by_profile_time ON events (profile_id, at);
            """),
        // Text limits in the schema, made from the same constants the model checks (a log from
        // an older HealthLog may hold longer text; it is kept, and only new text is held to
        // them); and a tag definition that is removed is remembered, so its deviation flag
        // still counts in every figure.
        Step(identifier: "v4-text-limits-removed-tags", sql: """
            \(Migrations.textLimits.map { Migrations.limitTriggers(table: $0.table, column: $0.column, limit: $0.limit) }.joined())
            ALTER TABLE status_tags ADD COLUMN removed_at INTEGER;
            """),
        // Family sync: every operation this log knows (its own and other machines'), the last
        // state of each journal file read, the lines refused and the concurrent edits seen, and
        // this machine's own sync settings. None of it is ever replaced by a restore.
        Step(identifier: "v5-sync-operations", sql: """
            CREATE TABLE sync_operations (
                id TEXT PRIMARY KEY NOT NULL,
                entity TEXT NOT NULL CHECK (entity IN ('profile', 'tag', 'event', 'reading')),
                entity_id TEXT NOT NULL,
                profile_id TEXT,
                clock INTEGER NOT NULL,
                device TEXT NOT NULL,
                deleted INTEGER NOT NULL CHECK (deleted IN (0, 1)),
                line TEXT NOT NULL
            );
            CREATE INDEX sync_operations_by_entity ON sync_operations (entity, entity_id, clock, device);
            CREATE INDEX sync_operations_by_profile ON sync_operations (profile_id) WHERE profile_id IS NOT NULL;
            CREATE INDEX sync_operations_by_device ON sync_operations (device, clock);
            CREATE TABLE sync_files (
                path TEXT PRIMARY KEY NOT NULL,
                size INTEGER NOT NULL,
                modified INTEGER NOT NULL,
                prefix_hash TEXT NOT NULL,
                read_to INTEGER NOT NULL,
                lines INTEGER NOT NULL
            );
            CREATE TABLE sync_refusals (
                path TEXT NOT NULL,
                line INTEGER NOT NULL,
                reason TEXT NOT NULL,
                PRIMARY KEY (path, line)
            );
            CREATE TABLE sync_conflicts (
                entity TEXT NOT NULL,
                entity_id TEXT NOT NULL,
                winner_device TEXT NOT NULL,
                winner_clock INTEGER NOT NULL,
                loser_device TEXT NOT NULL,
                loser_clock INTEGER NOT NULL,
                PRIMARY KEY (entity, entity_id, loser_device, loser_clock)
            );
            CREATE TABLE sync_settings (
                key TEXT PRIMARY KEY NOT NULL,
                value TEXT NOT NULL
            );
            """),
        // The ids of deleted readings and events, so that importing an older backup does not
        // bring back what was deleted since without saying so.
        Step(identifier: "v6-deleted-records", sql: """
            CREATE TABLE deleted_records (
                entity TEXT NOT NULL CHECK (entity IN ('reading', 'event')),
                id TEXT NOT NULL,
                deleted_at INTEGER NOT NULL,
                PRIMARY KEY (entity, id)
            );
            """),
        // Family sync, journal format 2. A change of this device is stored in the log first and
        // reaches its journal whole, with a commit line, once the log has committed it; until
        // its commit line is confirmed there it waits in sync_unpublished. Operations stamped
        // far ahead of this machine's clock (or putting a reading dated in its future) wait in
        // sync_held for their time; operations their own device stamped again after its clock
        // was set right are withdrawn. A journal file's refused lines are counted, and only the
        // first few are named.
        Step(identifier: "v7-sync-transactions", sql: """
            CREATE TABLE sync_unpublished (
                tx TEXT PRIMARY KEY NOT NULL,
                device TEXT NOT NULL,
                first_clock INTEGER NOT NULL,
                last_clock INTEGER NOT NULL,
                operations INTEGER NOT NULL,
                again INTEGER NOT NULL DEFAULT 0
            );
            CREATE TABLE sync_held (
                device TEXT NOT NULL,
                id TEXT NOT NULL,
                clock INTEGER NOT NULL,
                due INTEGER NOT NULL,
                ahead INTEGER NOT NULL,
                line TEXT NOT NULL,
                PRIMARY KEY (device, id)
            );
            CREATE INDEX sync_held_by_due ON sync_held (due);
            CREATE TABLE sync_withdrawn (
                device TEXT NOT NULL,
                id TEXT NOT NULL,
                PRIMARY KEY (device, id)
            );
            ALTER TABLE sync_files ADD COLUMN refused INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE sync_operations ADD COLUMN tx TEXT;
            CREATE INDEX sync_operations_by_transaction ON sync_operations (device, tx) WHERE tx IS NOT NULL;
            """),
        // The devices paired with the family's page (`healthlog serve`), what each may do for
        // which profile, and the page's own settings: this machine's, never journaled nor
        // replaced by a restore. Tokens and pairing codes are kept only as SHA-256 hashes. A
        // grant names its profile loosely: a profile that is gone grants nothing.
        Step(identifier: "v8-web-devices", sql: """
            CREATE TABLE web_devices (
                id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
                name TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 60),
                token_hash TEXT UNIQUE CHECK (token_hash IS NULL OR length(token_hash) = 64),
                pairing_code_hash TEXT UNIQUE CHECK (pairing_code_hash IS NULL OR length(pairing_code_hash) = 64),
                pairing_expires_at INTEGER,
                created_at INTEGER NOT NULL,
                paired_at INTEGER,
                last_seen_at INTEGER,
                CHECK ((paired_at IS NULL) = (token_hash IS NULL)),
                CHECK (paired_at IS NOT NULL OR (pairing_code_hash IS NOT NULL AND pairing_expires_at IS NOT NULL))
            );
            CREATE TABLE web_device_grants (
                device_id TEXT NOT NULL REFERENCES web_devices(id) ON DELETE CASCADE,
                profile_id TEXT NOT NULL,
                capability TEXT NOT NULL CHECK (capability IN ('view', 'add', 'manage')),
                PRIMARY KEY (device_id, profile_id)
            );
            CREATE TABLE web_settings (
                key TEXT PRIMARY KEY NOT NULL,
                value TEXT NOT NULL
            );
            """),
        // The care record: a medication event may carry the medicine it starts, changes or stops
        // (an older event keeps its text only), a monitor change is an event of its own kind, and
        // the profile holds the conditions that change what the guideline says. The kind's CHECK
        // is part of the table, so the events table is rebuilt, row for row.
        Step(identifier: "v9-care-record", sql: """
            CREATE TABLE events_v9 (
                id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
                profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
                at INTEGER NOT NULL,
                utc_offset_min INTEGER NOT NULL CHECK (utc_offset_min BETWEEN -1080 AND 1080),
                kind TEXT NOT NULL CHECK (kind IN ('medication', 'lifestyle', 'monitor', 'other')),
                text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 500),
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                medicine TEXT CHECK (medicine IS NULL OR length(medicine) BETWEEN 1 AND \(ValueLimits.medicineName.maximum)),
                medicine_action TEXT CHECK (medicine_action IS NULL OR medicine_action IN ('start', 'change', 'stop')),
                dose TEXT CHECK (dose IS NULL OR length(dose) BETWEEN 1 AND \(ValueLimits.medicineDose.maximum)),
                dose_times TEXT NOT NULL DEFAULT '' CHECK (dose_times NOT GLOB '*[^a-z,]*'),
                reason TEXT CHECK (reason IS NULL OR length(reason) BETWEEN 1 AND \(ValueLimits.medicineReason.maximum)),
                CHECK ((medicine IS NULL) = (medicine_action IS NULL)),
                CHECK (medicine IS NULL OR kind = 'medication')
            );
            INSERT INTO events_v9 (id, profile_id, at, utc_offset_min, kind, text, created_at, updated_at)
                SELECT id, profile_id, at, utc_offset_min, kind, text, created_at, updated_at FROM events;
            DROP TABLE events;
            ALTER TABLE events_v9 RENAME TO events;
            CREATE INDEX events_by_profile_time ON events (profile_id, at);
            ALTER TABLE profiles ADD COLUMN conditions TEXT NOT NULL DEFAULT ''
                CHECK (conditions = '' OR (conditions GLOB ';*;' AND conditions NOT GLOB '*[^a-z;-]*'));
            ALTER TABLE profiles ADD COLUMN pregnancy_due TEXT CHECK (pregnancy_due IS NULL OR pregnancy_due GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]');
            ALTER TABLE profiles ADD COLUMN frail INTEGER NOT NULL DEFAULT 0 CHECK (frail IN (0, 1));
            ALTER TABLE profiles ADD COLUMN sleep_from_min INTEGER CHECK (sleep_from_min IS NULL OR sleep_from_min BETWEEN 0 AND 1439);
            ALTER TABLE profiles ADD COLUMN sleep_to_min INTEGER CHECK (sleep_to_min IS NULL OR sleep_to_min BETWEEN 0 AND 1439);
            """),
        // `healthlog undo`: each of the last changes, with every row it touched as it was before
        // and as the change left it (JSON objects of the row's columns; NULL: no such row).
        Step(identifier: "v10-undo", sql: """
            CREATE TABLE undo_steps (
                step INTEGER PRIMARY KEY,
                made_at INTEGER NOT NULL
            );
            CREATE TABLE undo_records (
                step INTEGER NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('profile', 'tag', 'event', 'reading', 'default')),
                id TEXT NOT NULL,
                before TEXT,
                after TEXT,
                UNIQUE (step, kind, id)
            );
            """),
        // Doses taken (`took`, `add --took`): an event of kind dose carries the medicine taken,
        // with the action `taken`, and only it does. The CHECKs are part of the table, so the
        // events table is rebuilt, row for row, as in v9.
        Step(identifier: "v11-doses", sql: """
            CREATE TABLE events_v11 (
                id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
                profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
                at INTEGER NOT NULL,
                utc_offset_min INTEGER NOT NULL CHECK (utc_offset_min BETWEEN -1080 AND 1080),
                kind TEXT NOT NULL CHECK (kind IN ('medication', 'lifestyle', 'monitor', 'dose', 'other')),
                text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 500),
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                medicine TEXT CHECK (medicine IS NULL OR length(medicine) BETWEEN 1 AND \(ValueLimits.medicineName.maximum)),
                medicine_action TEXT CHECK (medicine_action IS NULL OR medicine_action IN ('start', 'change', 'stop', 'taken')),
                dose TEXT CHECK (dose IS NULL OR length(dose) BETWEEN 1 AND \(ValueLimits.medicineDose.maximum)),
                dose_times TEXT NOT NULL DEFAULT '' CHECK (dose_times NOT GLOB '*[^a-z,]*'),
                reason TEXT CHECK (reason IS NULL OR length(reason) BETWEEN 1 AND \(ValueLimits.medicineReason.maximum)),
                CHECK ((medicine IS NULL) = (medicine_action IS NULL)),
                CHECK (medicine IS NULL OR kind IN ('medication', 'dose')),
                CHECK ((kind = 'dose') = (medicine_action IS 'taken'))
            );
            INSERT INTO events_v11 (id, profile_id, at, utc_offset_min, kind, text, created_at, updated_at, medicine, medicine_action, dose, dose_times, reason)
                SELECT id, profile_id, at, utc_offset_min, kind, text, created_at, updated_at, medicine, medicine_action, dose, dose_times, reason FROM events;
            DROP TABLE events;
            ALTER TABLE events_v11 RENAME TO events;
            CREATE INDEX events_by_profile_time ON events (profile_id, at);
            """),
        // `undo` keeps of a row a change added only a digest of its columns, not its whole
        // image in `after` (an import kept a copy of every reading). Steps kept before keep
        // their images and are undone by them.
        Step(identifier: "v12-undo-added-digest", sql: """
            ALTER TABLE undo_records ADD COLUMN after_digest INTEGER;
            """),
    ]

    /// The text limits the schema holds as triggers (step v4), the only triggers a log has:
    /// ``SchemaObjects/expectedCode`` is made from them.
    static let textLimits: [(table: String, column: String, limit: TextLimit)] = [
        ("readings", "note", ValueLimits.note),
        ("status_tags", "label_en", ValueLimits.tagLabel),
        ("status_tags", "label_zh", ValueLimits.tagLabelChinese),
    ]

    /// Triggers that refuse new text in `table.column` longer than `limit`, in code points
    /// (SQLite's `length()`) or bytes (`length()` stops at a NUL character). Text already
    /// stored is left alone, and so is an update that keeps it.
    static func limitTriggers(table: String, column: String, limit: TextLimit) -> String {
        limitTriggerStatements(table: table, column: column, limit: limit).map { $0.sql + ";\n" }.joined()
    }

    /// ``limitTriggers(table:column:limit:)``'s statements with their triggers' names, each as
    /// SQLite keeps it in `sqlite_master` (without the semicolon).
    static func limitTriggerStatements(table: String, column: String, limit: TextLimit) -> [(name: String, sql: String)] {
        let tooLong = "length(NEW.\(column)) > \(limit.maximum) OR length(CAST(NEW.\(column) AS BLOB)) > \(limit.maximumBytes)"
        let refusal = "SELECT RAISE(ABORT, '\(limit.name) is longer than \(limit.maximum) characters (Unicode code points)')"
        let onInsert = "\(table)_\(column)_limit_on_insert", onUpdate = "\(table)_\(column)_limit_on_update"
        return [
            (onInsert, "CREATE TRIGGER \(onInsert) BEFORE INSERT ON \(table) WHEN \(tooLong) BEGIN \(refusal); END"),
            (onUpdate, """
                CREATE TRIGGER \(onUpdate) BEFORE UPDATE OF \(column) ON \(table)
                    WHEN (\(tooLong)) AND NEW.\(column) IS NOT OLD.\(column) BEGIN \(refusal); END
                """),
        ]
    }

    /// The first schema, as the first HealthLog wrote it.
    static let firstSchema = """
            CREATE TABLE schema_migrations (
                identifier TEXT PRIMARY KEY NOT NULL,
                applied_at INTEGER NOT NULL
            );
            CREATE TABLE profiles (
                id TEXT PRIMARY KEY NOT NULL
                    CHECK (length(id) BETWEEN 1 AND 32 AND id NOT GLOB '*[^a-z0-9-]*' AND id NOT GLOB '-*'),
                name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
                birth_year INTEGER CHECK (birth_year IS NULL OR birth_year BETWEEN 1900 AND 2100),
                sex TEXT CHECK (sex IS NULL OR sex IN ('female', 'male', 'other')),
                target_systolic INTEGER NOT NULL DEFAULT 135 CHECK (target_systolic BETWEEN 50 AND 300),
                target_diastolic INTEGER NOT NULL DEFAULT 85 CHECK (target_diastolic BETWEEN 20 AND 200),
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                CHECK (target_systolic > target_diastolic)
            );
            CREATE TABLE readings (
                seq INTEGER PRIMARY KEY,
                id TEXT NOT NULL UNIQUE CHECK (length(id) = 36),
                profile_id TEXT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
                taken_at INTEGER NOT NULL,
                utc_offset_min INTEGER NOT NULL CHECK (utc_offset_min BETWEEN -1080 AND 1080),
                systolic INTEGER CHECK (systolic IS NULL OR systolic BETWEEN 50 AND 300),
                diastolic INTEGER CHECK (diastolic IS NULL OR diastolic BETWEEN 20 AND 200),
                pulse INTEGER CHECK (pulse IS NULL OR pulse BETWEEN 20 AND 250),
                weight_g INTEGER CHECK (weight_g IS NULL OR weight_g BETWEEN 1000 AND 500000),
                note TEXT NOT NULL DEFAULT '',
                -- Tag IDs as plain text, ';bp-med;exercise;' (or ''), with no reference to
                -- status_tags, on purpose: removing or renaming a definition must never alter history.
                tags TEXT NOT NULL DEFAULT '' CHECK (tags = '' OR (tags GLOB ';*;' AND tags NOT GLOB '*[^a-z0-9;-]*')),
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                CHECK ((systolic IS NULL) = (diastolic IS NULL)),
                CHECK (systolic IS NULL OR systolic > diastolic),
                CHECK (systolic IS NOT NULL OR pulse IS NOT NULL OR weight_g IS NOT NULL)
            );
            CREATE INDEX readings_by_profile_time ON readings (profile_id, taken_at);
            CREATE TABLE status_tags (
                id TEXT PRIMARY KEY NOT NULL,
                label_en TEXT NOT NULL,
                label_zh TEXT,
                color TEXT NOT NULL CHECK (color GLOB '#[0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f]'),
                symbol TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL
            );
            CREATE TABLE settings (
                key TEXT PRIMARY KEY NOT NULL,
                value TEXT NOT NULL
            );
            """

    /// Inserts the built-in tags `ids` with the columns every schema version has.
    private static func insertBuiltIns(_ ids: [String], into database: Database, now: Int64) throws {
        for tag in StatusTag.builtIns where ids.contains(tag.id) {
            try database.cachedStatement(
                """
                INSERT OR IGNORE INTO status_tags (id, label_en, label_zh, color, symbol, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """
            ).run([
                .text(tag.id), .text(tag.label), tag.labelZh.map(SQLValue.text) ?? .null, .text(tag.color),
                .text(tag.symbol), .integer(now), .integer(now),
            ])
        }
    }

    /// Applies every step the database has not recorded, by identifier, each in its own
    /// IMMEDIATE transaction.
    static func apply(to database: Database, now: Int64) throws {
        for (index, step) in steps.enumerated() {
            try database.write {
                // Re-read inside the lock: another process may have migrated meanwhile.
                guard try !applied(database).contains(step.identifier) else { return }
                try step.apply(database, now)
                try database.cachedStatement("INSERT INTO schema_migrations (identifier, applied_at) VALUES (?, ?)")
                    .run([.text(step.identifier), .integer(now)])
                if index == 0 { try database.execute("PRAGMA application_id = \(applicationID)") }
                let count = try Statement(database: database, sql: "SELECT count(*) FROM schema_migrations").scalarInt() ?? 0
                try database.execute("PRAGMA user_version = \(count)")
            }
        }
    }

    /// The identifiers of the steps the database records as applied (none for a new file).
    static func applied(_ database: Database) throws -> Set<String> {
        let exists = try Statement(database: database, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
            .scalarInt() ?? 0
        guard exists > 0 else { return [] }
        var identifiers = Set<String>()
        try Statement(database: database, sql: "SELECT identifier FROM schema_migrations").forEachRow { identifiers.insert($0.text(0) ?? "") }
        return identifiers
    }
}
