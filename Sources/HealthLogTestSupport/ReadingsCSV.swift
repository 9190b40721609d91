import HealthCore

/// The header of HealthLog's own CSV (what `export --format csv` writes and `import` reads back),
/// spelled out as a user's file holds it.
public let readingsCSVHeader = "id,profile,taken_at,systolic,diastolic,pulse,weight_kg,tags,note,site"

/// A HealthLog CSV of `count` readings for `profile`, one a minute from 2020-01-01 (reading
/// `first` first), every third tagged bp-med.
public func readingsCSV(_ count: Int, profile: String = "dad", from first: Int = 0) -> String {
    var text = readingsCSVHeader + "\n"
    text.reserveCapacity(count * 70)
    for index in first..<(first + count) {
        // A reading a minute from 2020-01-01: 2,000,000 of them end in 2023, none in the future.
        let instant = ZonedInstant(utcSeconds: 1_577_836_800 + Int64(index) * 60, offsetMinutes: 480)
        text += ",\(profile),\(instant.iso8601),\(110 + index % 60),\(70 + index % 25),\(60 + index % 30),,\(index % 3 == 0 ? "bp-med" : ""),\n"
    }
    return text
}
