import CSQLite
import HealthCore
import HealthRecords
import Testing

/// `healthlog undo` (issue 37): a newcomer's mistake taken back, shown first, in either language.
@Suite struct UndoCommandTests {
    @Test func aWrongReadingIsShownThenTakenBack() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad", "--name", "爸爸")
        cli.ok("add", "183/86", "72", "--at", "07:30")
        let id = try #require(try cli.readings().first?.id)
        // Not at a terminal, it shows what it would undo and asks for --yes, as delete does.
        let asked = cli.run("undo")
        #expect(asked.status == 64)
        #expect(asked.stderr.hasPrefix("""
            The last change, made Mon 2026-11-30 08:00:
              Remove \(id.prefix(8)) · dad · Mon 2026-11-30 07:30 morning · 183/86 mmHg · pulse 72
            Error: not at a terminal to ask "Undo this change?"
            """))
        #expect(try cli.readings().count == 1)
        var question = ""
        let undone = cli.run("undo", confirm: { question = $0; return true })
        #expect(undone.status == 0, "\(undone.stderr)")
        #expect(question == "Undo this change? [y/N] ")
        #expect(undone.stdout == "Removed \(id.prefix(8)) · dad · Mon 2026-11-30 07:30 morning · 183/86 mmHg · pulse 72\n")
        #expect(try cli.readings().isEmpty)
        // The profile made before stays; undoing again takes it back too.
        #expect(cli.ok("undo", "--yes") == "Removed profile dad\n")
        #expect(cli.ok("undo", "--yes") == "Nothing to undo (HealthLog keeps the last 20 changes made on this machine).\n")
    }

    /// New-user probe: undoing a profile edit said only "Put back profile dad"; it says what
    /// it puts back.
    @Test func undoingAProfileEditSaysWhatItPutsBack() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad", "--name", "老爸", "--birth-year", "1954")
        cli.ok("profile", "edit", "dad", "--name", "Old Wang")
        #expect(cli.ok("undo", "--yes") == "Put back profile dad: name Old Wang → 老爸\n")
        cli.ok("profile", "edit", "dad", "--target", "130/80")
        #expect(cli.ok("undo", "--yes") == "Put back profile dad: its details as they were (birth year, sex, target, conditions)\n")
        cli.ok("profile", "edit", "dad", "--name", "王")
        cli.environment["LANG"] = "zh_CN.UTF-8"
        #expect(cli.ok("undo", "--yes").contains("名字 王 → 老爸"))
    }

    /// A medicine started by mistake is named when undone, as `med` printed it, not counted
    /// as "1 record more".
    @Test func aMedicineStartIsNamedWhenUndone() throws {
        let cli = CLIHarness()
        cli.ok("add", "138/86", "--at", "07:30")
        cli.ok("med", "start", "amlodipine", "--dose", "5 mg", "--at", "07:40")
        let undone = cli.ok("undo", "--yes")
        #expect(undone.hasPrefix("Removed ") && undone.contains(" · me · Mon 2026-11-30 07:40 · amlodipine"), "\(undone)")
        #expect(!undone.contains("more"), "\(undone)")
        #expect(cli.ok("med", "list").hasPrefix("No medicines recorded for me."))
    }

    @Test func aDeletionAndAnEditComeBackAsTheyWere() throws {
        let cli = CLIHarness()
        cli.ok("add", "138/86", "72", "-t", "bp-med", "-n", "头有点晕", "--at", "07:30")
        let original = try #require(try cli.readings().first)
        cli.ok("edit", String(original.id.prefix(8)), "128/80", "--clear", "note")
        cli.ok("delete", String(original.id.prefix(8)), "--yes")
        #expect(try cli.readings().isEmpty)
        #expect(cli.ok("undo", "-y").hasPrefix("Restored \(original.id.prefix(8)) · me · Mon 2026-11-30 07:30 morning · 128/80 mmHg"))
        #expect(cli.ok("undo", "-y").hasPrefix("Put back \(original.id.prefix(8)) · me · Mon 2026-11-30 07:30 morning · 138/86 mmHg"))
        let back = try #require(try cli.readings().first)
        #expect(back.id == original.id)
        #expect(back.note == "头有点晕")
        #expect(back.tagIDs == ["bp-med"])
        #expect(back.bloodPressure == original.bloodPressure && back.pulse == 72 && back.createdAt == original.createdAt)
    }

    @Test func anImportIsUndoneWhole() throws {
        let cli = CLIHarness()
        cli.ok("add", "138/86", "--at", "07:30")
        cli.ok("import", repositoryPath + "/Samples/family.csv", "--skip-invalid")
        #expect(try cli.readings().count > 400)
        let listed = cli.ok("undo", "--list")
        #expect(listed.hasPrefix("Mon 2026-11-30 08:00\n  Remove "))
        #expect(listed.contains("… and "))
        let undone = cli.ok("undo", "--yes")
        #expect(undone.contains("… and "))
        #expect(try cli.readings().count == 1)
    }

    @Test func aProfileRenameIsUndone() throws {
        let cli = CLIHarness()
        cli.ok("add", "138/86", "--at", "07:30")
        cli.ok("profile", "rename", "me", "dad", "--name", "爸爸")
        cli.ok("undo", "--yes")
        #expect(try cli.readings(profile: "me").count == 1)
        #expect(cli.ok("profile", "list").contains("me"))
        #expect(!cli.ok("profile", "list").contains("dad"))
    }

    @Test func aTagDefinedAgainAfterItsRemovalIsUndone() throws {
        let cli = CLIHarness()
        cli.ok("tag", "add", "salt", "--label", "salty meal")
        cli.ok("tag", "remove", "salt")
        // Defining it again is an upsert of the removed row: one image, the removed one.
        cli.ok("tag", "add", "salt", "--label", "salty food")
        cli.ok("undo", "--yes")
        #expect(!cli.ok("tag", "list").contains("salt"))
        cli.ok("undo", "--yes")
        #expect(cli.ok("tag", "list").contains("salty meal"))
    }

    @Test func chineseWords() throws {
        let cli = CLIHarness()
        cli.environment["LANG"] = "zh_CN.UTF-8"
        cli.ok("add", "138/86", "--at", "07:30")
        let id = try #require(try cli.readings().first?.id)
        cli.ok("delete", id, "--yes")
        let asked = cli.run("undo")
        #expect(asked.stderr.hasPrefix("最近一次更改（周一 2026-11-30 08:00）：\n  将恢复 \(id.prefix(8)) · me · "))
        #expect(cli.ok("undo", "--yes").hasPrefix("已恢复 \(id.prefix(8)) · me · "))
        cli.ok("undo", "--yes")
        cli.ok("undo", "--yes")
        #expect(cli.ok("undo", "--yes") == "没有可撤销的更改（HealthLog 保留本机最近 20 次更改）。\n")
    }

    @Test func aReadingChangedSinceOnAnotherMachineIsLeftAlone() throws {
        let cli = CLIHarness()
        cli.ok("add", "138/86", "--at", "07:30")
        var reading = try #require(try cli.readings().first)
        reading.pulse = 70
        reading.updatedAt += 1
        let store = try RecordStore.open(path: cli.databasePath)
        _ = try store.write { try store.applyMerged(.readingPut(reading), at: reading.updatedAt) }
        let refused = cli.run("undo", "--yes")
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("cannot undo: '\(reading.id.prefix(8))' was changed again since"))
        #expect(try cli.readings().first?.pulse == 70)
    }

    /// Issue 39: an import keeps, of each reading it added, its id and a digest of its columns,
    /// not a copy of the reading; a reading changed since (here by a merge of the shared folder)
    /// still stops the undo, and nothing is taken back. Put back as the import left it (with a
    /// newer time), it no longer does.
    @Test func anImportKeepsNoCopyOfItsReadingsAndLeavesOneChangedSinceAlone() throws {
        let cli = CLIHarness()
        cli.ok("import", repositoryPath + "/Samples/family.csv", "--skip-invalid")
        let imported = try cli.readings().count
        #expect(imported > 400)
        #expect(try sqlite(cli.databasePath, "SELECT count(*), count(after), count(after_digest) FROM undo_records WHERE kind = 'reading'") == "\(imported)|0|\(imported)")
        // The listing still shows what the import added, read from the log.
        #expect(cli.ok("undo", "--list").hasPrefix("Mon 2026-11-30 08:00\n  Remove "))
        let original = try #require(try cli.readings().last)
        var changed = original
        changed.pulse = original.pulse == 70 ? 71 : 70
        changed.updatedAt += 1
        let store = try RecordStore.open(path: cli.databasePath)
        _ = try store.write { try store.applyMerged(.readingPut(changed), at: changed.updatedAt) }
        let refused = cli.run("undo", "--yes")
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("cannot undo: '\(original.id.prefix(8))' was changed again since"), "\(refused.stderr)")
        #expect(try cli.readings().count == imported)
        var putBack = original
        putBack.updatedAt = changed.updatedAt + 1
        _ = try store.write { try store.applyMerged(.readingPut(putBack), at: putBack.updatedAt) }
        #expect(cli.run("undo", "--yes").status == 0)
        #expect(try cli.readings().isEmpty)
    }

    /// Issue 39: a step kept before the digest, with the image of each reading the import added
    /// in `after` (as an existing user's log holds it), is shown and undone as before, and still
    /// refuses a reading changed since.
    @Test func anImportKeptTheOldWayIsStillUndone() throws {
        let cli = CLIHarness()
        cli.ok("add", "138/86", "--at", "07:30")
        cli.ok("import", repositoryPath + "/Samples/family.csv", "--skip-invalid")
        let imported = try cli.readings().count - 1
        // The image as the step before the digest kept it: every column but seq, as JSON.
        let columns = try sqlite(cli.databasePath, "SELECT group_concat('''' || name || ''', ' || name, ', ') FROM pragma_table_info('readings') WHERE name <> 'seq'")
        _ = try sqlite(cli.databasePath, """
            UPDATE undo_records SET after = (SELECT json_object(\(columns)) FROM readings WHERE readings.id = undo_records.id), after_digest = NULL
            WHERE kind = 'reading' AND before IS NULL AND after_digest IS NOT NULL
            """)
        #expect(try sqlite(cli.databasePath, "SELECT count(after), count(after_digest) FROM undo_records WHERE kind = 'reading' AND step = (SELECT max(step) FROM undo_steps)") == "\(imported)|0")
        #expect(cli.ok("undo", "--list").hasPrefix("Mon 2026-11-30 08:00\n  Remove "))
        let original = try #require(try cli.readings(profile: "mom").first)
        var changed = original
        changed.pulse = original.pulse == 70 ? 71 : 70
        changed.updatedAt += 1
        let store = try RecordStore.open(path: cli.databasePath)
        _ = try store.write { try store.applyMerged(.readingPut(changed), at: changed.updatedAt) }
        #expect(cli.run("undo", "--yes").status != 0)
        var putBack = original
        putBack.updatedAt = changed.updatedAt + 1
        _ = try store.write { try store.applyMerged(.readingPut(putBack), at: putBack.updatedAt) }
        #expect(cli.ok("undo", "--yes").contains("… and "))
        #expect(try cli.readings().count == 1)
    }

    /// The rows of `sql` run on the log at `path`, columns joined by `|`, rows by newlines.
    private func sqlite(_ path: String, _ sql: String) throws -> String {
        var handle: OpaquePointer?
        try #require(sqlite3_open(path, &handle) == SQLITE_OK)
        defer { sqlite3_close(handle) }
        var statement: OpaquePointer?
        try #require(sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, "\(String(cString: sqlite3_errmsg(handle)))")
        defer { sqlite3_finalize(statement) }
        var rows: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append((0..<sqlite3_column_count(statement)).map { sqlite3_column_text(statement, $0).map { String(cString: $0) } ?? "" }.joined(separator: "|"))
        }
        return rows.joined(separator: "\n")
    }
}
