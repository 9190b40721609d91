public import HealthCore

extension ReadingRules {
    /// The words beside a reading in a list that also colours it, so that colour is never alone:
    /// `Very high` or `Low` (the alerts `healthlog add`'s attention lines name), else `At or above
    /// target` (`threshold` when no target is set); empty for a reading within them.
    public func marks(of facts: ReadingFacts, in strings: StringTable) -> [String] {
        var marks: [String] = []
        if facts.isVeryHigh {
            marks.append(strings.text("mark.veryHigh"))
        } else if facts.atOrAboveTarget {
            marks.append(strings.text(targetIsThreshold ? "aboveThreshold" : "aboveTarget"))
        }
        if facts.isLow { marks.append(strings.text("mark.low")) }
        return marks
    }
}
