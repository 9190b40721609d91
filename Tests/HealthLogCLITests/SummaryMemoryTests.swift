import Foundation
import HealthCore
import HealthInterchange
import Testing

/// What `stats` and the report's figures cost in memory as the log grows: the peak (the
/// kernel's, from `getrusage` of the child through `/usr/bin/time`) of `stats --format json` and
/// of the one-page report over all time, at 25,000 and at 125,000 readings.
///
/// Not flat yet: the figures are computed from every reading of the range held at once, so the
/// peak grows by what a reading takes in memory. This holds that to at most 175 bytes a reading
/// (17 MB more at 125,000). Measured with the release builds through `HEALTHLOG_BIN`: main of
/// 7 December grew by 22.2 MB (`stats`) and 18.1 MB (the report), with readings of 160 bytes,
/// lists of indices per period and slot, and a copy of every noted reading; with readings of
/// 112 bytes and the groups summed in one pass, by 15.2 and 12.4 MB.
@Suite(.serialized) struct SummaryMemoryTests {
    static let commands = [["stats", "--format", "json"], ["report", "--template", "summary", "-o"]]
    static let small = 25_000
    static let large = 125_000
    /// Bytes a reading may add to the peak.
    static let bytesPerReading = 175

    @Test func figuresTakeBoundedMemoryPerReading() throws {
        let small = try peaks(readings: SummaryMemoryTests.small)
        let large = try peaks(readings: SummaryMemoryTests.large)
        let allowed = (SummaryMemoryTests.large - SummaryMemoryTests.small) * SummaryMemoryTests.bytesPerReading / 1024
        for (index, arguments) in SummaryMemoryTests.commands.enumerated() {
            let growth = large[index] - small[index]
            print("\(arguments[0]): peak \(small[index] / 1024) MiB at 25,000 readings, \(large[index] / 1024) MiB at 125,000 (+\(growth) KiB)")
            #expect(growth < allowed, "\(arguments[0]) grew by \(growth) KiB, more than \(allowed) KiB")
        }
    }

    /// The peak resident memory (KiB) of each of ``commands`` over a log of `count` readings.
    private func peaks(readings count: Int) throws -> [Int] {
        let log = try PeakMemory(readings: count) { index in
            // Four readings a day, morning and evening, from 1930: 125,000 readings reach 2015.
            let day = Int64(index / 4)
            let minute = Int64(index % 4 < 2 ? 7 * 60 + 5 * (index % 2) : 21 * 60 + 5 * (index % 2))
            let instant = ZonedInstant(utcSeconds: -1_262_304_000 + day * 86_400 + minute * 60, offsetMinutes: 0)
            let tags = index % 3 == 0 ? "bp-med" : index % 3 == 1 ? "bp-med;coffee" : ""
            let note = index % 20 == 0 ? "after walk \(index % 40)" : ""
            return ",dad,\(instant.iso8601),\(110 + index % 60),\(70 + index % 25),\(60 + index % 30),,\(tags),\(note),"
        }
        return try SummaryMemoryTests.commands.map { arguments in
            try log.peak(arguments + (arguments.last == "-o" ? [log.directory.file("report.pdf")] : []))
        }
    }
}
