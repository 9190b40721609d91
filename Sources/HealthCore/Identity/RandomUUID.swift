/// A random (version 4) UUID in lowercase, from the system's random source (`getrandom`):
/// the ids of new readings, events and sync devices. The program needs no Foundation for it.
public enum RandomUUID {
    /// A new random UUID, lowercase, in the 8-4-4-4-12 form.
    public static func make() -> String {
        // Two 64-bit draws: two `getrandom` calls a UUID, not sixteen one-byte draws (sixteen
        // calls). `sync init` makes one UUID an operation, and the kernel's calls were a sixth
        // of its time.
        var generator = SystemRandomNumberGenerator()
        let halves = (generator.next(), generator.next())
        return String(unsafeUninitializedCapacity: 36) { text in
            var position = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    text[position] = UInt8(ascii: "-")
                    position += 1
                }
                var byte = UInt8(truncatingIfNeeded: (index < 8 ? halves.0 : halves.1) >> (8 * UInt64(index % 8)))
                if index == 6 { byte = (byte & 0x0F) | 0x40 }  // version 4
                if index == 8 { byte = (byte & 0x3F) | 0x80 }  // RFC 4122 variant
                text[position] = HexDigits.digit(byte >> 4)
                text[position + 1] = HexDigits.digit(byte & 0x0F)
                position += 2
            }
            return position
        }
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
