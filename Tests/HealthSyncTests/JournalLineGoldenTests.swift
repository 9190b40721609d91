import HealthCore
@testable import HealthSync
import Testing

/// The journal's lines are the wire format between a family's machines: what one HealthLog
/// writes, every other HealthLog, older or newer, reads. These lines pin it. A format 1 line is
/// what HealthLog wrote before transactions (its record in the JSON backup's form of that day,
/// times as text, weight in kilograms); a format 2 line is what this HealthLog writes. If a
/// test here fails, the protocol changed: journals already in a family's folder would stop
/// merging, so the change needs a new format version instead.
@Suite struct JournalLineGoldenTests {
    static let device = "3f9a0c1d2e4b5a69"
    static let reading = Reading(
        id: "6f1e2d3c-4b5a-4697-8877-665544332211", profileID: "dad",
        takenAt: ZonedInstant(utcSeconds: 1_764_372_600, offsetMinutes: 480),  // 2025-11-29 07:30 +08:00
        bloodPressure: BloodPressure(systolic: 150, diastolic: 95), pulse: 80, weightGrams: 72_500, tagIDs: ["bp-med", "coffee"],
        note: "dizzy when I stood up 眩晕", site: .office, createdAt: 1_764_376_262_125, updatedAt: 1_764_376_320_000)

    // MARK: - Format 1, as HealthLog wrote it before transactions

    /// A reading with every field: each survives, the weight to the gram, the note's escapes
    /// decoded, the site, the tags in order, the created and changed stamps to the millisecond.
    @Test func aFormatOneReadingLineReadsWithEveryField() throws {
        let line = #"{"v":1,"op":"0d9c2b1a-3e4f-4a5b-8c6d-7e8f9a0b1c2d","clock":116000000000000000,"device":"3f9a0c1d2e4b5a69","entity":"reading","id":"6f1e2d3c-4b5a-4697-8877-665544332211","profile":"dad","deleted":false,"record":{"id":"6f1e2d3c-4b5a-4697-8877-665544332211","profile":"dad","takenAt":"2025-11-29T07:30:00+08:00","systolic":150,"diastolic":95,"pulse":80,"weightKg":72.5,"tags":["bp-med","coffee"],"note":"dizzy when I stood up \u7729\u6655","site":"office","createdAt":"2025-11-29T00:31:02.125Z","updatedAt":"2025-11-29T00:32:00.000Z"},"app":"0.1.0","sum":"69c8ee5e8ef71076856261d185deaab86975333a"}"#
        let operation = try #require(try JournalLine.operation(line))
        #expect(operation.change == .readingPut(JournalLineGoldenTests.reading))
        #expect(operation.operation.clock == 116_000_000_000_000_000)
        #expect(operation.operation.device == JournalLineGoldenTests.device)
        #expect(operation.operation.id == "0d9c2b1a-3e4f-4a5b-8c6d-7e8f9a0b1c2d")
        #expect(operation.transaction == nil)
        #expect(operation.base == nil)
    }

    @Test func formatOneProfileTagEventAndDeletionLinesRead() throws {
        let profile = #"{"v":1,"op":"1d9c2b1a-3e4f-4a5b-8c6d-7e8f9a0b1c2d","clock":116000000000000001,"device":"3f9a0c1d2e4b5a69","entity":"profile","id":"dad","deleted":false,"record":{"id":"dad","name":"老爸","birthYear":1948,"sex":"male","target":{"systolic":130,"diastolic":80},"createdAt":"2025-11-01T00:00:00.000Z","updatedAt":"2025-11-02T00:00:00.000Z"},"app":"0.1.0","sum":"62d82d7d54c500c9edfcca528dfc6c832e633720"}"#
        #expect(
            try JournalLine.operation(profile)?.change
                == .profilePut(
                    Profile(
                        id: "dad", name: "老爸", birthYear: 1948, sex: .male, target: BloodPressure(systolic: 130, diastolic: 80),
                        createdAt: 1_761_955_200_000, updatedAt: 1_762_041_600_000)))

        let tag = ##"{"v":1,"op":"2d9c2b1a-3e4f-4a5b-8c6d-7e8f9a0b1c2d","clock":116000000000000002,"device":"3f9a0c1d2e4b5a69","entity":"tag","id":"low-salt","deleted":false,"record":{"id":"low-salt","label":"Low-salt meal","labelZh":"低盐饮食","color":"#2A9D8F","symbol":"leaf","deviation":false,"removed":true},"app":"0.1.0","sum":"a708e105a948575a92bc6c79fa016d773024d984"}"##
        #expect(
            try JournalLine.operation(tag)?.change
                == .tagPut(StatusTag(id: "low-salt", label: "Low-salt meal", labelZh: "低盐饮食", color: "#2A9D8F", symbol: "leaf", removed: true)))

        let event = #"{"v":1,"op":"3d9c2b1a-3e4f-4a5b-8c6d-7e8f9a0b1c2d","clock":116000000000000003,"device":"3f9a0c1d2e4b5a69","entity":"event","id":"7f1e2d3c-4b5a-4697-8877-665544332211","profile":"dad","deleted":false,"record":{"id":"7f1e2d3c-4b5a-4697-8877-665544332211","profile":"dad","at":"2025-11-09T08:00:00+08:00","kind":"medication","text":"amlodipine 5 mg started","createdAt":"2025-11-09T00:00:00.000Z","updatedAt":"2025-11-09T00:00:00.000Z"},"app":"0.1.0","sum":"7e642a6404361aaa81df18e512fe3bf529a30de3"}"#
        let read = try #require(try JournalLine.operation(event))
        guard case .eventPut(let put) = read.change else {
            Issue.record("an event line read as \(read.change)")
            return
        }
        #expect(put.id == "7f1e2d3c-4b5a-4697-8877-665544332211" && put.profileID == "dad" && put.kind == .medication)
        #expect(put.text == "amlodipine 5 mg started" && put.at == ZonedInstant(utcSeconds: 1_762_646_400, offsetMinutes: 480))
        #expect(put.createdAt == 1_762_646_400_000 && put.updatedAt == 1_762_646_400_000)

        let deletion = #"{"v":1,"op":"4d9c2b1a-3e4f-4a5b-8c6d-7e8f9a0b1c2d","clock":116000000000000004,"device":"3f9a0c1d2e4b5a69","entity":"reading","id":"8f1e2d3c-4b5a-4697-8877-665544332211","profile":"dad","deleted":true,"base":115999999999999999,"app":"0.1.0","sum":"a10c198b540b225d62d9b8f22853129387d3a35c"}"#
        let deleted = try #require(try JournalLine.operation(deletion))
        #expect(deleted.change == .readingDeleted(id: "8f1e2d3c-4b5a-4697-8877-665544332211", profileID: "dad"))
        #expect(deleted.base == 115_999_999_999_999_999)
    }

    // MARK: - Format 2, as this HealthLog writes it

    /// The line this HealthLog writes for a reading, byte for byte, and what it reads back.
    @Test func aFormatTwoReadingLineIsWrittenSoAndReadsBack() throws {
        let written = try #require(
            JournalLine.operation(
                for: .readingPut(JournalLineGoldenTests.reading), id: "0d9c2b1a-3e4f-4a5b-8c6d-7e8f9a0b1c2d", transaction: "a1b2c3d4e5f60718",
                clock: 116_000_000_000_000_000, device: JournalLineGoldenTests.device, base: 115_999_999_999_999_999))
        let golden = #"{"v":2,"tx":"a1b2c3d4e5f60718","op":"0d9c2b1a-3e4f-4a5b-8c6d-7e8f9a0b1c2d","clock":116000000000000000,"device":"3f9a0c1d2e4b5a69","entity":"reading","id":"6f1e2d3c-4b5a-4697-8877-665544332211","profile":"dad","deleted":false,"base":115999999999999999,"record":{"id":"6f1e2d3c-4b5a-4697-8877-665544332211","profile":"dad","takenAt":"2025-11-29T07:30:00+08:00","systolic":150,"diastolic":95,"pulse":80,"weightG":72500,"tags":["bp-med","coffee"],"note":"dizzy when I stood up 眩晕","site":"office","createdAt":1764376262125,"updatedAt":1764376320000},"sum":"94f479803347b8ea88d4b47c5178f313e5893a13"}"#
        #expect(written.line == golden)
        let read = try #require(try JournalLine.operation(golden))
        #expect(read.change == .readingPut(JournalLineGoldenTests.reading))
        #expect(read.transaction == "a1b2c3d4e5f60718" && read.base == 115_999_999_999_999_999)
    }

    /// A commit line: the transaction, its device, how many operations, the last clock, and the
    /// version of the HealthLog that wrote it.
    @Test func aCommitLineIsWrittenSoAndReadsBack() throws {
        let written = JournalLine.commitLine(
            transaction: "a1b2c3d4e5f60718", device: JournalLineGoldenTests.device, operations: 3, clock: 116_000_000_000_000_002)
        let unsigned = #"{"v":2,"commit":"a1b2c3d4e5f60718","device":"3f9a0c1d2e4b5a69","operations":3,"clock":116000000000000002,"app":"\#(HealthLogVersion.current)""#
        #expect(written == unsigned + #","sum":""# + JournalLine.checksum(unsigned) + #""}"#)
        guard case .commit(let commit) = try JournalLine.decode(written) else {
            Issue.record("a commit line read as an operation")
            return
        }
        #expect(commit == .init(transaction: "a1b2c3d4e5f60718", device: JournalLineGoldenTests.device, operations: 3, clock: 116_000_000_000_000_002))
    }
}
