public import HealthCore

/// The devices paired with the page as `serve devices` lists them.
public struct DeviceText {
    let words: StringTable
    let zone: any TimeZoneRule
    let emphasis: any TerminalEmphasis

    /// Devices in `words`, their times told in `zone`.
    public init(words: StringTable, zone: any TimeZoneRule, emphasis: any TerminalEmphasis) {
        self.words = words
        self.zone = zone
        self.emphasis = emphasis
    }

    /// The table: each device's name, its profiles with what it may do for each, when it was
    /// paired (or until when its code waits), and when it was last seen.
    public func table(_ devices: [PairedDevice]) -> [String] {
        guard !devices.isEmpty else { return [words.cli("serve.devices.none")] }
        let time = { (milliseconds: Int64?) in milliseconds.map { zone.zoned(utcSeconds: $0 / 1000).localDateAndTime } ?? "—" }
        let rows = devices.map { device -> [String] in
            [
                device.name.visibleControls(), device.profileIDs.map { "\($0):\(device.grants[$0]!.rawValue)" }.joined(separator: ","),
                device.isPaired ? time(device.pairedAt) : words.cli("serve.devices.waiting", ["time": time(device.pairingExpiresAt)]),
                time(device.lastSeenAt),
            ]
        }
        let titles = ["name", "profiles", "paired", "seen"].map { words.cli("serve.devices.col.\($0)") }
        let table = TerminalTable(titles.indices.map { column in .init(column, titles[column], rows.map { $0[column].displayWidth }.max() ?? 0) })
        let line = { (cells: [String]) in table.row(zip(cells, table.columns).map { $0.padding($1.width) }).trimmingTrailingSpaces() }
        return [emphasis.bold(line(titles))] + rows.map(line)
    }
}
