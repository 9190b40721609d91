/// A named time zone read from the system's zoneinfo database (`/usr/share/zoneinfo`).
///
/// Used for `import --tz Asia/Shanghai`: it needs neither ICU nor changing the
/// process-wide `TZ`. Instants after the file's last transition keep its last offset.
public struct ZoneInfoZone: TimeZoneRule {
    /// The zone's name, e.g. `Asia/Shanghai`.
    public let identifier: String
    private let transitions: [Int64]
    /// The offset in seconds in force from each transition on.
    private let offsets: [Int]
    /// The offset before the first transition.
    private let initialOffset: Int

    /// Loads `identifier` from `directory`; nil when there is no such zone or the file is not TZif.
    public init?(identifier: String, directory: String = "/usr/share/zoneinfo") {
        guard !identifier.isEmpty, !identifier.contains(".."), !identifier.hasPrefix("/"),
            let bytes = try? FileBytes.read("\(directory)/\(identifier)"), bytes.count >= 44,
            bytes.starts(with: Array("TZif".utf8))
        else { return nil }
        func count(_ data: ArraySlice<UInt8>, _ index: Int) -> Int {
            let start = data.startIndex + 20 + index * 4
            return data[start..<start + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        // Version 2+ files repeat the data with 64-bit times after the version 1 block.
        var data = bytes[...]
        var timeSize = 4
        if bytes[4] >= UInt8(ascii: "2") {
            let v1 = data
            let v1Length = 44 + count(v1, 3) * 5 + count(v1, 4) * 6 + count(v1, 5) + count(v1, 2) * 8 + count(v1, 1) + count(v1, 0)
            guard bytes.count > v1Length + 44 else { return nil }
            data = bytes[v1Length...]
            timeSize = 8
        }
        let timeCount = count(data, 3), typeCount = count(data, 4), charCount = count(data, 5)
        let base = data.startIndex + 44
        let needed = timeCount * (timeSize + 1) + typeCount * 6 + charCount
        guard typeCount > 0, data.count >= 44 + needed else { return nil }
        func signed(_ start: Int, _ size: Int) -> Int64 {
            let raw = data[start..<start + size].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return size == 8 ? Int64(bitPattern: raw) : Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: raw)))
        }
        var transitions: [Int64] = []
        var typeIndices: [Int] = []
        for index in 0..<timeCount { transitions.append(signed(base + index * timeSize, timeSize)) }
        let indexBase = base + timeCount * timeSize
        for index in 0..<timeCount { typeIndices.append(Int(data[indexBase + index])) }
        let typeBase = indexBase + timeCount
        var typeOffsets: [Int] = []
        for index in 0..<typeCount { typeOffsets.append(Int(signed(typeBase + index * 6, 4))) }
        guard typeIndices.allSatisfy({ $0 < typeCount }) else { return nil }
        self.identifier = identifier
        self.transitions = transitions
        offsets = typeIndices.map { typeOffsets[$0] }
        initialOffset = typeOffsets[0]
    }

    public func offsetMinutes(atUTC utcSeconds: Int64) -> Int {
        // The last transition at or before the instant.
        var low = 0
        var high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] <= utcSeconds { low = middle + 1 } else { high = middle }
        }
        return (low == 0 ? initialOffset : offsets[low - 1]) / 60
    }

    public func instants(date: CivilDate, hour: Int, minute: Int, second: Int) -> [ZonedInstant] {
        let local = Int64(date.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        // Try the offsets in force a day either side; each that maps back to the same wall time
        // is an instant with that clock reading (two in a repeated hour, none in a skipped one).
        let candidates = Set([offsetMinutes(atUTC: local - 86_400), offsetMinutes(atUTC: local), offsetMinutes(atUTC: local + 86_400)])
        return candidates.compactMap { offset -> ZonedInstant? in
            let utc = local - Int64(offset) * 60
            return offsetMinutes(atUTC: utc) == offset ? ZonedInstant(utcSeconds: utc, offsetMinutes: offset) : nil
        }.sorted()
    }
}

/// The zone for `--tz`: a zoneinfo name (`Asia/Shanghai`), `UTC`, or a fixed offset (`+08:00`).
public func timeZoneRule(named name: String) -> (any TimeZoneRule)? {
    if name == "UTC" || name == "Z" { return FixedOffsetZone(minutes: 0) }
    if let sign = name.first, sign == "+" || sign == "-" {
        let digits = name.dropFirst().filter { $0 != ":" }
        guard digits.count == 2 || digits.count == 4, let value = Int(digits) else { return nil }
        let minutes = digits.count == 2 ? value * 60 : (value / 100) * 60 + value % 100
        guard ValueLimits.offsetMinutes.range.contains(minutes) else { return nil }
        return FixedOffsetZone(minutes: sign == "-" ? -minutes : minutes)
    }
    return ZoneInfoZone(identifier: name)
}
