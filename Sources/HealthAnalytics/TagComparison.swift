public import HealthCore

/// Mean home blood pressure of readings with a tag against readings without it, raw and
/// adjusted for the time of day.
///
/// Raw means mislead: a tag stamped mostly on morning readings looks like it raises pressure
/// because mornings run higher. The adjusted difference compares within each period and
/// weights the periods, so only like is set beside like.
public struct TagComparison: Equatable, Sendable {
    /// Readings each side needs in a period for that period to be compared.
    public static let minimumPerPeriod = 3
    /// Readings each side needs over the compared periods for the difference to be shown.
    public static let minimumPerSide = 6

    /// Count and means of one side of the comparison.
    public struct Side: Equatable, Sendable {
        public let count: Int
        public let systolic: Double?
        public let diastolic: Double?

        init(_ sum: Sum) {
            count = sum.count
            systolic = sum.count == 0 ? nil : Double(sum.systolic) / Double(sum.count)
            diastolic = sum.count == 0 ? nil : Double(sum.diastolic) / Double(sum.count)
        }
    }

    /// The tag ID, defined or not.
    public let tag: String
    /// Every home BP reading with the tag, in any period.
    public let with: Side
    /// Every home BP reading without it.
    public let without: Side
    /// The periods where both sides had at least ``minimumPerPeriod`` readings, in day order.
    public let periodsCompared: [DayPeriod]
    /// Σ w·d / Σ w over ``periodsCompared``, with d = mean(with) − mean(without) in the period and
    /// w = n_with · n_without / (n_with + n_without); nil unless ``sufficient``.
    public let adjustedDifference: (systolic: Double, diastolic: Double)?

    /// True when each side has at least ``minimumPerSide`` readings in the compared periods.
    public var sufficient: Bool { adjustedDifference != nil }

    public static func == (lhs: TagComparison, rhs: TagComparison) -> Bool {
        lhs.tag == rhs.tag && lhs.with == rhs.with && lhs.without == rhs.without && lhs.periodsCompared == rhs.periodsCompared
            && lhs.adjustedDifference?.systolic == rhs.adjustedDifference?.systolic
            && lhs.adjustedDifference?.diastolic == rhs.adjustedDifference?.diastolic
    }

    struct Sum: Equatable {
        var count = 0
        var systolic = 0
        var diastolic = 0

        mutating func add(_ pressure: BloodPressure) {
            count += 1
            systolic += pressure.systolic
            diastolic += pressure.diastolic
        }

        static func - (lhs: Sum, rhs: Sum) -> Sum {
            Sum(count: lhs.count - rhs.count, systolic: lhs.systolic - rhs.systolic, diastolic: lhs.diastolic - rhs.diastolic)
        }

        static func + (lhs: Sum, rhs: Sum) -> Sum {
            Sum(count: lhs.count + rhs.count, systolic: lhs.systolic + rhs.systolic, diastolic: lhs.diastolic + rhs.diastolic)
        }
    }

    init(tag: String, with: [DayPeriod: Sum], total: [DayPeriod: Sum]) {
        self.tag = tag
        let periods = DayPeriod.allCases
        let empty = Sum()
        let withAll = periods.reduce(empty) { $0 + (with[$1] ?? empty) }
        let totalAll = periods.reduce(empty) { $0 + (total[$1] ?? empty) }
        self.with = Side(withAll)
        without = Side(totalAll - withAll)
        var compared: [DayPeriod] = []
        var weights = 0.0
        var systolic = 0.0
        var diastolic = 0.0
        var usedWith = 0
        var usedWithout = 0
        for period in periods {
            let tagged = with[period] ?? empty
            let untagged = (total[period] ?? empty) - tagged
            guard tagged.count >= TagComparison.minimumPerPeriod, untagged.count >= TagComparison.minimumPerPeriod else { continue }
            compared.append(period)
            let nWith = Double(tagged.count)
            let nWithout = Double(untagged.count)
            let weight = nWith * nWithout / (nWith + nWithout)
            weights += weight
            systolic += weight * (Double(tagged.systolic) / nWith - Double(untagged.systolic) / nWithout)
            diastolic += weight * (Double(tagged.diastolic) / nWith - Double(untagged.diastolic) / nWithout)
            usedWith += tagged.count
            usedWithout += untagged.count
        }
        periodsCompared = compared
        if usedWith >= TagComparison.minimumPerSide, usedWithout >= TagComparison.minimumPerSide, weights > 0 {
            adjustedDifference = (systolic / weights, diastolic / weights)
        } else {
            adjustedDifference = nil
        }
    }

    /// Every tag ID on `readings`, most frequent first (ties by id): the one order of tags for
    /// the comparison, the chart's lanes and any list of them.
    static func byFrequency(_ readings: [Reading]) -> [String] {
        var counts: [String: Int] = [:]
        for reading in readings { for tag in reading.tagIDs { counts[tag, default: 0] += 1 } }
        return counts.keys.sorted { (counts[$0]!, $1) > (counts[$1]!, $0) }
    }

    /// One comparison per tag ID on the home BP readings among `readings`, ordered by how often the tag appears.
    static func compare(_ readings: [Reading]) -> [TagComparison] {
        // Sums by a period's place in `DayPeriod.allCases`: one lookup per tag of a reading, not
        // three (an absent period and an empty sum compare alike).
        let periods = DayPeriod.allCases
        var total = [Sum](repeating: Sum(), count: periods.count)
        var tagged: [String: TaggedSums] = [:]
        for reading in readings where reading.isHome {
            guard let pressure = reading.bloodPressure else { continue }
            let slot = periods.firstIndex(of: reading.period)!
            total[slot].add(pressure)
            for tag in reading.tagIDs {
                tagged[tag, default: TaggedSums(periods: periods.count)].add(pressure, at: slot)
            }
        }
        let byPeriod = { (sums: [Sum]) in Dictionary(uniqueKeysWithValues: zip(periods, sums)) }
        let tags = tagged.keys.sorted { (tagged[$0]!.count, $1) > (tagged[$1]!.count, $0) }
        return tags.map { TagComparison(tag: $0, with: byPeriod(tagged[$0]!.sums), total: byPeriod(total)) }
    }

    /// A tag's readings: their sums by period and their count.
    private struct TaggedSums {
        var sums: [Sum]
        var count = 0

        init(periods: Int) { sums = Array(repeating: Sum(), count: periods) }

        mutating func add(_ pressure: BloodPressure, at slot: Int) {
            sums[slot].add(pressure)
            count += 1
        }
    }
}
