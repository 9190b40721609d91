import HealthCore

extension StringTable {
    /// The string `cli.<key>`: the command line's own words, from the same tables as the report's.
    func cli(_ key: String, _ values: [String: String] = [:]) -> String { text("cli." + key, values) }
}
