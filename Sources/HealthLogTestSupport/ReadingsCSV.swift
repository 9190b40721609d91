import HealthCore
import HealthInterchange

/// A HealthLog CSV of `count` readings for `profile`, one a minute from 2020-01-01.
public func readingsCSV(_ count: Int, profile: String = "dad", from first: Int = 0) -> String {
    var text = ReadingCSVCodec.header.joined(separator: ",") + "\n"
    text.reserveCapacity(count * 70)
    for index in first..<(first + count) {
        // A reading a minute from 2020-01-01: 2,000,000 of them end in 2023, none in the future.
        let instant = ZonedInstant(utcSeconds: 1_577_836_800 + Int64(index) * 60, offsetMinutes: 480)
        text += ",\(profile),\(instant.iso8601),\(110 + index % 60),\(70 + index % 25),\(60 + index % 30),,\(index % 3 == 0 ? "bp-med" : ""),\n"
    }
    return text
}
