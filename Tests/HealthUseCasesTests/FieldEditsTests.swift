import HealthCore
import HealthUseCases
import Testing

/// An edit changes the fields it names and no others, also the optional ones it does not name.
@Suite struct FieldEditsTests {
    @Test func anEditLeavesTheFieldsItDoesNotNameAsTheyWere() throws {
        let directory = TemporaryDirectory()
        let log = makeLog(in: directory)
        try log.addProfile(Profile(id: "dad", name: "爸爸", birthYear: 1954, sex: .male, target: bp(130, 80)))
        var rename = ProfileChange()
        #expect(rename.isEmpty)
        rename.set(\.name, to: "Dad")
        #expect(!rename.isEmpty)
        let renamed = try log.editProfile("dad", rename)
        #expect(renamed.name == "Dad")
        #expect(renamed.birthYear == 1954)
        #expect(renamed.sex == .male)
        #expect(renamed.target == bp(130, 80))

        var clearTarget = ProfileChange()
        clearTarget.set(\.target, to: nil)
        let cleared = try log.editProfile("dad", clearTarget)
        #expect(cleared.target == nil)
        #expect(cleared.name == "Dad")

        try log.defineTag(StatusTag(id: "salt", label: "salty meal", labelZh: "咸食", color: "#E67E22", deviation: true))
        var recolour = TagChange()
        recolour.set(\.color, to: "#000000")
        let tag = try log.editTag("salt", recolour)
        #expect(tag.color == "#000000")
        #expect(tag.labelZh == "咸食")
        #expect(tag.deviation)
        #expect(tag.label == "salty meal")
    }

    @Test func editsApplyInTheOrderMade() {
        var change = TagChange()
        change.set(\.label, to: "first")
        change.set(\.label, to: "second")
        #expect(change.applied(to: StatusTag(id: "x", label: "x")).label == "second")
    }
}
