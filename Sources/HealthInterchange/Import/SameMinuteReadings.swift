import HealthCore

/// Tells the readings of one file that share a profile, wall-clock minute and values apart.
///
/// Rows identical in every field are one reading (old Withings exports double rows exactly),
/// and such a row is matched like any other. A row with the minute and values of an earlier one
/// but another second, note, tags or site is a second reading (two weighings 37 s apart are two): it is marked to be matched only by a
/// reading identical in every field, and when its id was made from the row's minute and values
/// (so it would be the earlier row's), the note, tags and site are added to what the id is made
/// from. The same file read again gives the same ids, and adds nothing.
struct SameMinuteReadings {
    private struct Key: Hashable {
        let profile: String
        let minute: Int64
        let systolic, diastolic, pulse, weightGrams: Int?
    }

    /// The note, tags and site of the first reading at each key.
    private var first: [Key: Content] = [:]

    private struct Content: Equatable {
        let note: String
        let tags: [String]
        let site: MeasurementSite
        /// The second within the minute, as the file wrote it (0 for files that write none).
        let second: Int64
    }

    /// `reading` on its way to the log under `rule`, marked and renamed when it shares its minute.
    mutating func incoming(_ reading: Reading, rule: DuplicateRule) -> IncomingReading {
        // HealthLog's own records carry their ids and are matched by them alone.
        guard rule != .sameID else { return IncomingReading(reading, rule: rule) }
        let key = Key(
            profile: reading.profileID, minute: floorDivide(reading.takenAt.localSeconds, 60), systolic: reading.systolic,
            diastolic: reading.diastolic, pulse: reading.pulse, weightGrams: reading.weightGrams)
        let second = reading.takenAt.localSeconds - floorDivide(reading.takenAt.localSeconds, 60) * 60
        let content = Content(note: reading.note, tags: reading.tagIDs, site: reading.site, second: second)
        guard let earlier = first[key] else {
            first[key] = content
            return IncomingReading(reading, rule: rule)
        }
        guard earlier != content else { return IncomingReading(reading, rule: rule) }
        var distinct = reading
        let made = "\(reading.id)/note/\(reading.note)/tags/\(reading.tagIDs.joined(separator: ";"))/site/\(reading.site.rawValue)"
        // Rows apart only by their seconds (two weighings 37 s apart) name the second too; the
        // ids of rows apart by their note, tags or site stay what earlier versions made them.
        let onlyTheSecond = Content(note: earlier.note, tags: earlier.tags, site: earlier.site, second: second) == content
        distinct.id = NameBasedUUID.make(onlyTheSecond ? "\(made)/second/\(second)" : made)
        return IncomingReading(distinct, rule: rule, sharesItsMinute: true)
    }
}
