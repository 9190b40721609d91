import HealthInterchange
import HealthCore
import HealthRecords
import Testing

@Suite struct BackgroundDecoderTests {
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
        let decoder = BackgroundDecoder(format: .csv, settings: settings(path, profile: nil))
        let head = try decoder.start()
        #expect(head.profiles.isEmpty && head.tags.isEmpty && !head.mergesByID)
        var sizes: [Int] = []
        while let batch = decoder.nextBatch() { sizes.append(batch.readings.count) }
        #expect(sizes == [256, 4096, 4096, 1552])
        #expect(decoder.nextBatch() == nil)
        let outcome = try decoder.finish()
        #expect(outcome.problems.isEmpty && outcome.readings.isEmpty)
    }

    @Test func problemsComeWithTheEndAndAWrongHeaderAtTheStart() throws {
        let directory = TemporaryDirectory()
        let path = directory.write("bad.csv", csv(6_000, badRow: 5_000))
        let decoder = BackgroundDecoder(format: .csv, settings: settings(path, profile: nil))
        _ = try decoder.start()
        var count = 0
        while let batch = decoder.nextBatch() { count += batch.readings.count }
        #expect(count == 5_999)
        #expect(try decoder.finish().problems == ["\(path):5002: systolic must be higher than diastolic, got 70/80 (SYS/DIA, e.g. 138/86)"])

        let wrong = directory.write("wrong.csv", "when,sys,dia\n2026-11-30,120,80\n")
        let refused = BackgroundDecoder(format: .csv, settings: settings(wrong, profile: nil))
        #expect(throws: InterchangeError.self) { try refused.start() }
    }

    @Test func aWholeFileFormatSendsItsProfilesFirst() throws {
        let decoder = BackgroundDecoder(format: .json, settings: settings(fixture("backup.json"), profile: nil))
        let head = try decoder.start()
        #expect(!head.profiles.isEmpty)
        #expect(head.mergesByID)
        let batch = try #require(decoder.nextBatch())
        #expect(!batch.readings.isEmpty)
        #expect(decoder.nextBatch() == nil)
    }

    @Test func abandoningItMidwayLetsTheThreadGo() throws {
        let directory = TemporaryDirectory()
        let path = directory.write("big.csv", csv(30_000))
        for _ in 0..<3 {
            let decoder = BackgroundDecoder(format: .csv, settings: settings(path, profile: nil))
            _ = try decoder.start()
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
