import HealthAnalytics
import HealthCore
import HealthLogTestSupport
import HealthPresentation
import Testing

/// The line above `list`'s table, and `med list`'s table: whose, which days, how many, fitted
/// to the terminal by breaking between parts, never inside one.
@Suite struct ListingHeadingTests {
    private let words: StringTable = {
        try! StringTable.load(.english, from: TemplatesFolder(directory: templatesPath))
    }()
    private let profile = Profile(id: "dad", name: "Dad\u{1B}[2J")
    private let range = DateRange(from: CivilDate(iso: "2026-11-01"), to: CivilDate(iso: "2026-11-30"))

    @Test func onePartEachWhenItFits() {
        let text = ReadingText(tags: [], words: words, style: PlainText())
        let heading = text.listingHeading(profile: profile, range: range, filter: ReadingFilter(), listed: 3, matching: 3, width: nil)
        #expect(heading == "dad (Dad\\e[2J) · \(words.range(range)) · \(words.counted(3, "reading"))")
    }

    @Test func breaksBetweenPartsOnANarrowTerminal() {
        let text = ReadingText(tags: [], words: words, style: PlainText())
        let heading = text.listingHeading(profile: profile, range: range, filter: ReadingFilter(), listed: 20, matching: 45, width: 30)
        let lines = heading.split(separator: "\n").map(String.init)
        #expect(lines.count == 3 && lines[0] == "dad (Dad\\e[2J)")
        #expect(lines[1] == "  " + words.range(range))
        #expect(lines[2] == "  " + words.cli("list.latestOf", ["n": "20", "total": words.counted(45, "reading")]))
    }

    @Test func anEmptyMedicineTableSaysSo() {
        let listing = MedicineListing(
            regimen: Regimen(events: [], catalogue: .empty), catalogue: .empty, all: false, now: ZonedInstant(iso8601: "2026-11-30T08:00:00+08:00")!, profileID: "dad", words: words)
        #expect(listing.table(emphasis: PlainText()) == listing.emptyLines)
        #expect(!listing.emptyLines.isEmpty)
    }
}
