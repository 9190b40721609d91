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

    /// A mean beside the limits it is read against, with one decimal (`134.6`), or with two
    /// where one would land on the other side of a limit (134.95 beside 135 is `134.95`, never
    /// `135.0`), or, closer still, the last hundredth below it (`134.99`): the printed figure
    /// never says a verdict the unrounded one does not. The one rule for a figure at a limit.
    public static func decimal(_ value: Double, beside limits: [Int]) -> String {
        // Only a value below a limit can round onto it (halves round up, away from zero).
        let crossed = { (printed: Double) in limits.first { (printed >= Double($0)) != (value >= Double($0)) } }
        guard crossed((value * 10).rounded() / 10) != nil else { return oneDecimal(value) }
        let hundredths = (value * 100).rounded()
        guard let limit = crossed(hundredths / 100) else { return twoDecimals(Int(hundredths)) }
        return twoDecimals(limit * 100 - 1)
    }

    /// `hundredths` / 100 with two decimals: 13495 → `134.95`.
    private static func twoDecimals(_ hundredths: Int) -> String {
        let fraction = abs(hundredths) % 100
        return "\(hundredths < 0 ? "-" : "")\(abs(hundredths) / 100).\(fraction < 10 ? "0" : "")\(fraction)"
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
