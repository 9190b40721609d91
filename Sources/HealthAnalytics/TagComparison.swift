internal import HealthCore

/// Mean blood pressure of readings with a tag against readings without it.
public struct TagComparison: Equatable, Sendable {
    /// Count and means of one side of the comparison.
    public struct Side: Equatable, Sendable {
        public let count: Int
        public let systolic: Double?
        public let diastolic: Double?

        init(count: Int, systolicSum: Int, diastolicSum: Int) {
            self.count = count
            systolic = count == 0 ? nil : Double(systolicSum) / Double(count)
            diastolic = count == 0 ? nil : Double(diastolicSum) / Double(count)
        }
    }

    /// The tag ID, defined or not.
    public let tag: String
    public let with: Side
    public let without: Side

    /// Every tag ID on `readings`, most frequent first (ties by id): the one order of tags for
    /// the comparison, the chart's lanes and any list of them.
    static func byFrequency(_ readings: [Reading]) -> [String] {
        var counts: [String: Int] = [:]
        for reading in readings { for tag in reading.tagIDs { counts[tag, default: 0] += 1 } }
        return counts.keys.sorted { (counts[$0]!, $1) > (counts[$1]!, $0) }
    }

    /// One comparison per tag ID on the BP readings, ordered by how often the tag appears.
    static func compare(_ readings: [Reading]) -> [TagComparison] {
        var total = (count: 0, systolic: 0, diastolic: 0)
        var sums: [String: (count: Int, systolic: Int, diastolic: Int)] = [:]
        for reading in readings {
            guard let pressure = reading.bloodPressure else { continue }
            total = (total.count + 1, total.systolic + pressure.systolic, total.diastolic + pressure.diastolic)
            for tag in reading.tagIDs {
                let sum = sums[tag, default: (0, 0, 0)]
                sums[tag] = (sum.count + 1, sum.systolic + pressure.systolic, sum.diastolic + pressure.diastolic)
            }
        }
        let tags = sums.keys.sorted { (sums[$0]!.count, $1) > (sums[$1]!.count, $0) }
        return tags.map { tag in
            let with = sums[tag]!
            return TagComparison(
                tag: tag, with: Side(count: with.count, systolicSum: with.systolic, diastolicSum: with.diastolic),
                without: Side(
                    count: total.count - with.count, systolicSum: total.systolic - with.systolic,
                    diastolicSum: total.diastolic - with.diastolic))
        }
    }
}
