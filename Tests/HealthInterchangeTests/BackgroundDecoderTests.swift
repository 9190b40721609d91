import HealthCore
@testable import HealthInterchange
import HealthRecords
import Testing

@Suite struct BackgroundDecoderTests {
    private func backgroundDecoder(_ path: String, _ format: InterchangeFormat = .csv) throws -> BackgroundDecoder {
        let context = DecodeContext(
            name: path, zone: FixedOffsetZone(minutes: 480), dateOrder: nil, now: fixedNow + 86_400_000, profile: nil, onlyProfile: nil, birthYears: [:])
        return BackgroundDecoder(format: format, input: try ImportInput(path: path), context: context)
    }

    /// A HealthLog CSV of `count` readings, one every 10 minutes, with a bad row at `badRow`.
    private func csv(_ count: Int, badRow: Int? = nil) -> String {
        var lines = [ReadingCSVCodec.header.joined(separator: ",")]
        for index in 0..<count {
            let minutes = index * 10
            let time = String(format2: minutes / 60 % 24) + ":" + String(format2: minutes % 60)
            let day = 1 + minutes / 1440
            let systolic = index == badRow ? "70" : "\(120 + index % 30)"
            lines.append(",dad,2026-\(String(format2: 1 + day / 28 % 12))-\(String(format2: 1 + day % 28))T\(time):00+08:00,\(systolic),80,70,,,")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aCSVArrivesInBatchesWhileItIsRead() throws {
        let directory = TemporaryDirectory()
        let path = directory.write("big.csv", csv(10_000))
        let decoder = try backgroundDecoder(path)
        var sizes: [Int] = []
        while let batch = decoder.nextBatch() { sizes.append(batch.readings.count) }
        #expect(sizes == [256, 4096, 4096, 1552])
        #expect(decoder.nextBatch() == nil)
        let outcome = try decoder.finish()
        #expect(outcome.problems.isEmpty)
    }

    @Test func problemsComeWithTheEndAndAWrongHeaderAtTheStart() throws {
        let directory = TemporaryDirectory()
        let path = directory.write("bad.csv", csv(6_000, badRow: 5_000))
        let decoder = try backgroundDecoder(path)
        var count = 0
        while let batch = decoder.nextBatch() { count += batch.readings.count }
        #expect(count == 5_999)
        #expect(try decoder.finish().problems.map(\.description) == ["\(path):5002: systolic must be higher than diastolic, got 70/80 (SYS/DIA, e.g. 138/86)"])

        let wrong = directory.write("wrong.csv", "when,sys,dia\n2026-11-30,120,80\n")
        let refused = try backgroundDecoder(wrong)
        #expect(refused.nextBatch() == nil)
        #expect(throws: InterchangeError.self) { try refused.finish() }
    }

    @Test func aBackupStreamsItsProfilesAndTagsWithItsReadings() throws {
        let decoder = try backgroundDecoder(fixture("backup.json"), .json)
        var profiles = 0, tags = 0, readings = 0
        while let batch = decoder.nextBatch() {
            profiles += batch.profiles.count
            tags += batch.tags.count
            readings += batch.readings.count
        }
        #expect(profiles > 0 && tags > 0 && readings > 0)
        #expect(try decoder.finish().problems.isEmpty)
    }

    @Test func abandoningItMidwayLetsTheThreadGo() throws {
        let directory = TemporaryDirectory()
        let path = directory.write("big.csv", csv(30_000))
        for _ in 0..<3 {
            let decoder = try backgroundDecoder(path)
            _ = decoder.nextBatch()
            decoder.cancel()
            #expect(decoder.nextBatch() == nil)
        }
    }
}

extension String {
    /// Two digits, zero-padded.
    fileprivate init(format2 value: Int) {
        self = value < 10 ? "0\(value)" : "\(value)"
    }
}
