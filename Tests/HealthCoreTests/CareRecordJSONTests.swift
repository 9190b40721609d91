import HealthCore
import Testing

/// The care record's JSON members, written by one encoder for the backup and the listings.
@Suite struct CareRecordJSONTests {
    /// A profile without a care context adds no member, so it is written as before the care record.
    @Test func aProfileWritesOnlyTheCareItHas() {
        var profile = Profile(id: "mum", name: "妈妈")
        #expect(profile.careJSONMembers.isEmpty)
        profile.conditions = [.diabetes, .kidneyDisease]
        profile.pregnancyDue = CivilDate(iso: "2027-02-10")
        profile.frail = true
        profile.sleep = SleepHours("08:30-16:00")
        #expect(JSONValue.object(profile.careJSONMembers).serialized(indent: nil)
            == #"{"conditions":["diabetes","kidney-disease"],"pregnancyDue":"2027-02-10","frail":true,"sleep":"08:30-16:00"}"#)
    }

    /// A medicine's dose, times and reason appear only when given.
    @Test func aMedicineWritesOnlyWhatWasGiven() {
        #expect(MedicineChange(name: "amlodipine", action: .stop).json.serialized(indent: nil) == #"{"name":"amlodipine","action":"stop"}"#)
        #expect(
            MedicineChange(name: "amlodipine", action: .change, dose: "10 mg", times: [.morning, .evening], reason: "still high").json.serialized(indent: nil)
                == #"{"name":"amlodipine","action":"change","dose":"10 mg","times":["morning","evening"],"reason":"still high"}"#)
    }
}
