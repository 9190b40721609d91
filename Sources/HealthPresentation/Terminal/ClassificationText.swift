public import HealthAnalytics
public import HealthCore

/// One blood pressure's category under a guideline, as `classify` says it (and the web page
/// could): its label, isolated hypertension, very high or low by the rules the alerts use.
public struct ClassificationText {
    let classification: Classification
    let words: StringTable

    /// The classification of `pressure` under `guideline`, said in `words`' language.
    public init(_ pressure: BloodPressure, guideline: Guideline, words: StringTable) {
        classification = guideline.classify(pressure)
        self.words = words
    }

    /// `150/95 mmHg: Grade 1 hypertension (ESH 2023); very high`, the warnings in `emphasis`'s red.
    public func line(emphasis: any TerminalEmphasis) -> String {
        let pressure = classification.pressure
        var line = "\(pressure) mmHg\(words.cli("classify.colon"))\(classification.reading(in: words))"
        if let isolated = classification.isolatedLabel(in: words) { line += words.text("listSeparator") + isolated }
        if classification.guideline.isVeryHigh(pressure) {
            line += words.cli("classify.separator.urgent") + emphasis.red(words.cli("classify.urgent"))
        }
        if Alert.isLow(pressure) { line += words.cli("classify.separator.low") + emphasis.red(words.cli("classify.low")) }
        return line
    }

    /// `classify --format json`: the category, what the reading is called, and its alerts.
    public var json: JSONValue {
        let pressure = classification.pressure
        return .object([
            ("guideline", .string(classification.guideline.rawValue)),
            ("systolic", .int(pressure.systolic)), ("diastolic", .int(pressure.diastolic)),
            ("category", .string(classification.category.rawValue)),
            ("isolated", .optional(classification.isolated?.rawValue)), ("label", .string(classification.reading(in: words))),
            ("low", .bool(Alert.isLow(pressure))),
            ("alerts", .array(Alert.kinds(of: pressure, guideline: classification.guideline).map { .string($0.rawValue) })),
        ])
    }
}
