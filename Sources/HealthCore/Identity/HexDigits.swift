/// Bytes as lowercase hex, two digits a byte: digests, device tokens and random UUIDs alike.
public enum HexDigits {
    /// `[0x0f, 0xa0]` is `0fa0`.
    public static func lowercase(_ bytes: some Collection<UInt8>) -> String {
        let digits = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return text
    }
}
