public import HealthCore

/// A reading as `list --format json` and `show --format json` print it, and the web page's API
/// returns it: the members every reading object has (``ReadingJSON``), with the period its
/// figures count it in (a night reading's is `evening`) and its measurement day. The README's
/// "list --format json" documents every key.
public enum ReadingListJSON {
    /// The object of one reading.
    public static func object(_ reading: Reading) -> JSONValue {
        .object(
            ReadingJSON.members(reading, afterTime: [("period", .string(reading.period.rawValue))])
                + [("measurementDay", .string(reading.measurementDay.description))])
    }

    /// The array `list --format json` prints.
    public static func array(_ readings: [Reading]) -> JSONValue { .array(readings.map(object)) }

    /// `delete --format json`: `{"deleted": [id, …]}`, the ids of the readings deleted.
    public static func deleted(_ readings: [Reading]) -> JSONValue { .object([("deleted", .array(readings.map { .string($0.id) }))]) }

    /// The array `list --format json` prints, written into `sink` reading by reading as
    /// `readings` hands them to its `emit`: the same bytes as ``array(_:)`` serialized, in flat memory.
    public static func write<Failure: Error>(into sink: any ByteSink, readings: (_ emit: (Reading) -> Void) throws(Failure) -> Void) throws(Failure) {
        var writer = JSONArrayWriter(into: sink)
        try readings { writer.element(object($0)) }
        writer.end()
    }
}
