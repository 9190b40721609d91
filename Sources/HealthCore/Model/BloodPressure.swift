/// A systolic/diastolic pair in mmHg.
public struct BloodPressure: Hashable, Sendable, CustomStringConvertible {
    public let systolic: Int
    public let diastolic: Int

    public init(systolic: Int, diastolic: Int) {
        self.systolic = systolic
        self.diastolic = diastolic
    }


    /// `138/86`.
    public var description: String { "\(systolic)/\(diastolic)" }

    /// Which of this pressure's numbers are at or above `limit`'s (a target or a threshold).
    public func reach(of limit: BloodPressure) -> (systolic: Bool, diastolic: Bool) {
        (systolic >= limit.systolic, diastolic >= limit.diastolic)
    }

    /// True when either number is at or above `limit`'s: the one rule for "above target" and
    /// "at or above a threshold", wherever it is shown.
    public func isAtOrAbove(_ limit: BloodPressure) -> Bool {
        let reached = reach(of: limit)
        return reached.systolic || reached.diastolic
    }

    /// Checks the ranges and that systolic is above diastolic.
    public func validate() throws(ValidationError) {
        try ValueLimits.systolic.check(systolic)
        try ValueLimits.diastolic.check(diastolic)
        guard systolic > diastolic else {
            throw .invalid(Phrase("systolic must be higher than diastolic, got {bp} (SYS/DIA, e.g. 138/86)", ["bp": description]))
        }
    }

    /// Parses `SYS/DIA` such as `138/86`, with a message that says what is wrong: a text that
    /// is not of that form is ``ValidationError/Kind/unreadable``, numbers out of range are refused.
    public static func parse(_ text: String) throws(ValidationError) -> BloodPressure {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw .unreadable(Phrase("'{text}' is not a blood pressure; expected SYS/DIA, e.g. 138/86", ["text": text]))
        }
        guard !parts[0].isEmpty, !parts[1].isEmpty else {
            throw .unreadable(
                parts[0].isEmpty
                    ? Phrase("'{text}' has no systolic value; expected SYS/DIA, e.g. 138/86", ["text": text])
                    : Phrase("'{text}' has no diastolic value; expected SYS/DIA, e.g. 138/86", ["text": text]))
        }
        guard let systolic = parseWholeNumber(parts[0]), let diastolic = parseWholeNumber(parts[1]) else {
            throw .unreadable(Phrase("'{text}' is not a blood pressure: use digits only, SYS/DIA, e.g. 138/86", ["text": text]))
        }
        let pressure = BloodPressure(systolic: systolic, diastolic: diastolic)
        try pressure.validate()
        return pressure
    }
}

/// Parses 1–4 ASCII digits; anything else (signs, letters, `12O`) is nil.
public func parseWholeNumber(_ text: Substring) -> Int? {
    let digits = text.utf8
    guard (1...4).contains(digits.count) else { return nil }
    var value = 0
    for byte in digits {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
}
