public import HealthCore

/// Everything a file holds, read without importing it.
public struct DecodedFile: Sendable {
    public var profiles: [Profile] = []
    public var tags: [StatusTag] = []
    /// The readings with the rule that finds their duplicates.
    public var incoming: [IncomingReading] = []
    public var outcome = DecodeOutcome()

    /// The readings alone.
    public var readings: [Reading] { incoming.map(\.reading) }
    /// `FILE:LINE: reason` for every record that could not be taken.
    public var problems: [String] { outcome.problems.map(\.description) }
    /// Records left out on purpose, by kind.
    public var skipped: [String: Int] { outcome.skipped }
}

/// Reads a file whole, for tests, the fuzzers and tools: the same readers an import uses.
public enum InterchangeReader {
    public static func read(
        _ path: String, as format: InterchangeFormat? = nil, profile: String? = nil, onlyProfile: String? = nil,
        zone: any TimeZoneRule, dateOrder: DateOrder? = nil, now: Int64, birthYears: [String: Int] = [:]
    ) throws(InterchangeError) -> DecodedFile {
        let input = try ImportInput(path: path)
        let chosen: InterchangeFormat
        if let format { chosen = format } else { chosen = try InterchangeFormat.detect(input) }
        let format = chosen
        try format.checkLooksRight(input)
        let context = DecodeContext(
            name: input.name, zone: zone, dateOrder: dateOrder, now: now, profile: profile, onlyProfile: onlyProfile,
            birthYears: birthYears)
        var file = DecodedFile()
        let sink = ImportSink(context: context) { batch in
            file.profiles += batch.profiles
            file.tags += batch.tags
            file.incoming += batch.readings
        }
        try format.decode(input, context: context, into: sink)
        file.outcome = sink.outcome
        return file
    }
}
