/// A UUID derived from a name, so the same input always gives the same id
/// (Patients and the extra Observations of a FHIR export keep their ids across exports).
enum StableUUID {
    static func make(_ name: String) -> String {
        // Two FNV-1a 64-bit hashes with different offsets make the 128 bits.
        var first: UInt64 = 0xCBF2_9CE4_8422_2325
        var second: UInt64 = 0x8422_2325_CBF2_9CE4
        for byte in name.utf8 {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = second &+ first >> 7
        }
        // FNV alone leaves similar names with similar hashes; a splitmix64 finalizer spreads every bit.
        func mix(_ value: UInt64) -> UInt64 {
            var z = value &+ 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        first = mix(first)
        second = mix(second ^ first)
        var bytes = withUnsafeBytes(of: first.bigEndian) { Array($0) } + withUnsafeBytes(of: second.bigEndian) { Array($0) }
        bytes[6] = (bytes[6] & 0x0F) | 0x50  // version 5 (name-based)
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
        let hex = bytes.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
        let characters = Array(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
    }
}
