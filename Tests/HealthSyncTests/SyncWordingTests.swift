import Foundation
import HealthCore
@testable import HealthSync
import HealthSyncPresentation
import Testing

/// Sync's reports in words, as the command line and the page say them: one wording for both.
@Suite struct SyncWordingTests {
    private let wording: SyncWording = {
        let templates = TemplatesFolder(
            directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Templates").path)
        return SyncWording(words: try! StringTable.load(.english, from: templates), zone: FixedOffsetZone(minutes: 480))
    }()

    /// Each device's records in one line, by its name; a refused line is a warning.
    @Test func aMergeIsOneLineADeviceAndItsRefusalsAWarning() {
        var report = MergeReport()
        report.tallies = ["3f9a1c2b77d04e51": [.reading: MergeReport.Tally(added: 2, changed: 1), .tag: MergeReport.Tally(deleted: 1)]]
        report.refused = 1
        let lines = wording.merge(report, names: ["3f9a1c2b77d04e51": "laptop-dad"])
        #expect(lines.map(\.text) == [
            "From laptop-dad (3f9a1c2b): readings 2 added, 1 changed; tag definition 1 deleted.",
            "1 line in the shared folder refused; see 'healthlog sync status'.",
        ])
        #expect(lines.map(\.isWarning) == [false, true])
    }

    /// Waiting for the other machine: this machine's id as text and as a QR code, then what to
    /// run there; the devices' names are read for a join only.
    @Test func setUpShowsTheIdToTypeOrScan() throws {
        let own = try #require(SyncthingDeviceID(parsing: "P56IOI7-MZJNU2Y-IQGDREY-DM2MGTI-MGL3BXN-PQ6W5BM-TBBZ4TJ-XZWICQ2"))
        var asked = false
        let said = wording.setup(.waitingForPeer(own: own, seconds: 600), names: { asked = true; return [:] }())
        #expect(!asked)
        #expect(said.count == 5 && said[2] == .qrCode(own.text))
        guard case .line(let id) = said[1], case .line(let run) = said[3] else {
            Issue.record("lines expected around the QR code")
            return
        }
        #expect(id.text == "  " + own.text && !id.isWarning)
        #expect(run.text.contains("healthlog sync setup --with " + own.text))
        #expect(wording.setup(.waitingForDelivery, names: [:]).count == 1)
    }

    /// Nothing new is said, unless the caller (a join) keeps quiet about it.
    @Test func nothingNewIsSaidOnlyWhenAsked() {
        #expect(wording.merge(MergeReport(), names: [:]).map(\.text) == ["Nothing new in the shared folder."])
        #expect(wording.merge(MergeReport(), names: [:], quietWhenEmpty: true).isEmpty)
    }

    /// A device without a name is its short id.
    @Test func aDeviceWithoutANameIsItsShortID() {
        #expect(SyncWording.deviceName("0b77c2e4aa", names: [:]) == "0b77c2e4")
        #expect(SyncWording.deviceName("0b77c2e4aa", names: ["0b77c2e4aa": "phone\u{1B}[2J"]) == "phone\\e[2J (0b77c2e4)")
    }

    /// Durations go to the nearest whole unit: a skew of 259,199 s is 3 days, never 2.
    @Test func durationsAreToTheNearestUnit() {
        #expect(wording.duration(259_199_000) == "3 days")
        #expect(wording.duration(7_170_000) == "2 h")
        #expect(wording.duration(119_000) == "119 s")
        #expect(wording.duration(120_000) == "2 min")
    }

    /// Times are the machine's wall clock, to the minute.
    @Test func timesAreLocal() {
        #expect(wording.localTime(1_795_996_800_000) == "2026-11-30 08:00")
    }
}
