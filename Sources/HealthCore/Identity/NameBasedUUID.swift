/// UUIDs made from names (RFC 9562 version 5: SHA-1 over a namespace and the name), so the same
/// name always gives the same id on every machine: the extra Observations of a FHIR export, a
/// Patient for a profile, and readings from device files that carry no id of their own (two
/// machines importing the same Omron file make the same readings, not two copies of each).
public enum NameBasedUUID {
    /// HealthLog's own namespace, so its ids never collide with another program's version 5 ids.
    public static let healthLogNamespace = "f5a0bdaa-7e3c-4b26-b318-9855efb1652a"

    /// The version 5 UUID of `name` in `namespace` (a UUID string), lowercase.
    public static func make(_ name: String, namespace: String = healthLogNamespace) -> String {
        // HealthLog's own namespace is parsed once: exports make several ids per reading.
        var message = namespace == healthLogNamespace ? healthLogNamespaceBytes : bytes(ofUUID: namespace)
        message.append(contentsOf: name.utf8)
        var digest = SHA1.digest(message)
        digest[6] = (digest[6] & 0x0F) | 0x50  // version 5
        digest[8] = (digest[8] & 0x3F) | 0x80  // the RFC variant
        return String(unsafeUninitializedCapacity: 36) { text in
            var position = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    text[position] = UInt8(ascii: "-")
                    position += 1
                }
                text[position] = HexDigits.digit(digest[index] >> 4)
                text[position + 1] = HexDigits.digit(digest[index] & 0x0F)
                position += 2
            }
            return position
        }
    }

    private static let healthLogNamespaceBytes = bytes(ofUUID: healthLogNamespace)

    /// The 16 bytes of a UUID string (its hex digits; dashes skipped).
    private static func bytes(ofUUID text: String) -> [UInt8] {
        let digits = text.unicodeScalars.compactMap { Int(String($0), radix: 16) }
        return stride(from: 0, to: min(digits.count, 32), by: 2).map { UInt8(digits[$0] << 4 | digits[$0 + 1]) }
    }
}
