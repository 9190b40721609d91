import Testing

/// A profile renamed on one machine of a shared log.
@Suite struct ProfileRenameSyncTests {
    /// The rename goes through the write path a shared log journals: the other machine sees dad's
    /// readings under the new id, and no reading is lost or hidden.
    @Test func aSharedLogCarriesTheRename() throws {
        let family = Family()
        family.joined()
        family.dad.ok("profile", "rename", "dad", "papa")
        family.settle()
        #expect(try family.daughter.readings(profile: "papa").count == 3)
        #expect(try family.daughter.readings(profile: "dad").isEmpty)
        #expect(try logDump(family.dad.databasePath) == logDump(family.daughter.databasePath))
        #expect(!family.daughter.ok("sync", "status").contains("Hidden"))
    }
}
