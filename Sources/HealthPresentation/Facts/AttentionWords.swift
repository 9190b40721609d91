public import HealthAnalytics
public import HealthCore

extension ReadingAttention {
    /// One line of plain words in the table's language, for every output (never colour alone):
    /// "Attention: a very high reading (180/110 or more). …", with the limit of `guideline`.
    /// `pregnant` says the 160/110 limit of a pregnancy.
    public func advice(in strings: StringTable, guideline: Guideline, pregnant: Bool = false) -> String {
        switch self {
        case .warningSymptom: return strings.text("attention.warningSymptom")
        case .veryHigh:
            let limit = Alert.veryHighLimit(guideline, pregnant: pregnant)
            return strings.text(limit.inclusive ? "attention.veryHigh" : "attention.veryHigh.above", ["high": limit.level.description])
        case .low: return strings.text("attention.low", ["low": Alert.lowLimit.description])
        case .symptom: return strings.text("attention.symptom")
        case .fall: return strings.text("attention.fall")
        case .nearFall: return strings.text("attention.nearFall")
        }
    }
}

extension VeryHighLimit {
    /// `≥ 180/110` or `> 180/120`, as the alerts and page 1 write the limit.
    public var text: String { "\(inclusive ? "≥" : ">") \(level)" }
}
