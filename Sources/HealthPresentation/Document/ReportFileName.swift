import HealthCore

/// The one rule for a report's file name, which `healthlog report` and `healthlog chart` write
/// and the page's download carries: `healthlog-dad-2026-11-03_2026-11-30-en` (the profile, the
/// first and last measurement days, the language), so that a report in the other language or of
/// another range never takes an earlier one's name.
extension SummaryDocument {
    /// What a file of this document is called, without its extension; `chart` names the chart alone.
    public func fileStem(chart: Bool = false) -> String {
        "healthlog-\(header.profileID)-\(chart ? "chart-" : "")\(header.from)_\(header.to)-\(language.fileNameCode)"
    }
}
