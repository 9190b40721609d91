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
