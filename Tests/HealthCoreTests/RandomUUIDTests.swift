import HealthCore
import Testing

@Suite struct RandomUUIDTests {
    @Test func newIDsAreLowercaseVersion4UUIDsAndDistinct() {
        var seen = Set<String>()
        for _ in 0..<2_000 {
            let id = RandomUUID.make()
            #expect(Reading.isValidID(id), "\(id)")
            #expect(id == id.lowercased())
            let characters = Array(id)
            #expect(characters[14] == "4", "\(id)")
            #expect("89ab".contains(characters[19]), "\(id)")
            seen.insert(id)
        }
        #expect(seen.count == 2_000)
    }
}
