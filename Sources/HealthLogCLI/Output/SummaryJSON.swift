import HealthAnalytics
import HealthCore
import HealthRecords

/// The `stats --format json` document: a stable schema, values unrounded, missing values null.
enum SummaryJSON {
    static func document(_ summary: BPSummary, tagLabel: (String) -> String?) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("profile", .string(summary.profile.id)), ("from", .string(summary.from.description)),
            ("to", .string(summary.to.description)), ("guideline", .string(summary.options.guideline.rawValue)),
            ("target", pressure(summary.target)),
            ("overall", group(summary.overall)),
            ("periods", .object(DayPeriod.allCases.map { ($0.rawValue, group(summary.periods[$0]!)) })),
        ]
        if let buckets = summary.buckets {
            members.append(("buckets", .array(buckets.map { bucket in
                guard case .object(let fields) = group(bucket.statistics) else { return .null }
                return .object([("key", .string(bucket.key))] + fields)
            })))
        }
        members += [
            ("map", .optional(summary.meanArterialPressure)), ("pulsePressure", .optional(summary.pulsePressure)),
            ("aboveTargetPercent", .optional(summary.aboveTargetPercent)),
            ("timeInTargetPercent", .optional(summary.timeInTargetPercent)),
            ("morningEveningDifference", summary.morningEveningDifference.map {
                .object([("systolic", .double($0.systolic)), ("diastolic", .double($0.diastolic))])
            } ?? .null),
            ("protocol", summary.protocolAverage.map { average in
                .object([
                    ("firstDay", .string(average.firstDay.description)), ("lastDay", .string(average.lastDay.description)),
                    ("days", .int(average.days)), ("count", .int(average.count)),
                    ("systolic", .double(average.systolic)), ("diastolic", .double(average.diastolic)),
                    ("sufficient", .bool(average.sufficient)),
                ])
            } ?? .null),
            ("hypertensive", .bool(summary.hypertensive)),
            ("tags", .array(summary.tags.map { comparison in
                .object([
                    ("tag", .string(comparison.tag)), ("label", .optional(tagLabel(comparison.tag))),
                    ("with", side(comparison.with)), ("without", side(comparison.without)),
                ])
            })),
            ("alerts", .array(summary.alerts.map { alert in
                .object([
                    ("id", .string(alert.id)), ("takenAt", .string(alert.takenAt.iso8601)),
                    ("systolic", .int(alert.pressure.systolic)), ("diastolic", .int(alert.pressure.diastolic)),
                    ("kind", .string(alert.kind.rawValue)),
                ])
            })),
            ("weight", summary.weight.map { weight in
                .object([
                    ("first", .double(weight.first)), ("last", .double(weight.last)),
                    ("change", .double(weight.change)), ("mean", .double(weight.mean)),
                ])
            } ?? .null),
        ]
        return .object(members)
    }

    private static func pressure(_ value: BloodPressure) -> JSONValue {
        .object([("systolic", .int(value.systolic)), ("diastolic", .int(value.diastolic))])
    }

    private static func group(_ statistics: GroupStatistics) -> JSONValue {
        .object([
            ("count", .int(statistics.count)), ("systolic", stat(statistics.systolic)),
            ("diastolic", stat(statistics.diastolic)), ("pulse", stat(statistics.pulse)),
        ])
    }

    private static func stat(_ statistics: MeasureStatistics) -> JSONValue {
        .object([
            ("count", .int(statistics.count)), ("mean", .optional(statistics.mean)), ("sd", .optional(statistics.sd)),
            ("cv", .optional(statistics.cv)), ("arv", .optional(statistics.arv)),
            ("min", extreme(statistics.min)), ("max", extreme(statistics.max)),
        ])
    }

    private static func extreme(_ value: Extreme?) -> JSONValue {
        guard let value else { return .null }
        return .object([("value", .int(value.value)), ("takenAt", .string(value.takenAt.iso8601)), ("id", .string(value.id))])
    }

    private static func side(_ side: TagComparison.Side) -> JSONValue {
        .object([("count", .int(side.count)), ("systolic", .optional(side.systolic)), ("diastolic", .optional(side.diastolic))])
    }
}
