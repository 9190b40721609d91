import Foundation
import HealthCore
import HealthInterchange
import HealthUseCases
import Testing

/// Which FHIR releases are read (Fixtures/real/MANIFEST.md, "Same minute, daylight saving, FHIR
/// versions…"): R4, R4B and R5 alike; DSTU2 and STU3 are refused in one line naming the release
/// and what shows it, and nothing is imported.
@Suite struct FHIRReleaseTests {
    @Test func aDSTU2BundleIsRefusedNamingItsRelease() throws {
        let path = realFixture("fhir_dstu2_bundle.json")
        #expect(throws: InterchangeError.malformed(
            path: "\(path): entry[0] (Observation bp-1)",
            reason: "this is FHIR DSTU2 (a single category object (R4 has an array)); HealthLog reads FHIR R4, R4B and R5: export or convert it as R4")
        ) { try read(path, profile: "p") }
        // Nothing of it is written either.
        let directory = TemporaryDirectory()
        #expect(throws: HealthLogError.self) { try importFile(path, into: directory.file("log.sqlite"), profile: .named("p")) }
        #expect(!FileManager.default.fileExists(atPath: directory.file("log.sqlite")))
    }

    @Test func anSTU3ObservationIsRefusedByItsShape() throws {
        let path = realFixture("fhir_stu3_observation.json")
        #expect(throws: InterchangeError.malformed(
            path: path, reason: "this is FHIR STU3 ('context' (R4 has 'encounter')); HealthLog reads FHIR R4, R4B and R5: export or convert it as R4")
        ) { try read(path, profile: "p") }
    }

    @Test func anSTU3ProfileVersionInBulkDataIsRefused() throws {
        let path = realFixture("fhir_stu3_bulk.ndjson")
        #expect(throws: InterchangeError.malformed(
            path: path,
            reason: "this is FHIR STU3 (meta.profile http://hl7.org/fhir/StructureDefinition/bodyweight|3.0.1); HealthLog reads FHIR R4, R4B and R5: export or convert it as R4")
        ) { try read(path, profile: "p") }
    }

    @Test func anR5ObservationIsRead() throws {
        let file = try read(realFixture("fhir_r5_observation.json"), profile: "p")
        #expect(file.problems.isEmpty)
        #expect(file.readings.map(\.takenAt.iso8601) == ["2025-02-10T07:20:00+01:00"])
        #expect(file.readings.map(\.bloodPressure?.description) == ["127/81"])
    }
}
