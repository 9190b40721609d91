import Foundation
import Testing

/// The care record between machines: a medicine's start, change and stop and a profile's care
/// context, made on one machine, reach the other whole, and their journal lines say they need a
/// HealthLog that knows the care record.
@Suite struct CareRecordSyncTests {
    @Test func medicinesAndConditionsSync() throws {
        let family = Family()
        family.joined()
        let daughter = family.daughter
        daughter.ok("-p", "dad", "med", "start", "氨氯地平", "--dose", "5 mg", "--times", "morning", "--at", "2026-10-01")
        daughter.ok("-p", "dad", "med", "change", "amlodipine", "--dose", "10 mg", "--at", "2026-11-01", "--reason", "still high")
        daughter.ok("-p", "dad", "event", "add", "new wrist monitor", "--kind", "monitor", "--at", "2026-11-20 08:00")
        daughter.ok("profile", "edit", "mom", "--conditions", "atrial-fibrillation", "--frail", "yes")
        family.settle()
        #expect(family.dad.ok("-p", "dad", "med", "list", "--all", "--format", "json") == daughter.ok("-p", "dad", "med", "list", "--all", "--format", "json"))
        #expect(family.dad.ok("-p", "dad", "med", "list").contains("amlodipine  calcium-channel blocker  10 mg  morning  since 2026-10-01"))
        #expect(family.dad.ok("-p", "dad", "event", "list", "--format", "json") == daughter.ok("-p", "dad", "event", "list", "--format", "json"))
        #expect(family.dad.ok("profile", "show", "mom").contains("atrial fibrillation, frail"))
        let journal = try FileManager.default.subpathsOfDirectory(atPath: family.folder).filter { $0.hasSuffix(".ndjson") }
            .map { try String(contentsOfFile: "\(family.folder)/\($0)", encoding: .utf8) }.joined()
        #expect(journal.components(separatedBy: "\"needs\":[\"care-record\"]").count - 1 == 4, "3 events and the profile need the care record")
    }
}
