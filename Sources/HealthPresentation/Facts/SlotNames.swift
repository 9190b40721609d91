public import HealthAnalytics
public import HealthCore

/// The names of a reading's slot of the day, from the string tables: the one place a slot is
/// named, for the terminal, the report and any later front end.
extension ReadingSlot {
    /// `Morning`, `Night` / `早晨`, `夜间`: a column or a table's label.
    public func label(in strings: StringTable) -> String { strings.text(rawValue) }

    /// `morning`, `night` / `早晨`, `夜间`: as the terminal says it in a row or a sentence.
    public func word(in strings: StringTable) -> String { strings.text("cli.period.\(rawValue)") }
}
