/// Bytes as lowercase hex, two digits a byte: digests, device tokens and random UUIDs alike.
public enum HexDigits {
    /// `[0x0f, 0xa0]` is `0fa0`.
    public static func lowercase(_ bytes: some Collection<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { buffer in
            var position = 0
            for byte in bytes {
                buffer[position] = digit(byte >> 4)
                buffer[position + 1] = digit(byte & 0x0F)
                position += 2
            }
            return position
        }
    }

    /// The ASCII lowercase hex digit of `nibble` (0–15).
    @inline(__always) static func digit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") - 10 + nibble }
}
