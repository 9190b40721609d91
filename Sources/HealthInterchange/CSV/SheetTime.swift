/// The time of day `--time` gives a sheet that writes dates but no times (a once-a-day log):
/// every reading of it is put at this time, and the import says so once.
public struct SheetTime: Sendable, Equatable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    /// `08:00`, `7:30`, `0800` or `7:30 PM`; nil for text that is no time of day.
    public init?(_ text: String) {
        guard let clock = WallClockText.timeCell(text), clock.second == 0 else { return nil }
        (hour, minute) = (clock.hour, clock.minute)
    }

    /// `08:00`.
    public var description: String { "\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)" }
}
