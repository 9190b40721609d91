public import HealthCore

/// `healthlog undo`: the log keeps, for each of the last changes made through the one write
/// path, every record it touched as it was before (and as the change left it), so the change
/// can be taken back, last first.
///
/// The images are taken by temporary triggers of the writing connection, active only while
/// ``capturesUndo`` is set: whatever store call writes a profile, a reading, an event, a tag
/// or the default profile, its first image in the transaction is kept, and nothing a merge of
/// the shared folder writes is. Undoing writes the images back through the store, so the
/// undo is itself a change the observers (a shared log's journal) hear.
///
/// A row the change added keeps no image of itself as the change left it (an import would
/// keep a copy of every reading), only a digest of its columns (`after_digest`, by
/// ``Database/rowDigestFunction``), by which undo sees whether it was changed since; the row
/// itself is read from the log to show it. Steps kept before that (`after` holding the added
/// row's image) are read and undone as they were.
extension RecordStore {
    /// How many changes are kept to undo.
    static let undoDepth = 20

    /// The tables whose rows a change is undone by, with their record kind (nil: the default
    /// profile, a row of `settings`) and key column.
    private static let undoTables: [(table: String, kind: RecordKind?, key: String)] = [
        ("profiles", .profile, "id"), ("status_tags", .tag, "id"), ("events", .event, "id"), ("readings", .reading, "id"),
        ("settings", nil, "key"),
    ]

    /// The kind name `undo_records.kind` uses for a table.
    private static func undoKind(_ kind: RecordKind?) -> String { kind?.rawValue ?? "default" }

    /// The columns of `table` an image holds: all but a reading's `seq`, which a restored
    /// reading takes anew.
    private func imageColumns(_ table: String) throws -> [String] {
        if let names = undoImageColumns[table] { return names }
        var names: [String] = []
        try database.cachedStatement("SELECT name FROM pragma_table_info(?) ORDER BY cid").forEachRow([.text(table)]) {
            if let name = $0.text(0), name != "seq" { names.append(name) }
        }
        undoImageColumns[table] = names
        return names
    }

    /// `json_object('a', PREFIX.a, …)` of `table`'s image columns.
    private func imageExpression(_ table: String, prefix: String) throws -> String {
        "json_object(" + (try imageColumns(table)).map { "'\($0)', \(prefix)\($0)" }.joined(separator: ", ") + ")"
    }

    /// `healthlog_row_digest(a, …)` of `table`'s image columns but `updated_at`: an undo of a
    /// later change makes a row as it was, with a newer time.
    private func digestExpression(_ table: String) throws -> String {
        let columns = try imageColumns(table).filter { $0 != "updated_at" }
        return "\(Database.rowDigestFunction)(" + columns.joined(separator: ", ") + ")"
    }

    /// Makes the digest function callable on this connection, once.
    private func registerUndoDigest() throws {
        guard !undoDigestRegistered else { return }
        try database.registerRowDigest()
        undoDigestRegistered = true
    }

    /// Makes this connection's triggers, once: each keeps the first image of a row a change
    /// touches (an upsert fires the insert trigger, then the update one: the first wins),
    /// while `temp.undo_current` names the change.
    private func installUndoTriggers() throws {
        guard !undoTriggersInstalled else { return }
        try registerUndoDigest()
        try database.execute("CREATE TEMP TABLE IF NOT EXISTS undo_current (step INTEGER NOT NULL)")
        for (table, kind, key) in Self.undoTables {
            let onlyDefault = table == "settings" ? " AND %.key = 'default_profile'" : ""
            let keep = { (row: String, image: String) in
                """
                INSERT INTO undo_records (step, kind, id, before)
                SELECT step, '\(Self.undoKind(kind))', \(row).\(key), \(image) FROM temp.undo_current AS current
                WHERE NOT EXISTS (
                    SELECT 1 FROM undo_records AS kept
                    WHERE kept.step = current.step AND kept.kind = '\(Self.undoKind(kind))' AND kept.id = \(row).\(key));
                """
            }
            let current = "(SELECT \(try imageExpression(table, prefix: "")) FROM main.\(table) WHERE \(key) = NEW.\(key))"
            let old = try imageExpression(table, prefix: "OLD.")
            let active = "EXISTS (SELECT 1 FROM temp.undo_current)"
            try database.execute(
                """
                CREATE TEMP TRIGGER IF NOT EXISTS undo_\(table)_insert BEFORE INSERT ON main.\(table)
                    WHEN \(active)\(onlyDefault.replacingPercent("NEW")) BEGIN \(keep("NEW", current)) END;
                CREATE TEMP TRIGGER IF NOT EXISTS undo_\(table)_update BEFORE UPDATE ON main.\(table)
                    WHEN \(active)\(onlyDefault.replacingPercent("OLD")) BEGIN \(keep("OLD", old)) END;
                CREATE TEMP TRIGGER IF NOT EXISTS undo_\(table)_delete BEFORE DELETE ON main.\(table)
                    WHEN \(active)\(onlyDefault.replacingPercent("OLD")) BEGIN \(keep("OLD", old)) END;
                """)
        }
        undoTriggersInstalled = true
    }

    /// Starts keeping images for a change, inside its outermost write transaction.
    func beginUndoStep() throws {
        try installUndoTriggers()
        try database.cachedStatement("INSERT INTO undo_steps (made_at) VALUES (?)").run([.integer(clock())])
        try database.cachedStatement("INSERT INTO temp.undo_current (step) VALUES (last_insert_rowid())").run()
    }

    /// Ends the change begun by ``beginUndoStep()``, before it commits: each touched row's image
    /// as the change leaves it is kept beside its first one (for a row it added, the digest of
    /// its columns), rows left as they were are forgotten, a change that touched nothing leaves
    /// no step, and only the last ``undoDepth`` steps are kept.
    func finishUndoStep() throws {
        guard let step = try database.cachedStatement("SELECT step FROM temp.undo_current").scalarInt() else { return }
        try database.cachedStatement("DELETE FROM temp.undo_current").run()
        var touchedKinds: Set<String> = []
        try database.cachedStatement("SELECT DISTINCT kind FROM undo_records WHERE step = ?").forEachRow([.integer(step)]) { touchedKinds.insert($0.text(0) ?? "") }
        for (table, kind, key) in Self.undoTables where touchedKinds.contains(Self.undoKind(kind)) {
            try database.cachedStatement(
                """
                UPDATE undo_records SET after = (SELECT \(try imageExpression(table, prefix: "")) FROM \(table) WHERE \(key) = undo_records.id)
                WHERE step = ? AND kind = ? AND before IS NOT NULL
                """
            ).run([.integer(step), .text(Self.undoKind(kind))])
            try database.cachedStatement(
                """
                UPDATE undo_records SET after_digest = (SELECT \(try digestExpression(table)) FROM \(table) WHERE \(key) = undo_records.id)
                WHERE step = ? AND kind = ? AND before IS NULL
                """
            ).run([.integer(step), .text(Self.undoKind(kind))])
        }
        // Left as it was: an added row gone again, or a row whose image is its first one.
        try database.cachedStatement(
            """
            DELETE FROM undo_records WHERE step = ?
                AND CASE WHEN before IS NULL THEN after_digest IS NULL
                    ELSE json_remove(before, '$.updated_at') IS json_remove(after, '$.updated_at') END
            """
        ).run([.integer(step)])
        if try database.cachedStatement("SELECT count(*) FROM undo_records WHERE step = ?").scalarInt([.integer(step)]) == 0 {
            try database.cachedStatement("DELETE FROM undo_steps WHERE step = ?").run([.integer(step)])
        }
        try database.cachedStatement("DELETE FROM undo_records WHERE step <= ?").run([.integer(step - Int64(Self.undoDepth))])
        try database.cachedStatement("DELETE FROM undo_steps WHERE step <= ?").run([.integer(step - Int64(Self.undoDepth))])
    }

    // MARK: - Reading the steps

    /// The changes that can be undone, the last first: at most ``undoDepth``.
    public func undoSteps() throws(RecordsError) -> [UndoStep] {
        try mapErrors {
            var steps: [(Int64, Int64)] = []
            try database.cachedStatement("SELECT step, made_at FROM undo_steps ORDER BY step DESC").forEachRow {
                steps.append(($0.int(0), $0.int(1)))
            }
            return try steps.map { step, madeAt in UndoStep(number: step, madeAt: madeAt, touched: try touched(step: step)) }
        }
    }

    /// The rows step `step` touched, in the order it first touched them. A row it added and
    /// kept only the digest of is shown as the log holds it now (as a deletion when it is gone).
    private func touched(step: Int64) throws -> [UndoStep.Touched] {
        var rows: [(kind: String, id: String, before: String?, after: String?, digested: Bool)] = []
        try database.cachedStatement("SELECT kind, id, before, after, after_digest IS NOT NULL FROM undo_records WHERE step = ? ORDER BY rowid")
            .forEachRow([.integer(step)]) { rows.append(($0.text(0) ?? "", $0.text(1) ?? "", $0.text(2), $0.text(3), $0.int(4) != 0)) }
        var live: [String: [String: LogChange]] = [:]
        for kind in Set(rows.filter(\.digested).map(\.kind)) {
            let ids = rows.filter { $0.digested && $0.kind == kind }.map(\.id)
            live[kind] = try liveRecords(kind: kind, ids: ids)
        }
        return try rows.map { row in
            let after = row.digested ? try live[row.kind]?[row.id] ?? change(fromImage: nil, kind: row.kind, id: row.id) : try change(fromImage: row.after, kind: row.kind, id: row.id)
            return UndoStep.Touched(before: try change(fromImage: row.before, kind: row.kind, id: row.id), after: after)
        }
    }

    /// The records of undo kind `kind` with these ids as the log holds them now, by id, as puts.
    private func liveRecords(kind: String, ids: [String]) throws -> [String: LogChange] {
        guard let recordKind = RecordKind(rawValue: kind) else {
            var found: [String: LogChange] = [:]
            for id in ids {
                if let value = try database.cachedStatement("SELECT value FROM settings WHERE key = ?").scalarText([.text(id)]) { found[id] = .defaultProfileSet(value) }
            }
            return found
        }
        var found: [String: LogChange] = [:]
        for change in try records(recordKind, ids: ids) { found[change.record?.id ?? ""] = change }
        return found
    }

    /// The record an image shows, as a put; for an absent record, its deletion (nil for a
    /// default profile that was not set).
    private func change(fromImage image: String?, kind: String, id: String) throws -> LogChange? {
        guard let image else {
            switch RecordKind(rawValue: kind) {
            case .profile: return .profileDeleted(id: id)
            case .reading: return .readingDeleted(id: id, profileID: "")
            case .event: return .eventDeleted(id: id, profileID: "")
            case .tag, nil: return kind == "default" ? .defaultProfileSet(nil) : nil
            }
        }
        func decoded<T>(_ names: [String], _ decode: (Row) -> T) throws -> T? {
            let fields = names.map { "json_extract(?1, '$.\($0)')" }.joined(separator: ", ")
            var value: T?
            try database.cachedStatement("SELECT \(fields)").forEachRow([.text(image)]) { value = decode($0) }
            return value
        }
        switch RecordKind(rawValue: kind) {
        case .reading: return try decoded(ReadingColumn.selected.columns.map(\.name), { RecordStore.reading(from: $0) }).map(LogChange.readingPut)
        case .event: return try decoded(EventColumn.all.columns.map(\.name), { RecordStore.event(from: $0) }).map(LogChange.eventPut)
        case .profile: return try decoded(ProfileColumn.all.columns.map(\.name), { RecordStore.profile(from: $0) }).map(LogChange.profilePut)
        case .tag: return try decoded(TagColumn.all.columns.map(\.name), { RecordStore.tag(from: $0) }).map(LogChange.tagPut)
        case nil:
            return .defaultProfileSet(try database.cachedStatement("SELECT json_extract(?, '$.value')").scalarText([.text(image)]))
        }
    }

    // MARK: - Undoing

    /// Takes back the last change: every row it touched is made as it was before, last touched
    /// first, through the store (a shared log's journal hears each as a change of its own),
    /// and the step is forgotten. Returns the step, or nil when there is nothing to undo.
    ///
    /// A row changed since by something else (a merge of the shared folder, a change made
    /// before undo kept images) is not overwritten: the whole undo is refused, naming it.
    @discardableResult
    public func undoLastStep() throws(RecordsError) -> UndoStep? {
        try write {
            guard let step = try undoSteps().first else { return nil }
            try registerUndoDigest()
            var rows: [(kind: String, id: String, before: String?, after: String?, digest: Int64?)] = []
            try database.cachedStatement("SELECT kind, id, before, after, after_digest FROM undo_records WHERE step = ? ORDER BY rowid DESC")
                .forEachRow([.integer(step.number)]) { rows.append(($0.text(0) ?? "", $0.text(1) ?? "", $0.text(2), $0.text(3), $0.optionalInt(4).map { Int64($0) })) }
            for row in rows {
                let (table, key) = try Self.table(ofUndoKind: row.kind)
                // Compared without the time of the last change: an undo of a later change made
                // the record as it was, with a newer time.
                let unchanged = if let digest = row.digest {
                    try database.cachedStatement("SELECT (SELECT \(try digestExpression(table)) FROM \(table) WHERE \(key) = ?1) IS ?2")
                        .scalarInt([.text(row.id), .integer(digest)])
                } else {
                    try database.cachedStatement(
                        """
                        SELECT json_remove((SELECT \(try imageExpression(table, prefix: "")) FROM \(table) WHERE \(key) = ?1), '$.updated_at')
                            IS json_remove(?2, '$.updated_at')
                        """
                    ).scalarInt([.text(row.id), row.after.map(SQLValue.text) ?? .null])
                }
                guard unchanged == 1 else {
                    throw RecordsError.conflict(
                        Phrase("cannot undo: '{id}' was changed again since (on another machine, or by a later change); change it back by hand", ["id": "\(row.id.prefix(8))"]))
                }
            }
            for row in rows { try restore(kind: row.kind, id: row.id, image: row.before, after: row.after) }
            try database.cachedStatement("DELETE FROM undo_records WHERE step = ?").run([.integer(step.number)])
            try database.cachedStatement("DELETE FROM undo_steps WHERE step = ?").run([.integer(step.number)])
            return step
        }
    }

    private static func table(ofUndoKind kind: String) throws -> (table: String, key: String) {
        guard let entry = undoTables.first(where: { undoKind($0.kind) == kind }) else {
            throw RecordsError.invalid(Phrase("the undo record of kind '{kind}' is unknown", ["kind": kind]))
        }
        return (entry.table, entry.key)
    }

    /// Makes row `id` as `image` shows it (absent when nil), telling the observers.
    private func restore(kind: String, id: String, image: String?, after: String?) throws {
        let (table, key) = try Self.table(ofUndoKind: kind)
        let recordKind = RecordKind(rawValue: kind)
        guard let image else {
            switch recordKind {
            case .tag:
                // A tag definition is never deleted (readings may carry its id): it is removed.
                try database.cachedStatement("UPDATE status_tags SET removed_at = ?, updated_at = max(?, updated_at + 1) WHERE id = ?")
                    .run([.integer(clock()), .integer(clock()), .text(id)])
                if let put = try record(.tag, id: id) { record(put) }
            case .profile:
                let left = try database.cachedStatement("SELECT (SELECT count(*) FROM readings WHERE profile_id = ?1) + (SELECT count(*) FROM events WHERE profile_id = ?1)")
                    .scalarInt([.text(id)]) ?? 0
                guard left == 0 else {
                    throw RecordsError.conflict(Phrase("cannot undo: profile '{id}' has readings added since; delete them first", ["id": "\(id)"]))
                }
                try database.cachedStatement("DELETE FROM profiles WHERE id = ?").run([.text(id)])
                record(.profileDeleted(id: id))
            case .reading, .event:
                let profileID = try database.cachedStatement("SELECT profile_id FROM \(table) WHERE id = ?").scalarText([.text(id)]) ?? ""
                try database.cachedStatement("DELETE FROM \(table) WHERE id = ?").run([.text(id)])
                try rememberDeletion(recordKind!, id: id)
                record(recordKind == .reading ? .readingDeleted(id: id, profileID: profileID) : .eventDeleted(id: id, profileID: profileID))
            case nil:
                try database.cachedStatement("DELETE FROM settings WHERE key = ?").run([.text(id)])
                record(.defaultProfileSet(nil))
            }
            return
        }
        let columns = try imageColumns(table)
        let values = columns.map { "json_extract(?1, '$.\($0)')" }.joined(separator: ", ")
        let assignments = columns.filter { $0 != key }.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        try database.cachedStatement(
            "INSERT INTO \(table) (\(columns.joined(separator: ", "))) SELECT \(values) WHERE 1 ON CONFLICT (\(key)) DO UPDATE SET \(assignments)"
        ).run([.text(image)])
        guard let recordKind else {
            let value = try database.cachedStatement("SELECT value FROM settings WHERE key = ?").scalarText([.text(id)])
            record(.defaultProfileSet(value))
            return
        }
        // Newer than the version it replaces, so a shared log's other machines take it.
        if let replaced = after, columns.contains("updated_at") {
            try database.cachedStatement("UPDATE \(table) SET updated_at = max(?, json_extract(?, '$.updated_at') + 1) WHERE id = ?")
                .run([.integer(clock()), .text(replaced), .text(id)])
        } else if columns.contains("updated_at") {
            try database.cachedStatement("UPDATE \(table) SET updated_at = max(updated_at, ?) WHERE id = ?").run([.integer(clock()), .text(id)])
        }
        if recordKind == .reading || recordKind == .event { try forgetDeletion(recordKind, id: id) }
        if let put = try record(recordKind, id: id) { record(put) }
    }
}

extension String {
    /// The text with each `%` replaced by `word`.
    fileprivate func replacingPercent(_ word: String) -> String {
        split(separator: "%", omittingEmptySubsequences: false).joined(separator: word)
    }

}
