import Foundation
import HealthInterchange
import HealthCore
import HealthRecords
import Testing

@Suite struct FormatTests {
    @Test func detection() throws {
        #expect(try InterchangeFormat.detect(path: fixture("omron.csv")) == .omron)
        #expect(try InterchangeFormat.detect(path: fixture("withings_bp.csv")) == .withings)
        #expect(try InterchangeFormat.detect(path: fixture("apple_export.xml")) == .appleHealth)
        #expect(try InterchangeFormat.detect(path: fixture("apple_export.zip")) == .appleHealth)
        #expect(try InterchangeFormat.detect(path: fixture("fhir_foreign.json")) == .fhir)
        let directory = TemporaryDirectory()
        #expect(try InterchangeFormat.detect(path: directory.write("a.csv", Array((ReadingCSVCodec.header.joined(separator: ",") + "\n").utf8))) == .csv)
        #expect(try InterchangeFormat.detect(path: directory.write("b.json", Array(#"{"format": "healthlog-backup", "version": 1}"#.utf8))) == .json)
        let other = directory.write("c.txt", Array("hello,world\n".utf8))
        #expect(throws: InterchangeError.unrecognized(path: other)) { try InterchangeFormat.detect(path: other) }
        let missing = directory.file("nope.csv")
        #expect(throws: InterchangeError.missing(path: missing)) {
            try InterchangeFormat.detect(path: missing)
        }
    }

    @Test func omron() throws {
        let decoded = try read(fixture("omron.csv"), as: .omron)
        #expect(decoded.problems.isEmpty)
        #expect(decoded.readings.map(\.takenAt.iso8601) == [
            "2025-01-12T08:12:00+08:00", "2025-01-12T20:15:00+08:00", "2025-01-13T07:05:00+08:00", "2025-01-13T12:30:00+08:00",
        ])
        #expect(decoded.readings.map(\.bloodPressure?.description) == ["142/91", "131/84", "138/88", nil])
        #expect(decoded.readings.map(\.pulse) == [72, 68, nil, 64])
        #expect(decoded.readings[1].note == "after dinner; Symptoms: Headache; Consumed: Coffee")
        #expect(decoded.readings[2].note == "cuff felt loose, \"re-measured\"")
        #expect(decoded.readings.allSatisfy { $0.profileID == "dad" })
        #expect(throws: InterchangeError.profileRequired(format: .omron)) {
            try read(fixture("omron.csv"), as: .omron, profile: nil)
        }
    }

    @Test func withingsNewestFirstAndPulseOnly() throws {
        let decoded = try read(fixture("withings_bp.csv"), as: .withings, zone: zone("Europe/Paris"))
        #expect(decoded.readings.map(\.takenAt.iso8601) == [
            "2025-10-03T21:10:02+02:00", "2025-10-03T07:31:00+02:00", "2025-10-02T07:34:49+02:00",
        ])
        #expect(decoded.readings[1].bloodPressure == nil)
        #expect(decoded.readings[1].pulse == 75)
        #expect(decoded.readings[1].note == "pulse only, no cuff")
        #expect(decoded.readings[2].bloodPressure?.description == "145/93")
    }

    @Test(arguments: ["apple_export.xml", "apple_export.zip"])
    func appleHealth(file: String) throws {
        let decoded = try read(fixture(file), as: .appleHealth)
        #expect(decoded.problems.isEmpty)
        let pressures = decoded.readings.filter { $0.bloodPressure != nil }
        // Two correlations; their records repeated at the top level are not imported again.
        #expect(pressures.map(\.bloodPressure?.description) == ["128/82", "121/79"])
        #expect(pressures.map(\.takenAt.iso8601) == ["2023-07-23T09:24:00-04:00", "2023-07-23T21:02:00-04:00"])
        // The heart rate at 09:24:30 joins the 09:24 reading; the one at 15:00 has no BP to join.
        #expect(pressures.map(\.pulse) == [72, nil])
        // 172.4 lb = 78.199 kg, kept to the gram.
        #expect(decoded.readings.compactMap(\.weightGrams) == [78_199, 78_100])
        #expect(decoded.skipped == [
            "BP records repeated outside their correlation": 4, "StepCount": 2, "Workout": 1,
            "heart rate (no BP reading in that minute)": 1, "other correlations": 1,
        ])
    }

    /// A header that cannot be read means the file is not this format: one error, not a problem
    /// per line (random bytes once gave a thousand).
    @Test(arguments: [InterchangeFormat.csv, .omron, .withings, .bpMonitor])
    func anUnreadableHeaderIsOneError(format: InterchangeFormat) throws {
        let directory = TemporaryDirectory()
        let path = directory.write("random.csv", [0xFF, 0xFE, 0x2C, 0x61, 0x0A] + Array("1,2\n".utf8))
        #expect(throws: InterchangeError.malformed(path: path + ":1", reason: "the file is not valid UTF-8")) {
            try read(path, as: format)
        }
    }

    /// A sheet saved in another encoding is told so, not that it is no known format.
    @Test func aFileInAnotherEncodingIsToldToBeSavedAsUTF8() throws {
        let directory = TemporaryDirectory()
        let windows1252 = directory.write(
            "omron.csv", Array("Fecha,Hora,Sist".utf8) + [0xF3] + Array("lica (mmHg),Diast".utf8) + [0xF3] + Array("lica (mmHg),Pulso (ppm)\n".utf8))
        #expect(throws: InterchangeError.malformed(
            path: windows1252,
            reason: "line 1: the file is not UTF-8 (a spreadsheet may have saved it as Windows-1252 or Latin-1): save it as CSV UTF-8 and import that")) {
            try InterchangeFormat.detect(path: windows1252)
        }
        let utf16 = directory.write("sheet.txt", [0xFF, 0xFE] + Array("Date\tTime\n".utf8).flatMap { [$0, 0] })
        #expect(throws: InterchangeError.malformed(
            path: utf16, reason: "the file is UTF-16 text, as a spreadsheet saves \"Unicode text\": save it as CSV UTF-8 and import that")) {
            try InterchangeFormat.detect(path: utf16)
        }
        // Random bytes are still no known format.
        let random = directory.write("random.bin", [0x00, 0xC3, 0x28, 0x01, 0x0A])
        #expect(throws: InterchangeError.unrecognized(path: random)) { try InterchangeFormat.detect(path: random) }
    }

    @Test func hostileXMLIsRefusedQuickly() throws {
        #expect(throws: InterchangeError.malformed(path: fixture("entity_bomb.xml"), reason: "line 14: the XML file is cut short or malformed (Detected an entity reference loop)")) {
            try read(fixture("entity_bomb.xml"), as: .appleHealth)
        }
        let directory = TemporaryDirectory()
        let whole = try #require(FileManager.default.contents(atPath: fixture("apple_export.xml")))
        let truncated = directory.write("truncated.xml", Array(whole.prefix(whole.count / 2)))
        #expect(throws: InterchangeError.self) { try read(truncated, as: .appleHealth) }
        let zip = try #require(FileManager.default.contents(atPath: fixture("apple_export.zip")))
        let brokenZip = directory.write("broken.zip", Array(zip.prefix(zip.count - 30)))
        #expect(throws: InterchangeError.malformed(path: brokenZip, reason: "the zip file is incomplete (its end record is missing: cut short?); copy or download it again")) {
            try read(brokenZip, as: .appleHealth)
        }
        let latin1 = directory.write("latin1.csv", Array("Date,Time,Systolic (mmHg),Diastolic (mmHg),Pulse (bpm),Symptoms,Consumed,TruRead,Notes\nJan 12 2025,08:12,142,91,72,-,-,Off,caf".utf8) + [0xE9, 0x0A])
        let decoded = try read(latin1, as: .omron)
        #expect(decoded.problems == ["\(latin1):2: the file is not valid UTF-8"])
        let longLine = directory.write("long.csv", Array((ReadingCSVCodec.header.joined(separator: ",") + "\n,dad,2026-11-30T07:00:00+08:00,120,80,,,," + String(repeating: "x", count: 10_000_000) + "\n").utf8))
        // A record longer than 1 MiB is refused as soon as the limit is passed.
        #expect(throws: InterchangeError.malformed(path: longLine + ":2", reason: "a line longer than 1024 KiB starts here; a record may be at most that long")) {
            try read(longLine, as: .csv)
        }
        let longNote = directory.write("note.csv", Array((ReadingCSVCodec.header.joined(separator: ",") + "\n,dad,2026-11-30T07:00:00+08:00,120,80,,,," + String(repeating: "x", count: 10_001) + "\n").utf8))
        #expect(try read(longNote, as: .csv).problems == ["\(longNote):2: note is 10001 characters (Unicode code points) long; at most 10000 are allowed"])
    }

    @Test func foreignFHIRGroupsByMinuteAndConvertsPounds() throws {
        let decoded = try read(fixture("fhir_foreign.json"), as: .fhir, profile: "li")
        #expect(decoded.problems.isEmpty)
        #expect(decoded.readings.count == 2)
        #expect(decoded.readings[0].bloodPressure?.description == "151/96")
        #expect(decoded.readings[0].pulse == 77)
        #expect(decoded.readings[1].weightGrams == 74_843)
        #expect(decoded.skipped == ["Observation (not a vital sign HealthLog keeps)": 1])
        #expect(decoded.profiles.map(\.name) == ["Li Wei"])
        #expect(decoded.profiles.first?.birthYear == 1950)
        // A Patient that is not a HealthLog profile: the profile to import into is needed.
        #expect(throws: InterchangeError.profileRequired(format: .fhir)) { try read(fixture("fhir_foreign.json"), as: .fhir, profile: nil) }
    }

    @Test func zones() throws {
        let shanghai = try #require(ZoneInfoZone(identifier: "Asia/Shanghai"))
        #expect(shanghai.offsetMinutes(atUTC: 1_795_996_800) == 480)
        let newYork = try #require(ZoneInfoZone(identifier: "America/New_York"))
        let summer = try #require(newYork.instant(date: CivilDate(iso: "2023-07-23")!, hour: 9, minute: 24, second: 0))
        #expect(summer.iso8601 == "2023-07-23T09:24:00-04:00")
        let winter = try #require(newYork.instant(date: CivilDate(iso: "2023-01-23")!, hour: 9, minute: 24, second: 0))
        #expect(winter.iso8601 == "2023-01-23T09:24:00-05:00")
        // 02:30 on the spring-forward day does not exist; 01:30 on the fall-back day is the first one.
        #expect(newYork.instant(date: CivilDate(iso: "2026-03-08")!, hour: 2, minute: 30, second: 0) == nil)
        #expect(newYork.instant(date: CivilDate(iso: "2026-11-01")!, hour: 1, minute: 30, second: 0)?.iso8601 == "2026-11-01T01:30:00-04:00")
        #expect(ZoneInfoZone(identifier: "Mars/Olympus") == nil)
        #expect(ZoneInfoZone(identifier: "../../etc/passwd") == nil)
        #expect(timeZoneRule(named: "+05:30")?.offsetMinutes(atUTC: 0) == 330)
        #expect(timeZoneRule(named: "UTC")?.offsetMinutes(atUTC: 0) == 0)
        #expect(timeZoneRule(named: "+25:00") == nil)
    }
}

/// Inputs the fuzzer found that once crashed an importer (a huge number converted to Int).
@Suite struct FuzzRegressionTests {
    @Test func hugeNumbersAreRefusedNotTrapped() throws {
        let directory = TemporaryDirectory()
        let backup = directory.write("b.json", Array(#"{"format":"healthlog-backup","version":1,"exportedAt":"2026-11-30T00:00:00.000Z","profiles":[],"tags":[],"readings":[{"id":"6513270e-269e-4d37-b2a7-4de452e6b438","profile":"dad","takenAt":"2026-11-30T07:00:00+08:00","weightKg":1e308,"tags":[],"createdAt":"2026-11-30T00:00:00.000Z","updatedAt":"2026-11-30T00:00:00.000Z"}]}"#.utf8))
        #expect(try read(backup, as: .json, profile: nil).problems == ["\(backup): readings[0] (6513270e): weightKg 1e+308 is out of range (1–500 kg)"])
        let fhir = directory.write("f.json", Array(#"{"resourceType":"Bundle","entry":[{"resource":{"resourceType":"Observation","code":{"coding":[{"system":"http://loinc.org","code":"8867-4"}]},"effectiveDateTime":"2026-11-30T07:00:00+08:00","valueQuantity":{"value":1e308,"code":"/min"}}}]}"#.utf8))
        #expect(try read(fhir, as: .fhir).problems.first?.hasSuffix("value 1e+308 is out of range") == true)
        let apple = directory.write("a.xml", Array(#"<HealthData><Correlation type="HKCorrelationTypeIdentifierBloodPressure" startDate="2023-07-23 09:24:00 -0400"><Record type="HKQuantityTypeIdentifierBloodPressureSystolic" value="1e308"/><Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" value="80"/></Correlation><Record type="HKQuantityTypeIdentifierBodyMass" unit="lb" startDate="2023-07-23 07:00:00 -0400" value="-1e400"/></HealthData>"#.utf8))
        let decoded = try read(apple, as: .appleHealth)
        #expect(decoded.readings.isEmpty)
        #expect(decoded.problems.count == 2)
    }
}
