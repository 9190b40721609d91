public import HealthCore

extension Profile {
    /// How a terminal names the profile wherever it heads or tags a line: the id to type, then
    /// the name for people, `dad (老爸)`, with control characters made visible. Every command and
    /// the dashboard use this one form.
    public var heading: String { "\(id) (\(name.visibleControls()))" }
}
