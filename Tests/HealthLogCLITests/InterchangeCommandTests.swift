import Foundation
import HealthCore
import HealthRecords
import Testing

@Suite struct InterchangeCommandTests {
    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private func fixture(_ name: String) -> String {
        repository.appendingPathComponent("Tests/HealthInterchangeTests/Fixtures/\(name)").path
    }

    @Test func fhirExportFollowsTheVitalSignsProfilesAndValidates() throws {
        let cli = CLIHarness()
        cli.family()
        cli.ok("-p", "dad", "add", "--weight", "78.4", "-n", "晨起空腹", "--at", "06:50")
        let path = cli.directory.file("dad.fhir.json")
        #expect(cli.run("-p", "dad", "export", "--format", "fhir", "-o", path).status == 0)
        let data = try #require(FileManager.default.contents(atPath: path))
        let bundle = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(bundle["resourceType"] as? String == "Bundle")
        let entries = try #require(bundle["entry"] as? [[String: Any]])
        let resources = entries.compactMap { $0["resource"] as? [String: Any] }
        #expect(entries.allSatisfy { ($0["fullUrl"] as? String)?.hasPrefix("urn:uuid:") == true })
        let patient = try #require(resources.first { $0["resourceType"] as? String == "Patient" })
        #expect((patient["name"] as? [[String: Any]])?.first?["text"] as? String == "爸爸")
        #expect(patient["gender"] as? String == "male")
        let observations = resources.filter { $0["resourceType"] as? String == "Observation" }
        func code(_ resource: [String: Any]) -> String? {
            ((resource["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.first?["code"] as? String
        }
        let panels = observations.filter { code($0) == "85354-9" }
        #expect(panels.count == 3)
        let panel = try #require(panels.first)
        let components = try #require(panel["component"] as? [[String: Any]])
        #expect(components.compactMap { code($0) } == ["8480-6", "8462-4"])
        #expect(components.allSatisfy { ($0["valueQuantity"] as? [String: Any])?["code"] as? String == "mm[Hg]" })
        #expect((panel["meta"] as? [String: Any])?["profile"] as? [String] == ["http://hl7.org/fhir/StructureDefinition/bp"])
        #expect(panel["effectiveDateTime"] as? String == "2026-11-29T07:30:00+08:00")
        let category = ((panel["category"] as? [[String: Any]])?.first?["coding"] as? [[String: Any]])?.first
        #expect(category?["code"] as? String == "vital-signs")
        let tags = ((panel["meta"] as? [String: Any])?["tag"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
        #expect(tags == ["bp-med"])
        let heartRates = observations.filter { code($0) == "8867-4" }
        #expect(heartRates.count == 2)
        #expect((heartRates.first?["valueQuantity"] as? [String: Any])?["code"] as? String == "/min")
        let weight = try #require(observations.first { code($0) == "29463-7" })
        #expect((weight["valueQuantity"] as? [String: Any])?["value"] as? Double == 78.4)
        #expect((weight["note"] as? [[String: Any]])?.first?["text"] as? String == "晨起空腹")

        // An independent R4 validator accepts every resource.
        let python = repository.appendingPathComponent(".build/test-venv/bin/python").path
        try #require(FileManager.default.isExecutableFile(atPath: python), "run 'make test-venv' (make test does) for the FHIR validator")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [repository.appendingPathComponent("Tests/Scripts/validate_fhir.py").path, path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        #expect(output == "valid: \(entries.count) resources (FHIR 4.0.1)\n")

        // And it comes back whole into a fresh log.
        let fresh = CLIHarness()
        #expect(fresh.ok("import", path) == "Imported \(path): added 4, duplicate 0, skipped 0, invalid 0.\n")
        #expect(try fresh.readings().map(ReadingLine.init) == cli.readings(profile: "dad").map(ReadingLine.init))
    }

    @Test func jsonBackupCarriesProfilesAndTagsToAnotherMachine() throws {
        let a = CLIHarness()
        a.family()
        a.ok("tag", "add", "salt", "--label", "salty meal", "--label-zh", "咸食", "--color", "#E67E22")
        a.ok("-p", "mom", "add", "125/82", "-t", "salt", "--at", "08:00")
        let backup = a.directory.file("backup.json")
        #expect(a.run("export", "--format", "json", "-o", backup).stderr == "Exported 5 readings (json) to \(backup).\n")
        let b = CLIHarness()
        let result = b.run("import", backup)
        #expect(result.status == 0)
        #expect(result.stdout == "Imported \(backup): added 5, duplicate 0, skipped 0, invalid 0.\n")
        #expect(result.stderr.contains("Created tag definitions: salt."))
        #expect(b.ok("tag", "list").contains("salty meal / 咸食"))
        #expect(b.ok("profile", "show", "dad").contains("  Name        爸爸"))
        #expect(b.ok("import", backup) == "Imported \(backup): added 0, duplicate 5, skipped 0, invalid 0.\n")
    }

    @Test func deviceFormatsNeedAProfileAndHonourTheZone() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        cli.ok("profile", "add", "mom")
        // Two profiles and no default: the file names no person, so the user must say whose.
        let refused = cli.run("import", fixture("omron.csv"))
        #expect(refused.status == 65)
        #expect(refused.stderr == "Reading \(fixture("omron.csv")) as an Omron Connect file.\nError: an Omron Connect file names no person; say whose readings these are with --profile ID\n")
        let result = cli.run("-p", "dad", "import", fixture("omron.csv"), "--tz", "America/New_York")
        #expect(result.status == 0)
        #expect(try cli.readings().first?.takenAt.iso8601 == "2025-01-12T08:12:00-05:00")
        // The profile rule: $HEALTHLOG_PROFILE, then the default, then the only profile.
        cli.environment["HEALTHLOG_PROFILE"] = "mom"
        #expect(cli.ok("import", fixture("omron.csv"), "--dry-run").hasPrefix("Dry run of \(fixture("omron.csv")) into mom,"))
        cli.environment["HEALTHLOG_PROFILE"] = nil
        cli.ok("profile", "default", "dad")
        #expect(cli.ok("import", fixture("withings_bp.csv"), "--dry-run").hasPrefix("Dry run of \(fixture("withings_bp.csv")) into dad,"))
        let apple = cli.run("-p", "dad", "import", fixture("apple_export.zip"), "--dry-run")
        #expect(apple.stdout == "Dry run of \(fixture("apple_export.zip")) into dad, nothing written: added 4, duplicate 0, skipped 9, invalid 0.\n")
        #expect(apple.stderr.contains("Skipped (not readings HealthLog keeps): 4 BP records repeated outside their correlation, 2 StepCount,"))
        #expect(cli.run("import", fixture("omron.csv"), "--tz", "Mars/Olympus").stderr
            == "Error: --tz 'Mars/Olympus' is not a time zone; use a name like Asia/Shanghai, UTC or an offset like +08:00. See 'healthlog import --help'.\n")
        #expect(cli.run("import", fixture("omron.csv"), "--format", "docx").status == 64)
    }

    @Test func theRowThatSettlesTheDateOrderIsNamed() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        let file = cli.directory.write(
            "omron.csv", "Date;Time;Systolic (mmHg);Diastolic (mmHg)\n12/01/2025;07:45;131;84\n13/01/2025;07:50;128;82\n")
        let result = cli.run("import", file, "--tz", "Europe/Berlin")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Read dates as day/month/year: 13/01/2025 on line 3 can only be that (--date-order overrides).\n"))
        #expect(try cli.readings().map(\.takenAt.iso8601).sorted() == ["2025-01-12T07:45:00+01:00", "2025-01-13T07:50:00+01:00"])
    }

    @Test func hostileFilesAreOneLineErrorsAndWriteNothing() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        let before = cli.databaseBytes()
        let bomb = cli.run("-p", "dad", "import", fixture("entity_bomb.xml"))
        #expect(bomb.status == 65)
        #expect(bomb.stderr.hasSuffix("Error: \(fixture("entity_bomb.xml")): line 14: the XML file is cut short or malformed (Detected an entity reference loop)\n"))
        let truncated = cli.directory.write("t.json", #"{"resourceType": "Bundle", "entry": [ {"resource": "#)
        let result = cli.run("import", truncated)
        #expect(result.status == 65)
        #expect(result.stderr.hasSuffix("Error: \(truncated): line 1: the document ends early: a value expected\n"))
        #expect(cli.databaseBytes() == before)
    }
}

/// The fields a round trip must keep, for comparing readings from two logs.
struct ReadingLine: Equatable {
    let id: String
    let text: String

    init(_ reading: HealthCore.Reading) {
        id = reading.id
        text = "\(reading.takenAt.iso8601) \(reading.bloodPressure.map { "\($0)" } ?? "-") \(reading.pulse ?? 0) \(reading.weightGrams ?? 0) \(reading.tagIDs) \(reading.note)"
    }
}
