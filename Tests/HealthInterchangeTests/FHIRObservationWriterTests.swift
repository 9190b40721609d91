import HealthCore
import HealthInterchange
import Testing

/// A FHIR Bundle's Observations are written as bytes, not built as values: they must still read
/// exactly as the pretty printer lays out the same values, and carry each reading whole.
@Suite struct FHIRObservationWriterTests {
    private static let exportedAt = ZonedInstant(iso8601: "2026-11-30T08:00:00+08:00")!

    /// Readings with every part and every mix of parts, odd offsets, tags, the clinic and notes
    /// that need escapes.
    private static let readings: [Reading] = [
        Reading(
            id: "0a1b2c3d-0000-4000-8000-000000000001", profileID: "mom", takenAt: ZonedInstant(iso8601: "2025-01-02T07:05:09-03:30")!,
            bloodPressure: BloodPressure(systolic: 141, diastolic: 92), pulse: 70, weightGrams: 72_250, tagIDs: ["bp-med", "salt"],
            note: "quote \" back\\ tab\t ctl\u{1} \u{202E}rtl\nline 2 头晕", site: .office, createdAt: fixedNow, updatedAt: fixedNow + 1_234),
        Reading(
            id: "0a1b2c3d-0000-4000-8000-000000000002", profileID: "mom", takenAt: ZonedInstant(iso8601: "2025-01-03T23:59:59+05:45")!,
            pulse: 80, note: "pulse only", updatedAt: 5),
        Reading(
            id: "0a1b2c3d-0000-4000-8000-000000000003", profileID: "dad", takenAt: ZonedInstant(iso8601: "2025-01-04T00:00:00+00:00")!,
            bloodPressure: BloodPressure(systolic: 120, diastolic: 80), site: .office, updatedAt: fixedNow + 999),
        Reading(
            id: "0a1b2c3d-0000-4000-8000-000000000004", profileID: "dad", takenAt: ZonedInstant(iso8601: "2025-01-05T12:00:00+14:00")!,
            weightGrams: 1_005, tagIDs: ["exercise"]),
        Reading(
            id: "0A1B2C3D-not-a-lowercase-uuid", profileID: "dad", takenAt: ZonedInstant(iso8601: "1999-12-31T23:59:00-12:00")!,
            pulse: 55, weightGrams: 100_100),
        Reading(
            id: "0a1b2c3d-0000-4000-8000-000000000006", profileID: "mom", takenAt: ZonedInstant(iso8601: "2025-01-06T06:00:00+08:00")!,
            weightGrams: 80_000),
    ]

    private static func bundle(_ readings: [Reading]) -> [UInt8] {
        FHIRExport.encode(
            profiles: [Profile(id: "dad", name: "爸爸"), Profile(id: "mom", name: "妈妈")], events: [], readings: readings,
            exportedAt: exportedAt)
    }

    @Test func theBundleReadsAsThePrettyPrinterWritesIt() throws {
        for readings in [FHIRObservationWriterTests.readings, []] {
            let bytes = FHIRObservationWriterTests.bundle(readings)
            let value = try JSONReader(bytes: bytes).readValue()
            #expect(String(decoding: bytes, as: UTF8.self) == value.serialized(indent: "  "))
        }
        let empty = try JSONReader(bytes: FHIRExport.encode(profiles: [], readings: [], exportedAt: FHIRObservationWriterTests.exportedAt))
            .readValue()
        #expect(empty["entry"]?.array?.isEmpty == true)
    }

    @Test func eachReadingBecomesItsObservations() throws {
        let bundle = try JSONReader(bytes: FHIRObservationWriterTests.bundle(FHIRObservationWriterTests.readings)).readValue()
        let observations = (bundle["entry"]?.array ?? []).compactMap { $0["resource"] }.filter { $0["resourceType"]?.string == "Observation" }
        // 3 + 1 + 1 + 1 + 2 + 1.
        #expect(observations.count == 9)
        let full = Array(observations.prefix(3))
        let id = "0a1b2c3d-0000-4000-8000-000000000001"
        #expect(full.map { $0["id"]?.string } == [id, NameBasedUUID.make("\(id)/pulse"), NameBasedUUID.make("\(id)/weight")])
        #expect(full.allSatisfy { $0["identifier"]?[0]?["value"]?.string == id })
        #expect(full.allSatisfy { $0["effectiveDateTime"]?.string == "2025-01-02T07:05:09-03:30" })
        #expect(full.allSatisfy { $0["meta"]?["lastUpdated"]?.string == "2026-11-30T00:00:01.234Z" })
        let patient = NameBasedUUID.make("patient/mom")
        #expect(full.allSatisfy { $0["subject"]?["reference"]?.string == "urn:uuid:\(patient)" })
        #expect(full[0]["meta"]?["tag"]?.array?.map { $0["code"]?.string } == ["bp-med", "salt", "office"])
        #expect(full[0]["meta"]?["tag"]?[2]?["system"]?.string == "urn:healthlog:site")
        #expect(full[1]["meta"]?["tag"] == nil && full[1]["note"] == nil)
        #expect(full[0]["note"]?[0]?["text"]?.string == FHIRObservationWriterTests.readings[0].note)
        #expect(full[0]["component"]?.array?.map { $0["valueQuantity"]?["value"]?.int } == [141, 92])
        #expect(full[1]["valueQuantity"]?["value"]?.int == 70 && full[1]["valueQuantity"]?["code"]?.string == "/min")
        #expect(full[2]["valueQuantity"]?["value"] == .number("72.25") && full[2]["valueQuantity"]?["unit"]?.string == "kg")
        // A reading's first Observation carries its note and tags, whatever it measures.
        #expect(observations[3]["id"]?.string == "0a1b2c3d-0000-4000-8000-000000000002")
        #expect(observations[3]["note"]?[0]?["text"]?.string == "pulse only")
        #expect(observations[3]["meta"]?["lastUpdated"]?.string == "1970-01-01T00:00:00.005Z")
        #expect(observations[4]["meta"]?["tag"]?.array?.map { $0["code"]?.string } == ["office"])
        #expect(observations[5]["valueQuantity"]?["value"] == .number("1.005"))
        #expect(observations[5]["effectiveDateTime"]?.string == "2025-01-05T12:00:00+14:00")
        #expect(observations[6]["id"]?.string == "0A1B2C3D-not-a-lowercase-uuid")
        #expect(observations[6]["effectiveDateTime"]?.string == "1999-12-31T23:59:00-12:00")
        #expect(observations[7]["valueQuantity"]?["value"] == .number("100.1"))
        #expect(observations[8]["valueQuantity"]?["value"] == .number("80"))
    }
}
