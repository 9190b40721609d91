public import HealthCore

/// A reading taken standing: home BP is measured seated (ESH 2023, ESC 2024, ACC/AHA 2017, the
/// Chinese guideline), so a standing reading is never averaged into a home figure; it is read
/// against the seated readings of its session instead (``OrthostaticReadings``).
///
/// A reading is standing when it carries the tag `standing`, or when its note says so the way
/// people write it: "standing", "standing 1 min", "3 min standing", "standing for 3 minutes",
/// 站立1分钟, 站立位, 立位. A note of a symptom on standing ("dizzy on standing", 站起来晕) does
/// not make its reading a standing one.
public enum StandingReading {
    /// The tag ID of a standing reading.
    public static let tagID = "standing"

    /// True when `reading` was taken standing.
    public static func isStanding(_ reading: Reading) -> Bool {
        reading.tagIDs.contains(tagID) || (!reading.note.isEmpty && noteSaysStanding(reading.note))
    }

    /// True when `note` says its reading was taken standing: it opens with "standing", or says
    /// for how long ("standing 1 min", "3 min standing", 站立1分钟), or names the position (站立位, 立位).
    public static func noteSaysStanding(_ note: String) -> Bool {
        let text = note.lowercased()
        guard text.contains("standing") || text.contains("站") || text.contains("立位") else { return false }
        if text.contains("立位") || text.contains("分钟站立") { return true }
        for chinese in ["站立", "站着"] {
            var rest = text[...]
            while let found = rest.firstRange(of: chinese) {
                let after = rest[found.upperBound...].drop { $0 == " " }
                if let next = after.first, next.isNumber || next == "位" { return true }
                rest = rest[found.upperBound...]
            }
        }
        let words = text.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        guard let first = words.first else { return false }
        if first == "standing" { return true }
        let minutes: Set<String> = ["min", "mins", "minute", "minutes"]
        let numberish = { (word: String) in word.first?.isNumber == true }
        for (index, word) in words.enumerated() where word == "standing" {
            let next = words.dropFirst(index + 1).first { $0 != "for" && $0 != "after" }
            if let next, numberish(next) { return true }
            let before = words[..<index].filter { $0 != "of" }.suffix(2)
            if let last = before.last, numberish(last) || (minutes.contains(last) && before.dropLast().last.map(numberish) == true) { return true }
        }
        return false
    }
}

/// Standing readings beside the seated ones of the same session: how many were left out of the
/// home figures, and how often the pressure fell on standing by the consensus definition of
/// orthostatic hypotension, a fall of 20 mmHg systolic or more, or 10 diastolic or more, within
/// 3 minutes of standing (ESH 2023; Freeman et al., Clin Auton Res 2011).
public struct OrthostaticReadings: Equatable, Sendable {
    /// A fall that is orthostatic hypotension: 20 systolic or 10 diastolic, mmHg.
    public static let fall = BloodPressure(systolic: 20, diastolic: 10)
    /// How long before a standing reading a seated one counts as its session's, in minutes.
    public static let sessionMinutes = 30

    /// Standing home readings in the range: left out of every home figure.
    public let standing: Int
    /// Sessions with a standing reading and seated readings before it.
    public let sessions: Int
    /// Of those, sessions where a standing reading fell by ``fall`` or more against the seated mean.
    public let falls: Int
    /// The mean fall (seated − standing, positive when the pressure fell) at each session's last
    /// standing reading; nil without sessions.
    public let meanFall: (systolic: Double, diastolic: Double)?

    public static func == (lhs: OrthostaticReadings, rhs: OrthostaticReadings) -> Bool {
        lhs.standing == rhs.standing && lhs.sessions == rhs.sessions && lhs.falls == rhs.falls
            && lhs.meanFall?.systolic == rhs.meanFall?.systolic && lhs.meanFall?.diastolic == rhs.meanFall?.diastolic
    }

    /// nil when no home reading of `readings` (time order) was taken standing.
    init?(_ readings: [Reading]) {
        // Read in place: a log of a million readings is never copied for a handful of standing ones.
        let counts = { (reading: Reading) in reading.isHome && reading.bloodPressure != nil }
        var standing = 0
        // Each session keyed by its seated readings' first id: its falls at each standing reading.
        var order: [String] = []
        var byFirstSeated: [String: [(systolic: Double, diastolic: Double)]] = [:]
        for (index, reading) in readings.enumerated() where counts(reading) && StandingReading.isStanding(reading) {
            standing += 1
            let at = reading.takenAt.utcSeconds
            // The seated readings just before it, back to the first standing one or the window's start.
            var seated: [Reading] = []
            for earlier in readings[..<index].reversed() where counts(earlier) {
                guard at - earlier.takenAt.utcSeconds <= Int64(OrthostaticReadings.sessionMinutes * 60) else { break }
                if !StandingReading.isStanding(earlier) { seated.append(earlier) }
            }
            guard let first = seated.last, let mean = PressureMean(seated.map { $0.bloodPressure! }) else { continue }
            if byFirstSeated[first.id] == nil { order.append(first.id) }
            let pressure = reading.bloodPressure!
            byFirstSeated[first.id, default: []].append((mean.systolic - Double(pressure.systolic), mean.diastolic - Double(pressure.diastolic)))
        }
        guard standing > 0 else { return nil }
        self.standing = standing
        let sessions = order.map { byFirstSeated[$0]! }
        self.sessions = sessions.count
        falls = sessions.count { session in
            session.contains { $0.systolic >= Double(OrthostaticReadings.fall.systolic) || $0.diastolic >= Double(OrthostaticReadings.fall.diastolic) }
        }
        let last = sessions.compactMap(\.last)
        meanFall = last.isEmpty
            ? nil : (last.map(\.systolic).reduce(0, +) / Double(last.count), last.map(\.diastolic).reduce(0, +) / Double(last.count))
    }
}
