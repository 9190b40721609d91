import Foundation
import HealthCore
import Testing

/// `took` and `add --took`: doses taken, each a dose event of the regimen's medicine, through
/// the real CLI and the real SQLite log; refused with nothing written when a name is not in the
/// regimen, never stored twice for one slot, undone, backed up, exported and synced whole.
@Suite struct TookCommandTests {
    /// Dad on amlodipine every morning (from 1 Nov) and ramipril morning and evening (from 2 Nov).
    static func dad() -> CLIHarness {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad", "--name", "Dad", "--birth-year", "1950")
        cli.ok("med", "start", "amlodipine", "--dose", "5 mg", "--times", "morning", "--at", "2026-11-01")
        cli.ok("med", "start", "ramipril", "--dose", "5 mg", "--times", "morning,evening", "--at", "2026-11-02")
        return cli
    }

    static func events(_ cli: CLIHarness) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(cli.ok("event", "list", "--format", "json").utf8)) as? [[String: Any]])
    }

    static func doses(_ cli: CLIHarness) throws -> [[String: Any]] { try events(cli).filter { $0["kind"] as? String == "dose" } }

    /// With no name, every medicine due in the slot; by name, English or Chinese; each a dose
    /// event of kind dose whose medicine says `taken`, with the dose and the time of day.
    @Test func recordsTheDosesDueOrNamed() throws {
        let cli = Self.dad()
        let regimen = cli.ok("med", "list", "--all")
        let morning = cli.ok("took", "--at", "2026-11-29 07:30")
        let lines = morning.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("Recorded dose ") && lines[0].hasSuffix(" · dad · Sun 2026-11-29 07:30 · amlodipine: taken, 5 mg, morning"), "\(morning)")
        #expect(lines[1].hasSuffix(" · dad · Sun 2026-11-29 07:30 · ramipril: taken, 5 mg, morning"), "\(morning)")
        let evening = cli.ok("took", "雷米普利", "--at", "2026-11-29 21:00")
        #expect(evening.hasSuffix(" · dad · Sun 2026-11-29 21:00 · ramipril: taken, 5 mg, evening\n"), "\(evening)")
        let doses = try Self.doses(cli)
        #expect(doses.count == 3)
        // Two doses at one time are listed in the order of their ids.
        #expect(doses.compactMap { $0["text"] as? String }.sorted() == ["amlodipine 5 mg taken", "ramipril 5 mg taken", "ramipril 5 mg taken"])
        let medicine = try #require(doses[2]["medicine"] as? [String: Any])
        #expect(medicine["action"] as? String == "taken")
        #expect(medicine["times"] as? [String] == ["evening"])
        // The regimen is unchanged: a dose is not a start, change or stop.
        #expect(cli.ok("med", "list", "--all") == regimen)
        cli.environment["LANG"] = "zh_CN.UTF-8"
        #expect(cli.ok("took", "氨氯地平", "--at", "2026-11-30 07:30").hasPrefix("已记录服药 "))
        #expect(cli.ok("event", "list").contains("服药"))
    }

    /// A name not in the regimen, alone or beside one that is, is a usage error naming the
    /// medicines taken, and nothing is written; so is `took` when nothing is due.
    @Test func refusesUnknownNamesWithNothingWritten() throws {
        let cli = Self.dad()
        let before = cli.databaseBytes()
        for arguments in [["took", "aspirin"], ["took", "amlodipine", "aspirin", "--at", "2026-11-29 07:30"]] {
            let refused = cli.run(arguments)
            #expect(refused.status == 64)
            #expect(refused.stderr == "Error: aspirin is not a medicine being taken; the medicines taken are amlodipine, ramipril. See 'healthlog took --help'.\n")
            #expect(refused.stdout.isEmpty)
            #expect(cli.databaseBytes() == before, "nothing is written")
        }
        // Before ramipril's first day only amlodipine is taken.
        let early = cli.run("took", "ramipril", "--at", "2026-11-01 08:00")
        #expect(early.status == 64)
        #expect(early.stderr.contains("the medicines taken are amlodipine."))
        // Nothing is due at noon.
        let noon = cli.run("took", "--at", "2026-11-29 13:00")
        #expect(noon.status == 64)
        #expect(noon.stderr == "Error: no medicine is due at this time of day; the medicines taken are amlodipine, ramipril. See 'healthlog took --help'.\n")
        let added = cli.run("add", "140/90", "--took", "aspirin", "--at", "2026-11-29 07:30")
        #expect(added.status == 64)
        #expect(try cli.readings().isEmpty, "the reading is not kept either")
        #expect(cli.databaseBytes() == before)
        cli.environment["LANG"] = "zh_CN.UTF-8"
        let chinese = cli.run("took", "aspirin")
        #expect(chinese.status == 64)
        // The medicines taken are named in the reader's language (a new user's probe saw amlodipine).
        #expect(chinese.stderr.hasPrefix("错误：aspirin 不是正在服用的药物；正在服用的药物：氨氯地平、"), "\(chinese.stderr)")
        cli.ok("took", "氨氯地平", "--at", "2026-11-29 07:30")
        let again = cli.ok("took", "amlodipine", "--at", "2026-11-29 08:30")
        #expect(again.hasPrefix("氨氯地平 已在"), "\(again)")
    }

    /// New-user probe: `took --at` a day alone asks for the time of day, and a time ahead is
    /// refused as in the future, in add's words; nothing is written.
    @Test func aDayAloneOrATimeAheadIsRefusedAsAddRefusesIt() throws {
        let cli = Self.dad()
        let before = cli.databaseBytes()
        let day = cli.run("took", "--at", "2026-11-29")
        #expect(day.status == 64)
        #expect(day.stderr == "Error: --at '2026-11-29' is a day without a time of day; add the time, like '2026-11-29 07:45'. See 'healthlog took --help'.\n")
        let ahead = cli.run("took", "--at", "tomorrow 07:30")
        #expect(ahead.status == 65)
        #expect(ahead.stderr == "Error: --at 'tomorrow 07:30': 2026-12-01 07:30 is in the future; a reading can be at most 10 minutes ahead of now\n")
        cli.environment["LANG"] = "zh_CN.UTF-8"
        let chinese = cli.run("took", "--at", "明天")
        #expect(chinese.status == 65)
        #expect(chinese.stderr.contains("2026-12-01 是将来的时间"), "\(chinese.stderr)")
        #expect(cli.databaseBytes() == before)
    }

    /// A second dose of one medicine in one slot is said to be recorded already, with the time
    /// of the first, and not stored; the other slot of the day is a dose of its own.
    @Test func aSecondDoseInTheSameSlotIsNotStored() throws {
        let cli = Self.dad()
        cli.ok("took", "amlodipine", "--at", "2026-11-29 07:30")
        let again = cli.run("took", "Norvasc", "--at", "2026-11-29 09:10")
        #expect(again.status == 0)
        #expect(again.stdout == "amlodipine was already recorded as taken at Sun 2026-11-29 07:30; not recorded again\n")
        // The slot's other medicine is recorded beside the one already there.
        let both = cli.ok("took", "--at", "2026-11-29 08:00")
        #expect(both.contains("ramipril: taken, 5 mg, morning"))
        #expect(both.contains("amlodipine was already recorded as taken at Sun 2026-11-29 07:30"))
        cli.ok("took", "ramipril", "--at", "2026-11-29 21:00")
        #expect(try Self.doses(cli).count == 3)
        // A once-a-day morning pill named again at noon is that day's dose, not a second one
        // (a new user's probe stored it twice); a twice-a-day medicine's evening dose is its own.
        let noon = cli.run("took", "amlodipine", "--at", "2026-11-29 12:30")
        #expect(noon.status == 0 && noon.stdout.contains("already recorded as taken at Sun 2026-11-29 07:30"), "\(noon.stdout)")
        #expect(try Self.doses(cli).count == 3)
        // Taken late, on a day with no morning dose yet, it fills that day's morning.
        cli.ok("took", "amlodipine", "--at", "2026-11-28 12:30")
        #expect(cli.run("took", "amlodipine", "--at", "2026-11-28 08:00").stdout.contains("already recorded"))
        #expect(try Self.doses(cli).count == 4)
    }

    /// A dose taken in the morning of the day a medicine is started (at noon) is kept; a dose the
    /// day before the start is refused.
    @Test func aDoseEarlierOnTheDayOfTheStartIsKept() throws {
        let cli = Self.dad()
        cli.ok("med", "start", "losartan", "--dose", "50 mg", "--at", "2026-11-29 12:00")
        let kept = cli.ok("took", "losartan", "--at", "2026-11-29 08:00")
        #expect(kept.hasSuffix("losartan: taken, 50 mg, morning\n"), "\(kept)")
        #expect(cli.run("took", "losartan", "--at", "2026-11-28 08:00").status == 64)
        #expect(try Self.doses(cli).count == 1)
    }

    /// `add --took` records the reading and its doses in one transaction, at the reading's
    /// time, and `undo` takes both back.
    @Test func addTookAndUndo() throws {
        let cli = Self.dad()
        let added = cli.ok("add", "141/88", "70", "--took", "amlodipine,ramipril", "--at", "2026-11-29 07:40")
        #expect(added.contains("141/88"))
        #expect(added.contains("amlodipine: taken, 5 mg, morning"))
        #expect(added.contains("ramipril: taken, 5 mg, morning"))
        #expect(try cli.readings().count == 1)
        #expect(try Self.doses(cli).map { $0["at"] as? String } == ["2026-11-29T07:40:00+08:00", "2026-11-29T07:40:00+08:00"])
        cli.ok("undo", "--yes")
        #expect(try cli.readings().isEmpty)
        #expect(try Self.doses(cli).isEmpty)
        cli.ok("took", "--at", "2026-11-29 21:00")
        #expect(try Self.doses(cli).count == 1)
        cli.ok("undo", "--yes")
        #expect(try Self.doses(cli).isEmpty)
        #expect(try Self.events(cli).count == 2, "the starts stay")
    }

    /// A JSON backup, a FHIR export and a backup file carry every dose with its id and every
    /// field; in FHIR a dose is a MedicationStatement whose status is completed.
    @Test func backupExportAndRestoreCarryDoses() throws {
        let cli = Self.dad()
        cli.ok("took", "--at", "2026-11-29 07:30")
        cli.ok("took", "ramipril", "--at", "2026-11-29 21:00")
        let events = cli.ok("event", "list", "--format", "json")
        for format in ["json", "fhir"] {
            let file = cli.directory.file("out.\(format)")
            cli.ok("export", "--format", format, "--output", file)
            let other = CLIHarness()
            other.ok("import", file)
            #expect(other.ok("event", "list", "--format", "json") == events, "\(format)")
            #expect(other.ok("took", "ramipril", "--at", "2026-11-29 21:30").hasPrefix("ramipril was already recorded"), "\(format)")
        }
        let fhir = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cli.directory.file("out.fhir")))) as? [String: Any])
        let statements = (fhir["entry"] as? [[String: Any]] ?? []).compactMap { $0["resource"] as? [String: Any] }
            .filter { $0["resourceType"] as? String == "MedicationStatement" }
        #expect(statements.count == 5)
        let completed = statements.filter { $0["status"] as? String == "completed" }
        #expect(completed.count == 3)
        #expect(Set(completed.compactMap { ($0["medicationCodeableConcept"] as? [String: Any])?["text"] as? String }) == ["amlodipine 5 mg taken", "ramipril 5 mg taken"])
        #expect(statements.filter { $0["status"] as? String == "active" }.count == 2)
        let backup = cli.directory.file("backup.sqlite")
        cli.ok("backup", backup)
        let restored = CLIHarness()
        restored.ok("restore", backup, "--yes")
        #expect(restored.ok("event", "list", "--format", "json") == events)
    }

    /// Page 1 says adherence in one clause for the headline week: the mornings without a dose,
    /// with the notes that say it was forgotten; and all days when every dose was recorded.
    @Test func pageOneSaysAdherence() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad", "--name", "Dad", "--birth-year", "1950")
        cli.ok("med", "start", "amlodipine", "--dose", "5 mg", "--times", "morning", "--at", "2026-11-01")
        PageOneClinicalTests.week(cli, days: 22...29, times: ["07:00", "07:02", "21:00", "21:02"]) { k in (138 + k % 5, 86 + k % 3) }
        for day in 22...29 where day != 24 && day != 27 { cli.ok("took", "--at", "2026-11-\(day) 07:10") }
        cli.ok("add", "150/95", "--at", "2026-11-24 07:20", "-n", "forgot my pill")
        cli.ok("add", "149/94", "--at", "2026-11-27 07:20", "-n", "忘记吃药")
        let range = ["--from", "2026-11-22", "--to", "2026-11-29"]
        let english = try PageOneClinicalTests.pageOne(cli, range)
        #expect(english.contains(PageOneClinicalTests.squeezed("No dose recorded on 2 mornings (24 Nov; 27 Nov), both noted as forgotten")), "\(english)")
        #expect(!english.contains(PageOneClinicalTests.squeezed("without the medication tag")), "the tag count is not said beside it")
        let chinese = try PageOneClinicalTests.pageOne(cli, range, language: "zh_CN.UTF-8")
        #expect(chinese.contains(PageOneClinicalTests.squeezed("2 个早晨未记录服药")), "\(chinese)")
        let stats = try #require(
            try JSONSerialization.jsonObject(with: Data(cli.ok(["stats", "--format", "json"] + range).utf8)) as? [String: Any])
        let adherence = try #require(stats["doseAdherence"] as? [String: Any])
        #expect(adherence["scheduled"] as? Int == 6)
        #expect(adherence["recorded"] as? Int == 4)
        #expect(adherence["forgottenDays"] as? [String] == ["2026-11-24", "2026-11-27"])
        // A day with a dose recorded is a medicated day, as one with the stamp is.
        #expect((stats["medicationDays"] as? [String: Any])?["medicated"] as? Int == 6)
        cli.ok("took", "--at", "2026-11-24 07:30")
        cli.ok("took", "--at", "2026-11-27 07:30")
        let all = try PageOneClinicalTests.pageOne(cli, range)
        #expect(all.contains(PageOneClinicalTests.squeezed("Doses recorded on all 6 days")), "\(all)")
    }
}
