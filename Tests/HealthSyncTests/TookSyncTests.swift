import Foundation
import Testing

/// A dose taken on one machine reaches the other through the shared folder, and its journal
/// line says it needs a HealthLog that knows doses, so an older one holds it instead of misreading it.
@Suite struct TookSyncTests {
    @Test func aDoseReachesTheOtherLog() throws {
        let family = Family()
        family.dad.ok("-p", "dad", "med", "start", "amlodipine", "--dose", "5 mg", "--times", "morning", "--at", "2026-11-01")
        family.joined()
        family.settle()
        family.daughter.ok("-p", "dad", "took", "--at", "2026-11-30 07:30")
        family.settle()
        let dadEvents = family.dad.ok("-p", "dad", "event", "list", "--format", "json")
        #expect(dadEvents == family.daughter.ok("-p", "dad", "event", "list", "--format", "json"))
        #expect(dadEvents.contains("\"kind\": \"dose\""))
        #expect(family.dad.ok("-p", "dad", "took", "--at", "2026-11-30 08:00").hasPrefix("amlodipine was already recorded as taken at Mon 2026-11-30 07:30"))
        let journal = try FileManager.default.subpathsOfDirectory(atPath: family.folder).filter { $0.hasSuffix(".ndjson") }
            .map { try String(contentsOfFile: "\(family.folder)/\($0)", encoding: .utf8) }.joined()
        #expect(journal.components(separatedBy: "\"needs\":[\"care-record\",\"doses\"]").count - 1 == 1, "the dose's line needs doses")
    }
}
