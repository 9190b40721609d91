import HealthCore

/// The systemd user timer and service that `remind install` writes: the timer fires at the
/// times given and the service runs `healthlog remind notify`, which shows a desktop
/// notification when a morning or evening reading is due.
public struct ReminderUnits: Equatable, Sendable {
    /// The first line of each unit: a file without it is not HealthLog's and is never replaced
    /// or removed.
    public static let marker = "# Written by healthlog remind install; remove with: healthlog remind remove"
    public static let timerName = "healthlog-remind.timer"
    public static let serviceName = "healthlog-remind.service"
    /// Unit files are read by the user's own systemd; nothing in them is secret.
    public static let mode = 0o644
    public static let defaultTimes = [ClockTime(hour: 7, minute: 30), ClockTime(hour: 21, minute: 0)]
    /// More times a day than anyone measures at.
    public static let maximumTimes = 6

    /// A time of day, `HH:MM`.
    public struct ClockTime: Equatable, Comparable, Sendable {
        /// 0–23.
        public let hour: Int
        /// 0–59.
        public let minute: Int
        /// `HH:MM`, as the timer and the messages write it.
        public var text: String { (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)" }
        public static func < (a: ClockTime, b: ClockTime) -> Bool { (a.hour, a.minute) < (b.hour, b.minute) }

        /// `7:30`, `07:30`, `21:00`, `7:30pm` or `9pm` (as `--at` reads a time); nil for anything else.
        public init?(_ text: String) {
            guard let time = WhenExpression.timeOfDay(text) else { return nil }
            self.init(hour: time.hour, minute: time.minute)
        }

        public init(hour: Int, minute: Int) {
            self.hour = hour
            self.minute = minute
        }
    }

    /// The folder systemd reads a user's units from: `$XDG_CONFIG_HOME/systemd/user`, else
    /// `~/.config/systemd/user`; nil without an absolute home.
    public static func folder(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/systemd/user" }
        return HomeFolder.path(environment: environment).map { $0 + "/.config/systemd/user" }
    }

    /// When the timer fires, in order.
    public let times: [ClockTime]
    /// The command the service runs, each word as written (quoted for systemd here).
    public let command: [String]

    /// Units that fire at `times` and run `command`.
    public init(times: [ClockTime], command: [String]) {
        self.times = times
        self.command = command
    }

    /// The timer unit's text.
    public var timer: String {
        """
        \(Self.marker)
        [Unit]
        Description=HealthLog reminder: morning and evening blood-pressure readings

        [Timer]
        \(times.map { "OnCalendar=*-*-* \($0.text):00" }.joined(separator: "\n"))
        AccuracySec=1min

        [Install]
        WantedBy=timers.target

        """
    }

    /// The service unit's text.
    public var service: String {
        """
        \(Self.marker)
        [Unit]
        Description=HealthLog: show a notification when a blood-pressure reading is due

        [Service]
        Type=oneshot
        ExecStart=\(command.map(Self.quoted).joined(separator: " "))

        """
    }

    /// A word of `ExecStart=` as systemd reads it: in double quotes, with `\`, `"`, `%` and `$`
    /// escaped (a path with a space, or a `%` systemd would expand).
    public static func quoted(_ word: String) -> String {
        var text = ""
        for character in word {
            switch character {
            case "\\": text += "\\\\"
            case "\"": text += "\\\""
            case "%": text += "%%"
            case "$": text += "$$"
            default: text.append(character)
            }
        }
        return "\"\(text)\""
    }

    /// The times of an installed timer, from its `OnCalendar=` lines.
    public static func times(inTimer text: String) -> [ClockTime] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("OnCalendar=*-*-* ") else { return nil }
            return ClockTime(String(line.dropFirst("OnCalendar=*-*-* ".count).prefix(5)))
        }
    }
}
