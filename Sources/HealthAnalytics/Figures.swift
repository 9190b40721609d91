/// How figures are written for people, the same on the terminal and in the report.
public enum Figures {
    /// The one display rounding: to the nearest whole number, halves away from zero
    /// (`137.5` → `138`). Every mean shown in whole units goes through it; the home verdicts
    /// read the unrounded mean instead (``PressureMean/reaches(_:)``).
    public static func rounded(_ value: Double) -> Int { Int(value.rounded()) }

    /// Rounded to a whole number (``rounded(_:)``): `137.5` → `138`.
    public static func whole(_ value: Double) -> String { String(rounded(value)) }

    /// A share in whole percent that never rounds to a claim it does not hold: `100` only when
    /// it is all (209 of 210 is `99`), `0` only when it is none (1 of 300 is `<1`).
    public static func percent(_ value: Double) -> String {
        if value > 0 && value < 0.5 { return "<1" }
        if value < 100 && value >= 99.5 { return "99" }
        return whole(value)
    }

    /// One decimal place: `72.46` → `72.5`, `78` → `78.0`.
    public static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths < 0 ? "-" : "")\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    /// A mean and its standard deviation, `138.4 ± 9.1`, or the mean alone without an SD;
    /// nil without a mean.
    public static func meanAndSD(_ mean: Double?, _ sd: Double?) -> String? {
        guard let mean else { return nil }
        return oneDecimal(mean) + (sd.map { " ± " + oneDecimal($0) } ?? "")
    }

    /// With a sign, using a true minus: `+9`, `−3`, `−0.8` (one decimal when `decimals` is 1).
    public static func signed(_ value: Double, decimals: Int = 0) -> String {
        let magnitude = decimals == 0 ? whole(abs(value)) : oneDecimal(abs(value))
        if magnitude == "0" || magnitude == "0.0" { return magnitude }
        return (value < 0 ? "−" : "+") + magnitude
    }
}
