/// A reading as a JSON object, written by one encoder for every output that has readings
/// (`list` and `show --format json`, the backup): a value reads alike in each of them.
public enum ReadingJSON {
    /// `id`, `profile`, `takenAt`, then `extraAfterTime` (a listing's `period`), then `systolic`,
    /// `diastolic`, `pulse`, `weightKg`, `tags`, `note` and `site`; a missing value is null.
    public static func members(_ reading: Reading, afterTime extraAfterTime: [(String, JSONValue)] = []) -> [(String, JSONValue)] {
        [("id", .string(reading.id)), ("profile", .string(reading.profileID)), ("takenAt", .string(reading.takenAt.iso8601))]
            + extraAfterTime + [
                ("systolic", .optional(reading.systolic)), ("diastolic", .optional(reading.diastolic)), ("pulse", .optional(reading.pulse)),
                ("weightKg", reading.weightGrams.map(weight) ?? .null), ("tags", .array(reading.tagIDs.map(JSONValue.string))),
                ("note", reading.note.isEmpty ? .null : .string(reading.note)), ("site", .string(reading.site.rawValue)),
            ]
    }

    /// A weight in kilograms exactly as stored, from its grams: `72.5`, `61.25`, `80`.
    public static func weight(grams: Int) -> JSONValue { .number(formatKilograms(grams)) }
}
