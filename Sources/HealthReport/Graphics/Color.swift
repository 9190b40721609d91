/// An RGB colour with alpha, each 0–1.
public struct Color: Equatable, Sendable {
    public let red: Double
    public let green: Double
    public let blue: Double
    public let alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RRGGBB`; nil for anything else.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#"), let value = Int(String(hex.dropFirst()), radix: 16) else {
            return nil
        }
        self.init(
            red: Double((value >> 16) & 0xFF) / 255, green: Double((value >> 8) & 0xFF) / 255,
            blue: Double(value & 0xFF) / 255)
    }

    /// The same colour with another alpha.
    public func opacity(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }

    /// Mixed with white: 0 is this colour, 1 is white.
    public func lightened(_ amount: Double) -> Color {
        Color(red: red + (1 - red) * amount, green: green + (1 - green) * amount, blue: blue + (1 - blue) * amount, alpha: alpha)
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// For tag IDs that have no definition.
    public static let neutralGrey = Color(red: 0.55, green: 0.55, blue: 0.55)
}
