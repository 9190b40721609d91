/// How figures are written for people, the same on the terminal and in the report.
public enum Figures {
    /// Rounded to a whole number: `137.5` → `138`.
    public static func whole(_ value: Double) -> String { String(Int(value.rounded())) }

    /// One decimal place: `72.46` → `72.5`, `78` → `78.0`.
    public static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths < 0 ? "-" : "")\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    /// With a sign, using a true minus: `+9`, `−3`, `−0.8` (one decimal when `decimals` is 1).
    public static func signed(_ value: Double, decimals: Int = 0) -> String {
        let magnitude = decimals == 0 ? whole(abs(value)) : oneDecimal(abs(value))
        if magnitude == "0" || magnitude == "0.0" { return magnitude }
        return (value < 0 ? "−" : "+") + magnitude
    }
}
