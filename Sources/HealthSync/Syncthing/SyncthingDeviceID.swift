/// A Syncthing device id, as Syncthing prints it: 56 base32 characters (a SHA-256 in 52, and a
/// Luhn check character after each 13) in eight groups of seven, `MFZWI3D-BONSGYC-…`.
///
/// ```swift
/// let id = SyncthingDeviceID(parsing: "mfzwi3d bonsgyc …")  // nil for a typo
/// print(id!.text)                                           // MFZWI3D-BONSGYC-…
/// ```
///
/// Read as Syncthing reads one: case, dashes and spaces do not matter, and the letters people
/// mistype for digits (0, 1, 8 for O, I, B) are taken as meant. A check character that does not
/// match is a typo, refused before anything is asked of Syncthing.
public struct SyncthingDeviceID: Hashable, Sendable, CustomStringConvertible {
    /// The id in Syncthing's own form, with the dashes.
    public let text: String

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    /// The id `input` stands for, or nil when it is not one (wrong length, a character base32
    /// has not, a check character that does not match).
    public init?(parsing input: String) {
        var characters: [UInt8] = []
        for byte in input.uppercased().utf8 {
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: " "): continue
            case UInt8(ascii: "0"): characters.append(UInt8(ascii: "O"))
            case UInt8(ascii: "1"): characters.append(UInt8(ascii: "I"))
            case UInt8(ascii: "8"): characters.append(UInt8(ascii: "B"))
            default:
                guard SyncthingDeviceID.alphabet.contains(byte) else { return nil }
                characters.append(byte)
            }
        }
        var checked: [UInt8]
        switch characters.count {
        case 56:
            checked = []
            for group in stride(from: 0, to: 56, by: 14) {
                let data = Array(characters[group..<group + 13])
                guard SyncthingDeviceID.check(data) == characters[group + 13] else { return nil }
                checked += data + [characters[group + 13]]
            }
        case 52:
            // The old form, without check characters: Syncthing still reads it.
            checked = []
            for group in stride(from: 0, to: 52, by: 13) {
                let data = Array(characters[group..<group + 13])
                checked += data + [SyncthingDeviceID.check(data)]
            }
        default:
            return nil
        }
        text = stride(from: 0, to: 56, by: 7).map { String(decoding: checked[$0..<$0 + 7], as: UTF8.self) }.joined(separator: "-")
    }

    public var description: String { text }

    /// The first group, as Syncthing's own pages name a device in short.
    public var short: String { String(text.prefix(7)) }

    /// Syncthing's Luhn mod 32 check character of 13 base32 characters.
    private static func check(_ characters: [UInt8]) -> UInt8 {
        var factor = 1
        var sum = 0
        for character in characters {
            let codepoint = alphabet.firstIndex(of: character)!
            var addend = factor * codepoint
            factor = factor == 2 ? 1 : 2
            addend = addend / 32 + addend % 32
            sum += addend
        }
        return alphabet[(32 - sum % 32) % 32]
    }
}
