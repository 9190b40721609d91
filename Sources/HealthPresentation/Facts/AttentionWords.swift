public import HealthAnalytics
public import HealthCore

extension ReadingAttention {
    /// One line of plain words in the table's language, for every output (never colour alone):
    /// "Attention: a very high reading (180/110 or more). …", with the limit of `guideline`.
    public func advice(in strings: StringTable, guideline: Guideline) -> String {
        switch self {
        case .veryHigh:
            let limit = guideline.veryHighLimit
            return strings.text(limit.inclusive ? "attention.veryHigh" : "attention.veryHigh.above", ["high": limit.level.description])
        case .low: return strings.text("attention.low", ["low": Alert.lowLimit.description])
        case .symptom: return strings.text("attention.symptom")
        }
    }
}

extension VeryHighLimit {
    /// `≥ 180/110` or `> 180/120`, as the alerts and page 1 write the limit.
    public var text: String { "\(inclusive ? "≥" : ">") \(level)" }
}
