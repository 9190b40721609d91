/// SHA-1 (FIPS 180-4), for name-based UUIDs (RFC 9562 version 5) and checksums that catch
/// damage (a sync journal's lines): never for anything that needs to resist an attacker.
public enum SHA1 {
    /// The digest of `message` as 40 lowercase hex digits.
    public static func hex(_ message: [UInt8]) -> String { HexDigits.lowercase(digest(message)) }

    /// The 20-byte digest of `message`.
    public static func digest(_ message: [UInt8]) -> [UInt8] {
        message.withUnsafeBytes(digest)
    }

    /// The 20-byte digest of `message`: the whole blocks are read where they lie, only the last
    /// one or two (with the padding and the length) are copied; nothing is allocated but the result.
    public static func digest(_ message: UnsafeRawBufferPointer) -> [UInt8] {
        var h: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { schedule in
            let wholeBlocks = message.count / 64
            for block in 0..<wholeBlocks {
                compress(&h, UnsafeRawBufferPointer(rebasing: message[block * 64..<block * 64 + 64]), schedule: schedule)
            }
            // The rest, 0x80, zeros and the length in bits: one block, or two when the rest leaves no room.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { tail in
                tail.initialize(repeating: 0)
                let rest = message.count - wholeBlocks * 64
                for index in 0..<rest { tail[index] = message[wholeBlocks * 64 + index] }
                tail[rest] = 0x80
                let tailCount = rest < 56 ? 64 : 128
                let bits = UInt64(message.count) &* 8
                for index in 0..<8 { tail[tailCount - 1 - index] = UInt8(truncatingIfNeeded: bits >> UInt64(8 * index)) }
                let bytes = UnsafeRawBufferPointer(tail)
                for start in stride(from: 0, to: tailCount, by: 64) {
                    compress(&h, UnsafeRawBufferPointer(rebasing: bytes[start..<start + 64]), schedule: schedule)
                }
            }
        }
        // A tuple of one type is laid out as an array: five big-endian words are the 20 bytes.
        let words = (h.0.bigEndian, h.1.bigEndian, h.2.bigEndian, h.3.bigEndian, h.4.bigEndian)
        return withUnsafeBytes(of: words) { Array($0) }
    }

    /// Folds one 64-byte block into the state `h`; `schedule` is room for the 80 words it expands to.
    private static func compress(
        _ h: inout (UInt32, UInt32, UInt32, UInt32, UInt32), _ block: UnsafeRawBufferPointer, schedule w: UnsafeMutableBufferPointer<UInt32>
    ) {
        for t in 0..<16 {
            let i = t * 4
            w[t] = UInt32(block[i]) << 24 | UInt32(block[i + 1]) << 16 | UInt32(block[i + 2]) << 8 | UInt32(block[i + 3])
        }
        for t in 16..<80 { w[t] = rotate(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1) }
        var (a, b, c, d, e) = h
        for t in 0..<20 {
            let temporary = rotate(a, 5) &+ ((b & c) | (~b & d)) &+ e &+ 0x5A82_7999 &+ w[t]
            (e, d, c, b, a) = (d, c, rotate(b, 30), a, temporary)
        }
        for t in 20..<40 {
            let temporary = rotate(a, 5) &+ (b ^ c ^ d) &+ e &+ 0x6ED9_EBA1 &+ w[t]
            (e, d, c, b, a) = (d, c, rotate(b, 30), a, temporary)
        }
        for t in 40..<60 {
            let temporary = rotate(a, 5) &+ ((b & c) | (b & d) | (c & d)) &+ e &+ 0x8F1B_BCDC &+ w[t]
            (e, d, c, b, a) = (d, c, rotate(b, 30), a, temporary)
        }
        for t in 60..<80 {
            let temporary = rotate(a, 5) &+ (b ^ c ^ d) &+ e &+ 0xCA62_C1D6 &+ w[t]
            (e, d, c, b, a) = (d, c, rotate(b, 30), a, temporary)
        }
        h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e)
    }

    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 { value << count | value >> (32 - count) }
}
