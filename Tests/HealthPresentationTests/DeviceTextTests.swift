import Foundation
import HealthCore
import HealthLogTestSupport
import HealthPresentation
import Testing

/// `serve devices` as a table: one column each, as wide as its widest cell, times in the machine's zone.
@Suite struct DeviceTextTests {
    private let words: StringTable = {
        try! StringTable.load(.english, from: TemplatesFolder(directory: templatesPath))
    }()

    @Test func pairedAndWaitingDevicesShareOneTable() {
        let devices = [
            PairedDevice(id: "a", name: "Dad's phone", grants: ["dad": .add, "mum": .view], pairedAt: 1_795_996_800_000, lastSeenAt: 1_796_000_400_000),
            PairedDevice(id: "b", name: "tablet\u{1B}[2J", grants: ["gran": .manage], pairingExpiresAt: 1_795_997_400_000),
        ]
        let text = DeviceText(words: words, zone: FixedOffsetZone(minutes: 480), emphasis: PlainText())
        #expect(text.table(devices) == [
            "Name         Profiles          Paired                          Last seen",
            "Dad's phone  dad:add,mum:view  2026-11-30 08:00                2026-11-30 09:00",
            "tablet\\e[2J  gran:manage       waiting until 2026-11-30 08:10  —",
        ])
        #expect(text.table([]) == ["No device is paired; pair one with: healthlog serve pair --profile ID"])
    }
}
