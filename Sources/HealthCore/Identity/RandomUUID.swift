/// A random (version 4) UUID in lowercase, from the system's random source (`getrandom`):
/// the ids of new readings, events and sync devices. The program needs no Foundation for it.
public enum RandomUUID {
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40  // version 4
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
        return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { HexDigits.lowercase(bytes[$0]) }.joined(separator: "-")
    }

    /// True for a UUID in the 8-4-4-4-12 hex form (either case).
    public static func isUUID(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        guard utf8.count == 36 else { return false }
        for (index, byte) in utf8.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard Character(Unicode.Scalar(byte)).isHexDigit else { return false }
            }
        }
        return true
    }
}
