import Foundation
import HealthCore
import Testing

/// `med start`, `change`, `stop` and `list`: the care record's medicines, each step a medication
/// event, the history kept, in English and Chinese, and refused when it makes no sense.
@Suite struct MedCommandTests {
    /// A start, a change by the Chinese name, a stop, and another start: `list` shows what is
    /// taken now, `--all` every course with its dated history; the readings are untouched.
    @Test func startChangeStopAndList() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        cli.ok("add", "150/95", "--at", "2026-11-01 07:30")
        let before = try cli.readings()
        let started = cli.ok("med", "start", "amlodipine", "--dose", "5 mg", "--times", "morning", "--at", "2026-10-01")
        #expect(started.hasPrefix("Recorded medicine "))
        #expect(started.hasSuffix(" · dad · Thu 2026-10-01 04:00 · amlodipine: started, 5 mg, morning\n"))
        cli.ok("med", "change", "氨氯地平", "--dose", "10 mg", "--at", "2026-11-01", "--reason", "home BP still high")
        cli.ok("med", "stop", "Amlodipine", "--at", "2026-11-09", "--reason", "ankle swelling")
        cli.ok("med", "start", "ramipril", "--dose", "5 mg", "--times", "morning,evening", "--at", "2026-11-10 08:00")
        #expect(try cli.readings() == before)

        let now = cli.ok("med", "list")
        #expect(now.contains("ramipril  ACE inhibitor  5 mg  morning, evening  since 2026-11-10"))
        #expect(!now.contains("amlodipine"))
        let all = cli.ok("med", "list", "--all")
        #expect(all.contains("2026-10-01 – 2026-11-09, stopped (ankle swelling)"))
        #expect(all.contains("Thu 2026-10-01 04:00  started, 5 mg, morning"))
        #expect(all.contains("Sun 2026-11-01 04:00  increased to 10 mg, morning (home BP still high)"))
        #expect(all.contains("Mon 2026-11-09 04:00  stopped (ankle swelling)"))

        cli.environment["LANG"] = "zh_CN.UTF-8"
        let chinese = cli.ok("med", "list", "--all")
        cli.environment["LANG"] = nil
        #expect(chinese.contains("氨氯地平"))
        #expect(chinese.contains("钙通道阻滞剂"))
        #expect(chinese.contains("加量至 10 mg，早晨（home BP still high）"))
        // "2026-11-10 起", as the range says "{from} 起": never "自 … 起" in a column headed 服用.
        #expect(chinese.contains("2026-11-10 起") && !chinese.contains("自 2026"), "\(chinese)")

        let json = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok("med", "list", "--all", "--format", "json").utf8)) as? [[String: Any]])
        #expect(json.map { $0["generic"] as? String } == ["amlodipine", "ramipril"])
        #expect(json[0]["stopped"] as? String == "2026-11-09T04:00:00+08:00")
        #expect((json[0]["history"] as? [[String: Any]])?.map { $0["action"] as? String } == ["start", "change", "stop"])
        #expect(json[1]["taken"] as? Bool == true)
        let csv = cli.ok("med", "list", "--format", "csv")
        #expect(csv.hasPrefix("name,generic,classes,dose,times,started,stopped,taken\nramipril,ramipril,ace-inhibitor,5 mg,morning;evening,"))

        // Every step is a medication event, so the before/after figures see it.
        let events = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok("event", "list", "--format", "json").utf8)) as? [[String: Any]])
        #expect(events.count == 4)
        #expect(events.allSatisfy { $0["kind"] as? String == "medication" })
        #expect(events.map { $0["text"] as? String } == [
            "amlodipine 5 mg started", "氨氯地平 changed to 10 mg (home BP still high)", "Amlodipine stopped (ankle swelling)", "ramipril 5 mg started",
        ])
        #expect((events[2]["medicine"] as? [String: Any])?["action"] as? String == "stop")
    }

    /// Two names of one medicine are one course; an unknown name is kept as typed, with no class.
    @Test func namesAndUnknownMedicines() {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        cli.ok("med", "start", "氨氯地平", "--dose", "5 mg", "--at", "2026-10-01")
        let again = cli.run("med", "start", "Norvasc", "--dose", "5 mg")
        #expect(again.status == 65)
        #expect(again.stderr == "Error: 氨氯地平 is already taken since 2026-10-01; use 'healthlog med change 氨氯地平 --dose DOSE' to change its dose\n")
        cli.ok("med", "start", "Grandma's tea", "--dose", "1 cup")
        let listed = cli.ok("med", "list")
        #expect(listed.contains("amlodipine     calcium-channel blocker"))
        #expect(listed.contains("Grandma's tea  —"))
    }

    @Test(arguments: [
        (["med", "start", "amlodipine"], 64, "Error: --dose DOSE is needed, e.g. --dose '5 mg'. See 'healthlog med start --help'."),
        (["med", "start", "amlodipine", "--dose", "5 mg", "--times", "lunchtime"], 64,
         "Error: --times 'lunchtime' is not times of day (morning, noon or evening, joined by commas). See 'healthlog med start --help'."),
        (["med", "change", "ramipril", "--dose", "10 mg"], 65,
         "Error: ramipril is not taken on 2026-11-30; start it first with 'healthlog med start ramipril --dose DOSE' (see 'healthlog med list --all')"),
        (["med", "stop", "ramipril"], 65,
         "Error: ramipril is not taken on 2026-11-30; start it first with 'healthlog med start ramipril --dose DOSE' (see 'healthlog med list --all')"),
        (["med", "start", "amlodipine\u{1B}[31m", "--dose", "5 mg"], 65, "Error: a medicine's name, dose or reason may not hold control characters or line breaks"),
        (["med", "start", "amlodipine", "--dose", "5 mg " + String(repeating: "m", count: 56)], 65,
         "Error: a medicine's dose is 61 characters (Unicode code points) long; at most 60 are allowed"),
        // New-user probe: a start after today was kept, and so was a dose with no amount or unit.
        (["med", "start", "amlodipine", "--dose", "5 mg", "--at", "2028-01-01"], 65,
         "Error: 2028-01-01 is in the future; record a medicine's start, change or stop on the day it happens, or after"),
        (["med", "start", "amlodipine", "--dose", "5 mg", "--at", "tomorrow 08:00"], 65,
         "Error: 2026-12-01 is in the future; record a medicine's start, change or stop on the day it happens, or after"),
        (["med", "start", "amlodipine", "--dose", "five"], 64,
         "Error: dose 'five' is not an amount with a unit, like '5 mg', '12.5 mg', '1 tablet' or '1片'; units: mg, g, mcg, ml, IU, tablet, pill, capsule, cup, drop, puff, patch, sachet, 毫克, 片, 粒. See 'healthlog med start --help'."),
        (["med", "start", "amlodipine", "--dose", "5"], 64,
         "Error: dose '5' is not an amount with a unit, like '5 mg', '12.5 mg', '1 tablet' or '1片'; units: mg, g, mcg, ml, IU, tablet, pill, capsule, cup, drop, puff, patch, sachet, 毫克, 片, 粒. See 'healthlog med start --help'."),
    ])
    func badInput(arguments: [String], status: Int32, message: String) throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        let before = cli.databaseBytes()
        let result = cli.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr == message + "\n")
        #expect(result.stdout.isEmpty)
        #expect(cli.databaseBytes() == before, "nothing is written")
    }

    /// New-user probe: `event list` and the "Recorded dose" line printed the medicine as typed;
    /// they name it as `took` does, in the reader's language (Norvasc is amlodipine, 氨氯地平).
    @Test func eventsNameTheMedicineInTheReadersLanguage() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        let started = cli.ok("med", "start", "Norvasc", "--dose", "5 mg", "--times", "morning", "--at", "2026-11-01")
        #expect(started.contains(" · amlodipine: started, 5 mg, morning"), "\(started)")
        #expect(cli.ok("took", "norvasc", "--at", "2026-11-29 07:30").contains(" · amlodipine: taken, 5 mg, morning"))
        #expect(cli.ok("event", "list").contains("  amlodipine: started, 5 mg, morning\n"))
        cli.environment["LANG"] = "zh_CN.UTF-8"
        let listed = cli.ok("event", "list")
        #expect(listed.contains("  氨氯地平: 开始服用") && !listed.contains("Norvasc") && !listed.contains("amlodipine"), "\(listed)")
        #expect(cli.ok("took", "--at", "2026-11-30 07:30").contains(" · 氨氯地平: "))
    }

    /// The doses a label gives are taken as typed: an amount, a unit, any words after.
    @Test func aDoseIsAnAmountWithAUnit() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        for (name, dose) in [("amlodipine", "5mg"), ("ramipril", "2.5 mg twice"), ("losartan", "1片"), ("hydrochlorothiazide", "half a tablet"), ("valsartan", "80/12.5 mg")] {
            cli.ok("med", "start", name, "--dose", dose, "--at", "2026-11-30")
        }
        cli.ok("med", "change", "amlodipine", "--dose", "半片")
        #expect(cli.run("med", "change", "ramipril", "--dose", "more").status == 64)
        let listed = cli.ok("med", "list")
        #expect(listed.contains("80/12.5 mg") && listed.contains("half a tablet") && listed.contains("半片"), "\(listed)")
    }

    /// A medicine stopped and started again is two courses; a change before any start is refused.
    @Test func restartIsANewCourse() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        cli.ok("med", "start", "losartan", "--dose", "50 mg", "--at", "2026-09-01")
        cli.ok("med", "stop", "losartan", "--at", "2026-10-01")
        #expect(cli.run("med", "change", "losartan", "--dose", "100 mg", "--at", "2026-10-05").status == 65)
        cli.ok("med", "start", "losartan", "--dose", "100 mg", "--at", "2026-11-01")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok("med", "list", "--all", "--format", "json").utf8)) as? [[String: Any]])
        #expect(json.map { $0["dose"] as? String } == ["50 mg", "100 mg"])
        #expect(json.map { $0["taken"] as? Bool } == [false, true])
        // A change backdated into the first course is a change of that course.
        cli.ok("med", "change", "losartan", "--dose", "25 mg", "--at", "2026-09-15")
        let again = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok("med", "list", "--all", "--format", "json").utf8)) as? [[String: Any]])
        #expect((again[0]["history"] as? [[String: Any]])?.map { $0["dose"] as? String } == ["50 mg", "25 mg", nil])
    }

    /// The profile's care context: set, shown, listed as JSON, cleared.
    @Test func profileCareContext() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "mum", "--birth-year", "1990")
        let updated = cli.ok("profile", "edit", "mum", "--conditions", "diabetes,ckd", "--pregnancy-due", "2027-02-10", "--frail", "yes", "--sleep", "08:30-16:00")
        #expect(updated == "Updated profile mum (mum), born 1990, target none (the guideline's home threshold), diabetes, chronic kidney disease, pregnant, due 2027-02-10, frail, sleeps 08:30-16:00.\n")
        #expect(cli.ok("profile", "show", "mum").contains("  Care        diabetes, chronic kidney disease, pregnant, due 2027-02-10, frail, sleeps 08:30-16:00\n"))
        cli.environment["LANG"] = "zh_CN.UTF-8"
        #expect(cli.ok("profile", "show", "mum").contains("糖尿病、慢性肾脏病、妊娠中，预产期 2027-02-10、衰弱、睡眠时间 08:30-16:00"))
        cli.environment["LANG"] = nil
        let json = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok("profile", "show", "mum", "--format", "json").utf8)) as? [String: Any])
        #expect(json["conditions"] as? [String] == ["diabetes", "kidney-disease"])
        #expect(json["pregnancyDue"] as? String == "2027-02-10")
        #expect(json["frail"] as? Bool == true)
        #expect(json["sleep"] as? String == "08:30-16:00")
        cli.ok("profile", "edit", "mum", "--conditions", "none", "--pregnancy-due", "none", "--frail", "no", "--sleep", "none")
        let cleared = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok("profile", "show", "mum", "--format", "json").utf8)) as? [String: Any])
        #expect(Set(cleared.keys) == ["id", "name", "birthYear", "sex", "target", "readings", "default"])
        let bad = cli.run("profile", "edit", "mum", "--conditions", "diabetes,gout")
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: --conditions 'diabetes,gout' is not conditions (diabetes, kidney-disease, atrial-fibrillation"))
        #expect(cli.run("profile", "edit", "mum", "--sleep", "25:00-07:00").status == 64)
    }

    /// A backup, an export to JSON and to FHIR, and a restore carry the medicines and the care
    /// context whole: the restored log lists the same as the original.
    @Test func backupExportAndRestoreCarryTheCareRecord() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "mum", "--birth-year", "1950")
        cli.ok("profile", "edit", "mum", "--conditions", "atrial-fibrillation", "--frail", "yes", "--sleep", "23:00-07:00")
        cli.ok("add", "150/95", "--at", "2026-11-01 07:30")
        cli.ok("med", "start", "bisoprolol", "--dose", "2.5 mg", "--times", "morning", "--at", "2026-10-01")
        cli.ok("med", "change", "bisoprolol", "--dose", "5 mg", "--at", "2026-10-20", "--reason", "pulse 95")
        cli.ok("med", "stop", "bisoprolol", "--at", "2026-11-05", "--reason", "dizzy")
        cli.ok("event", "add", "new wrist monitor", "--kind", "monitor", "--at", "2026-11-02 08:00")
        let medicines = cli.ok("med", "list", "--all", "--format", "json")
        let profile = cli.ok("profile", "show", "mum", "--format", "json")
        let events = cli.ok("event", "list", "--format", "json")
        for format in ["json", "fhir"] {
            let file = cli.directory.file("out.\(format)")
            cli.ok("export", "--format", format, "--output", file)
            let other = CLIHarness()
            other.ok("import", file)
            #expect(other.ok("med", "list", "--all", "--format", "json") == medicines, "\(format)")
            #expect(other.ok("profile", "show", "mum", "--format", "json") == profile, "\(format)")
            #expect(other.ok("event", "list", "--format", "json") == events, "\(format)")
        }
        let backup = cli.directory.file("backup.sqlite")
        cli.ok("backup", backup)
        let restored = CLIHarness()
        restored.ok("restore", backup, "--yes")
        #expect(restored.ok("med", "list", "--all", "--format", "json") == medicines)
        #expect(restored.ok("profile", "show", "mum", "--format", "json") == profile)
    }
}
