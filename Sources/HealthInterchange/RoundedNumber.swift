/// `value` rounded to a whole number, or nil when it is not finite or absurdly large:
/// `Int(1e308)` would trap, and a file may say anything.
func roundedInt(_ value: Double) -> Int? {
    guard value.isFinite, abs(value) < 1e9 else { return nil }
    return Int(value.rounded())
}

/// Grams from a weight in `unit` (kg, lb or g), or nil for a value no scale could show.
func grams(_ value: Double, unit: String) -> Int? {
    switch unit {
    case "kg": roundedInt(value * 1000)
    case "lb", "lbs", "[lb_av]": roundedInt(value * 453.59237)
    case "g": roundedInt(value)
    default: nil
    }
}

/// A decimal number as exports write it: `72.35`, or with a decimal comma as European settings
/// write it, `72,35`. Nil for anything else (thousands separators included).
func decimalNumber(_ text: String) -> Double? {
    let commas = text.utf8.count { $0 == UInt8(ascii: ",") }
    guard commas <= 1, !(commas == 1 && text.contains(".")) else { return nil }
    let plain = String(text.map { $0 == "," ? "." : $0 })
    guard plain.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }) else { return nil }
    return Double(plain)
}
