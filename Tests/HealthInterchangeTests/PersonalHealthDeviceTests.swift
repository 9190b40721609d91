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
}
