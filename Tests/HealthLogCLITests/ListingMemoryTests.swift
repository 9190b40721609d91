import Foundation
import HealthCore
import HealthInterchange
import Testing

/// `list` streams in every format, the table too: its peak memory (the kernel's, from
/// `getrusage` of the child through `/usr/bin/time`) at 50,000 readings stays within a few MB
/// of the same at 5,000. A listing held whole grows by about 20 MB between the two.
@Suite(.serialized) struct ListingMemoryTests {
    static let formats = [["--format", "json"], ["--format", "csv"], ["--from", "2000-01-01"]]

    @Test func listingsTakeFlatMemory() throws {
        let small = try peaks(readings: 5_000)
        let large = try peaks(readings: 50_000)
        for (index, arguments) in ListingMemoryTests.formats.enumerated() {
            let growth = large[index] - small[index]
            print("list \(arguments.joined(separator: " ")): peak \(small[index] / 1024) MiB at 5,000 readings, \(large[index] / 1024) MiB at 50,000")
            #expect(growth < 4 * 1024, "list \(arguments.joined(separator: " ")) grew by \(growth) KiB")
        }
    }

    /// The peak resident memory (KiB) of `list` in each of ``formats`` over a log of `count` readings.
    private func peaks(readings count: Int) throws -> [Int] {
        let log = try PeakMemory(readings: count) { index in
            let instant = ZonedInstant(utcSeconds: 1_577_836_800 + Int64(index) * 900, offsetMinutes: 480)
            let tags = index % 3 == 0 ? "bp-med" : index % 3 == 1 ? "bp-med;coffee" : ""
            return ",dad,\(instant.iso8601),\(110 + index % 60),\(70 + index % 25),\(60 + index % 30),,\(tags),after walk \(index % 40),"
        }
        return try ListingMemoryTests.formats.map { try log.peak(["list"] + $0) }
    }
}
