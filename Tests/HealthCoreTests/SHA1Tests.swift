import HealthCore
import Testing

/// SHA-1 gives FIPS 180-4's digests, on both sides of every padding boundary.
@Suite struct SHA1Tests {
    @Test(arguments: [
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        (String(repeating: "a", count: 55), "c1c8bbdc22796e28c0e15163d20899b65621d65a"),
        (String(repeating: "a", count: 56), "c2db330f6083854c99d4b5bfb6e8f29f201be699"),
        (String(repeating: "a", count: 63), "03f09f5b158a7a8cdad920bddc29b81c18a551f5"),
        (String(repeating: "a", count: 64), "0098ba824b5c16427bd7a1122a5a442a25ec644d"),
        (String(repeating: "a", count: 119), "ee971065aaa017e0632a8ca6c77bb3bf8b1dfc56"),
        (String(repeating: "a", count: 1_000_000), "34aa973cd4c4daa4f61eeb2bdbad27316534016f"),
    ])
    func knownDigests(message: String, digest: String) {
        #expect(SHA1.hex(Array(message.utf8)) == digest)
    }
}
