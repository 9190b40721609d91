import HealthCore
import HealthUseCases
import Testing

/// What `completions --ids` hands a shell: ids, and the latest readings' dates and values,
/// never a note or a name.
@Suite struct CompletionLinesTests {
    let folder = TemporaryDirectory()

    @Test func idsAndTheLatestReadings() throws {
        let log = makeLog(in: folder, environment: templatesEnvironment)
        try log.addProfile(Profile(id: "dad", name: "$(rm -rf ~)"))
        _ = try log.add(
            ReadingEntry(bloodPressure: BloodPressure(systolic: 138, diastolic: 86), pulse: 72, note: "`whoami`", takenAt: at("2026-11-30T07:30:00+08:00")))
        #expect(try log.completionLines(.profiles) == ["dad"])
        let line = try #require(try log.completionLines(.readings).first)
        let id = try #require(try log.latestReadings(limit: 1).first?.id)
        #expect(line == "\(id.prefix(8))\t2026-11-30 07:30 · dad · 138/86 · 72")
    }
}
