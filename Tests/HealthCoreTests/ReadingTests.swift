import HealthCore
import Testing

@Suite struct ReadingTests {
    static let when = ZonedInstant(utcSeconds: 1_795_996_800, offsetMinutes: 480)

    /// Ids are held compactly when they are lowercase UUIDs; every id reads back exactly as set.
    @Test(arguments: [
        "6513270e-269e-4d37-b2a7-4de452e6b438", "00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff",
        "6513270E-269E-4D37-B2A7-4DE452E6B438", "x", "", "6513270e-269e-4d37-b2a7-4de452e6b43g", "6513270e_269e-4d37-b2a7-4de452e6b438",
    ])
    func idsReadBackExactly(id: String) {
        var reading = Reading(id: id, profileID: "dad", takenAt: Self.when, pulse: 60)
        #expect(reading.id == id)
        var other = Reading(id: "11111111-1111-1111-1111-111111111111", profileID: "dad", takenAt: Self.when, pulse: 60)
        Array(id.utf8).withUnsafeBufferPointer { other.setID(utf8: $0) }
        #expect(other.id == id)
        #expect(other == reading)
        reading.id = Reading.newID()
        #expect(reading != other)
        #expect(Reading.isValidID(reading.id))
    }

    /// A summary holds every reading of its range: a reading takes 112 bytes, not the 160 its
    /// optional `Int`s took.
    @Test func readingsAreCompact() {
        #expect(MemoryLayout<Reading>.stride <= 112)
    }

    /// Values read back exactly as set, those too large for a log's fields as well (they are
    /// refused by validation, quoting the value as typed), and setting one keeps the others.
    @Test(arguments: [
        (BloodPressure(systolic: 138, diastolic: 86), 72, 78_500, 480, MeasurementSite.home),
        (BloodPressure(systolic: 99_999, diastolic: 86), 72, 78_500, 480, .office),
        (BloodPressure(systolic: 138, diastolic: -5_000_000_000), Int.max, Int.min, -1080, .home),
        (BloodPressure(systolic: 0, diastolic: 0), 0, 0, 0, .office),
    ])
    func valuesReadBackExactly(pressure: BloodPressure, pulse: Int, grams: Int, offset: Int, site: MeasurementSite) {
        let when = ZonedInstant(utcSeconds: Self.when.utcSeconds, offsetMinutes: offset)
        var reading = Reading(profileID: "dad", takenAt: when, bloodPressure: pressure, pulse: pulse, weightGrams: grams, site: site)
        #expect(reading.bloodPressure == pressure && reading.pulse == pulse && reading.weightGrams == grams)
        #expect(reading.takenAt == when && reading.site == site)
        let same = Reading(id: reading.id, profileID: "dad", takenAt: when, bloodPressure: pressure, pulse: pulse, weightGrams: grams, site: site)
        #expect(reading == same)
        reading.pulse = nil
        #expect(reading.pulse == nil && reading.bloodPressure == pressure && reading.weightGrams == grams && reading.site == site)
        #expect(reading != same)
        reading.bloodPressure = nil
        reading.weightGrams = 61_000
        reading.takenAt = Self.when
        #expect(reading.bloodPressure == nil && reading.weightGrams == 61_000 && reading.takenAt == Self.when && reading.site == site)
        reading.site = .home
        reading.bloodPressure = BloodPressure(systolic: 120, diastolic: 80)
        reading.pulse = pulse
        reading.weightGrams = grams
        reading.takenAt = when
        reading.site = site
        reading.bloodPressure = pressure
        #expect(reading == same)
    }

    @Test func validationStillRefusesBadIds() {
        #expect(throws: ValidationError.invalid("reading id 'x' is not a UUID")) {
            try Reading(id: "x", profileID: "dad", takenAt: Self.when, pulse: 60).validate()
        }
        #expect(throws: Never.self) {
            try Reading(id: "6513270E-269E-4D37-B2A7-4DE452E6B438", profileID: "dad", takenAt: Self.when, pulse: 60).validate()
        }
    }

    /// A reading at 00:40 counts for the day before, in the evening period.
    @Test func measurementDay() {
        let late = Reading(profileID: "dad", takenAt: ZonedInstant(date: CivilDate(iso: "2026-11-30")!, hour: 0, minute: 40, offsetMinutes: 480), pulse: 60)
        #expect(late.measurementDay == CivilDate(iso: "2026-11-29"))
        #expect(late.period == .evening)
        let early = Reading(profileID: "dad", takenAt: ZonedInstant(date: CivilDate(iso: "2026-11-30")!, hour: 4, minute: 0, offsetMinutes: 480), pulse: 60)
        #expect(early.measurementDay == CivilDate(iso: "2026-11-30"))
        #expect(early.period == .morning)
    }
}
