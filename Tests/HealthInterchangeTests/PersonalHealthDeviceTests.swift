import Foundation
import HealthCore
import HealthInterchange
import Testing

/// FHIR as the HL7 Personal Health Device guide writes a monitor's upload (issue 38): the
/// IEEE 11073 blood-pressure status bits, and a heart rate a gateway sent without a subject.
@Suite struct PersonalHealthDeviceTests {
    /// Bit 0 (body movement) and bit 2 (irregular pulse) of MDC_BLOOD_PRESSURE_MEASUREMENT_STATUS
    /// become the tags Omron's flags get; a bit set `N` or not kept (cuff fit) gives none. The
    /// heart rate with no subject joins the reading of its minute; one alone is a pulse reading.
    @Test func statusBitsAreTagsAndASubjectlessHeartRateJoinsItsMinute() throws {
        let file = try read(realFixture("fhir_phd_bp_status_bundle.json"))
        #expect(file.problems.isEmpty, "\(file.problems)")
        let readings = file.readings.sorted { $0.takenAt < $1.takenAt }
        #expect(readings.map(\.takenAt.iso8601) == ["2026-11-20T07:31:12+08:00", "2026-11-20T21:02:40+08:00", "2026-11-21T12:15:00+08:00"])
        #expect(readings.map { $0.bloodPressure?.description } == ["141/89", "133/84", nil])
        #expect(readings.map(\.pulse) == [78, 71, 66])
        #expect(readings.map(\.tagIDs) == [["body-movement"], ["irregular-heartbeat"], []])
    }

    /// A measurement the monitor could not make (the PHD guide's Measurement-Status invalid: each
    /// pressure a `dataAbsentReason`, no value) is skipped and counted, as Omron's error rows are,
    /// and the file's other readings import; a heart rate in its minute stays a pulse reading.
    @Test func aMeasurementTheMonitorCouldNotMakeIsSkippedAndCounted() throws {
        func pressure(_ loinc: String, _ mdc: String, _ value: Int?) -> String {
            let coding = "{\"coding\": [{\"system\": \"urn:iso:std:iso:11073:10101\", \"code\": \"\(mdc)\"}, {\"system\": \"http://loinc.org\", \"code\": \"\(loinc)\"}]}"
            let result = value.map { "\"valueQuantity\": {\"value\": \($0), \"unit\": \"mmHg\", \"system\": \"http://unitsofmeasure.org\", \"code\": \"mm[Hg]\"}" }
                ?? "\"dataAbsentReason\": {\"coding\": [{\"system\": \"http://terminology.hl7.org/CodeSystem/data-absent-reason\", \"code\": \"error\"}]}"
            return "{\"code\": \(coding), \(result)}"
        }
        func bloodPressure(_ id: String, _ at: String, _ systolic: Int?, _ diastolic: Int?) -> String {
            """
            {"resource": {"resourceType": "Observation", "id": "\(id)", "status": "final", "subject": {"reference": "Patient/p1"},
             "code": {"coding": [{"system": "urn:iso:std:iso:11073:10101", "code": "150020"}, {"system": "http://loinc.org", "code": "85354-9"}]},
             "effectiveDateTime": "\(at)", "component": [\(pressure("8480-6", "150021", systolic)), \(pressure("8462-4", "150022", diastolic))]}}
            """
        }
        let heartRate = """
            {"resource": {"resourceType": "Observation", "id": "hr2", "status": "final",
             "code": {"coding": [{"system": "urn:iso:std:iso:11073:10101", "code": "149546"}, {"system": "http://loinc.org", "code": "8867-4"}]},
             "effectiveDateTime": "2026-11-21T07:30:20+08:00", "valueQuantity": {"value": 74, "unit": "bpm", "system": "http://unitsofmeasure.org", "code": "/min"}}}
            """
        let entries = [
            "{\"resource\": {\"resourceType\": \"Patient\", \"id\": \"p1\"}}",
            bloodPressure("bp1", "2026-11-20T07:31:12+08:00", 141, 89), bloodPressure("bp2", "2026-11-21T07:30:00+08:00", nil, nil), heartRate,
        ]
        let path = NSTemporaryDirectory() + "phd-unmeasured-\(UUID().uuidString).json"
        try Data("{\"resourceType\": \"Bundle\", \"type\": \"transaction\", \"entry\": [\(entries.joined(separator: ","))]}".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try read(path)
        #expect(file.problems.isEmpty, "\(file.problems)")
        #expect(file.skipped["measurements the monitor could not make (no value, a dataAbsentReason)"] == 1, "\(file.skipped)")
        #expect(file.readings.map(\.takenAt.iso8601) == ["2026-11-20T07:31:12+08:00", "2026-11-21T07:30:20+08:00"])
        #expect(file.readings.map { $0.bloodPressure?.description } == ["141/89", nil])
        #expect(file.readings.map(\.pulse) == [nil, 74])

        // One pressure absent beside a value is half a reading: still refused, by its place.
        let half = NSTemporaryDirectory() + "phd-half-\(UUID().uuidString).json"
        try Data("{\"resourceType\": \"Bundle\", \"type\": \"collection\", \"entry\": [\(entries[0]), \(bloodPressure("bp3", "2026-11-22T07:30:00+08:00", 150, nil))]}".utf8)
            .write(to: URL(fileURLWithPath: half))
        defer { try? FileManager.default.removeItem(atPath: half) }
        #expect(try read(half).problems == ["\(half): entry[1] (Observation bp3): a blood pressure needs both systolic and diastolic (diastolic has dataAbsentReason error)"])
    }

    /// A file holding two people who are not HealthLog profiles never mixes them into the one
    /// profile named: the second person's Patient, or a second subject the file does not hold, is
    /// a problem by its place, and with --skip-invalid only the first person's readings come in.
    @Test func twoPeopleWhoAreNoProfilesAreNeverMixedIntoOne() throws {
        func bloodPressure(_ id: String, _ subject: String, _ at: String, _ systolic: Int) -> String {
            """
            {"resource": {"resourceType": "Observation", "id": "\(id)", "status": "final", "subject": {"reference": "\(subject)"},
             "code": {"coding": [{"system": "http://loinc.org", "code": "85354-9"}]}, "effectiveDateTime": "\(at)",
             "component": [{"code": {"coding": [{"system": "http://loinc.org", "code": "8480-6"}]}, "valueQuantity": {"value": \(systolic), "unit": "mmHg", "code": "mm[Hg]"}},
                           {"code": {"coding": [{"system": "http://loinc.org", "code": "8462-4"}]}, "valueQuantity": {"value": 80, "unit": "mmHg", "code": "mm[Hg]"}}]}}
            """
        }
        func write(_ entries: [String]) throws -> String {
            let path = NSTemporaryDirectory() + "two-people-\(UUID().uuidString).json"
            try Data("{\"resourceType\": \"Bundle\", \"type\": \"collection\", \"entry\": [\(entries.joined(separator: ","))]}".utf8)
                .write(to: URL(fileURLWithPath: path))
            return path
        }
        // Two Patients in the file.
        let patients = try write([
            "{\"resource\": {\"resourceType\": \"Patient\", \"id\": \"anna\"}}", "{\"resource\": {\"resourceType\": \"Patient\", \"id\": \"ben\"}}",
            bloodPressure("a1", "Patient/anna", "2026-11-20T07:30:00+08:00", 131), bloodPressure("b1", "Patient/ben", "2026-11-20T07:31:00+08:00", 152),
            bloodPressure("a2", "https://fhir.example.org/Patient/anna", "2026-11-20T21:00:00+08:00", 133),
        ])
        defer { try? FileManager.default.removeItem(atPath: patients) }
        let both = try read(patients)
        #expect(both.problems.count == 1, "\(both.problems)")
        #expect(both.problems.first.map { "\($0)" }?.contains("a second person (Patient/ben) besides Patient/anna") == true, "\(both.problems)")
        #expect(both.readings.map { $0.bloodPressure?.systolic } == [131, 133], "only anna's readings, never ben's 152")
        // Subjects the file does not hold: the same rule.
        let subjects = try write([
            bloodPressure("c1", "Patient/7", "2026-11-21T07:30:00+08:00", 128), bloodPressure("c2", "Patient/8", "2026-11-21T07:31:00+08:00", 160),
            bloodPressure("c3", "", "2026-11-21T21:00:00+08:00", 126),
        ])
        defer { try? FileManager.default.removeItem(atPath: subjects) }
        let two = try read(subjects)
        #expect(two.problems.count == 1 && two.problems.first.map { "\($0)" }?.contains("a second person (Patient/8) besides Patient/7") == true, "\(two.problems)")
        #expect(two.readings.map { $0.bloodPressure?.systolic }.sorted { ($0 ?? 0) < ($1 ?? 0) } == [126, 128])
    }

    /// A gateway that writes UTC (`Z`) does not know the patient's clock: the reading is shown in
    /// the import's zone, so 23:31Z is 07:31 the next morning in Shanghai, as the notebook and
    /// --columns read `Z`; `+00:00`, as HealthLog's own export writes a London reading, is kept.
    @Test func aTimeWrittenInUTCIsShownInTheImportsZone() throws {
        func bloodPressure(_ id: String, _ at: String) -> String {
            """
            {"resource": {"resourceType": "Observation", "id": "\(id)", "status": "final", "subject": {"reference": "Patient/p1"},
             "code": {"coding": [{"system": "http://loinc.org", "code": "85354-9"}]}, "effectiveDateTime": "\(at)",
             "component": [{"code": {"coding": [{"system": "http://loinc.org", "code": "8480-6"}]}, "valueQuantity": {"value": 141, "unit": "mmHg", "code": "mm[Hg]"}},
                           {"code": {"coding": [{"system": "http://loinc.org", "code": "8462-4"}]}, "valueQuantity": {"value": 89, "unit": "mmHg", "code": "mm[Hg]"}}]}}
            """
        }
        let path = NSTemporaryDirectory() + "phd-utc-\(UUID().uuidString).json"
        let entries = [bloodPressure("z", "2026-11-19T23:31:12Z"), bloodPressure("plus", "2026-11-20T13:05:00+00:00")]
        try Data("{\"resourceType\": \"Bundle\", \"type\": \"collection\", \"entry\": [\(entries.joined(separator: ","))]}".utf8)
            .write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try read(path, zone: zone("Asia/Shanghai"))
        #expect(file.problems.isEmpty, "\(file.problems)")
        #expect(file.readings.map(\.takenAt.iso8601).sorted() == ["2026-11-20T07:31:12+08:00", "2026-11-20T13:05:00+00:00"])
    }
}
