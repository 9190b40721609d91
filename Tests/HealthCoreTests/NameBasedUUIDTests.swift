import HealthCore
import Testing

/// Name-based ids are real RFC 9562 version 5 UUIDs: SHA-1 over a namespace and the name.
@Suite struct NameBasedUUIDTests {
    @Test func theRFCsOwnExamplesMatch() {
        // RFC 9562's example (the DNS namespace and www.example.com), and Python's uuid.uuid5.
        #expect(NameBasedUUID.make("www.example.com", namespace: "6ba7b810-9dad-11d1-80b4-00c04fd430c8") == "2ed6657d-e927-568b-95e1-2665a8aea6a2")
        #expect(NameBasedUUID.make("python.org", namespace: "6ba7b810-9dad-11d1-80b4-00c04fd430c8") == "886313e1-3b8a-5372-9b90-0c9aee199e5d")
    }

    @Test func idsAreVersion5AndStable() {
        let id = NameBasedUUID.make("omron/dad/2026-11-30T7:45:0/138/86/72")
        #expect(Reading.isValidID(id))
        #expect(Array(id)[14] == "5", "the version digit")
        #expect(["8", "9", "a", "b"].contains(Array(id)[19]), "the variant")
        #expect(id == NameBasedUUID.make("omron/dad/2026-11-30T7:45:0/138/86/72"))
        #expect(id != NameBasedUUID.make("omron/dad/2026-11-30T7:45:0/138/86/73"))
    }
}
