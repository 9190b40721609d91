import Foundation
import HealthCore
import HealthRecords
import Testing

/// A generated Apple Health export streams through with flat memory: about 63 MB in `make test`
/// with a peak below the file's own size, over 200 MB in `make soak` (HEALTHLOG_SOAK=1).
@Suite struct StreamingImportTests {
    static let soak = ProcessInfo.processInfo.environment["HEALTHLOG_SOAK"] == "1"

    /// Writes `days` days of a watch's heart rate every two minutes plus two BP correlations a day.
    private func writeExport(to path: String, days: Int) throws -> Int {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.write(contentsOf: Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n".utf8))
        var written = 0
        for day in 0..<days {
            let date = CivilDate(iso: "2020-01-01")!.adding(days: day).description
            var chunk = ""
            chunk.reserveCapacity(180_000)
            for minute in stride(from: 0, to: 1440, by: 2) {
                let time = "\(date) \(two(minute / 60)):\(two(minute % 60)):00 +0800"
                chunk += " <Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"Watch\" unit=\"count/min\" creationDate=\"\(time)\" startDate=\"\(time)\" endDate=\"\(time)\" value=\"\(60 + minute % 30)\"/>\n"
            }
            for (hour, minute) in [(7, 10), (21, 5)] {
                let time = "\(date) \(two(hour)):\(two(minute)):00 +0800"
                chunk += " <Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\" sourceName=\"Omron\" startDate=\"\(time)\" endDate=\"\(time)\">\n"
                chunk += "  <Record type=\"HKQuantityTypeIdentifierBloodPressureSystolic\" unit=\"mmHg\" startDate=\"\(time)\" value=\"\(120 + day % 30)\"/>\n"
                chunk += "  <Record type=\"HKQuantityTypeIdentifierBloodPressureDiastolic\" unit=\"mmHg\" startDate=\"\(time)\" value=\"\(75 + day % 15)\"/>\n </Correlation>\n"
            }
            let data = Data(chunk.utf8)
            written += data.count
            try handle.write(contentsOf: data)
        }
        try handle.write(contentsOf: Data("</HealthData>\n".utf8))
        return written
    }

    @Test func aLargeExportStreamsInFlatMemory() throws {
        let directory = TemporaryDirectory()
        let export = directory.file("export.xml")
        let days = Self.soak ? 1_400 : 420
        let size = try writeExport(to: export, days: days)
        #expect(size > (Self.soak ? 200_000_000 : 60_000_000))
        let environment = ["HEALTHLOG_DB": directory.file("log.sqlite"), "HOME": directory.path, "TZ": "UTC"]
        #expect(try runProcess(["profile", "add", "dad"], environment: environment).status == 0)
        let result = try run(
            executable: "/usr/bin/time", ["-f", "peak-rss-kb %M", try healthlogExecutable(), "-p", "dad", "import", export],
            environment: environment)
        let (stdout, stderr) = (result.stdout, result.stderr)
        #expect(result.status == 0, "\(stderr)")
        // Two readings a day; the 07:10 one gets the heart rate of its minute, the 21:05 one has none (odd minute).
        #expect(stdout == "Imported \(export) into dad: added \(2 * days), duplicate 0, skipped \(720 * days - days), invalid 0.\n")
        let peak = try #require(stderr.split(separator: "\n").last { $0.hasPrefix("peak-rss-kb ") }.flatMap { Int($0.dropFirst(12)) })
        // Flat: the 210 MB file peaked at 22 MB; a reader that held the file could not stay under it.
        #expect(peak < (Self.soak ? 100 : 48) * 1024, "peak RSS \(peak) KiB")
    }
}

private func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

