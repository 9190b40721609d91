import HealthCore

/// A slow pulse in the home readings (bradycardia), which page 1 names beside a controlled
/// pressure: a pulse of 45 on a high dose of a β-blocker, with tiredness, asks for an ECG and a
/// review of the rate-slowing medicine more than the pressure asks for anything.
///
/// The thresholds, in one place:
/// - below **50** a minute is bradycardia: the ESC 2021 guidelines on cardiac pacing (Eur Heart J
///   2021;42:3427–3520) and the ACC/AHA/HRS 2018 bradycardia guideline (Circulation
///   2019;140:e382–e482) both define sinus bradycardia as a rate below 50;
/// - below **40** a minute it is marked: the ESC 2018 syncope guidelines (Eur Heart J
///   2018;39:1883–1948) take a persistent sinus bradycardia below 40 while awake as diagnostic of
///   an arrhythmic cause.
///
/// The figure is the monitor's pulse, read over the headline week (page 1's time frame; without
/// a protocol week, over the range). A cuff's pulse is not an ECG: page 1 asks for one.
public struct Bradycardia: Equatable, Sendable {
    /// A pulse below this, a minute, is slow (bradycardia): 50 (ESC 2021, ACC/AHA/HRS 2018).
    public static let slowRate = 50
    /// A mean pulse below this, a minute, is marked bradycardia: 40 (ESC 2018 syncope).
    public static let markedRate = 40
    /// Words of a note that says the person is tired (a symptom of a slow pulse), beside the
    /// dizziness, fainting and breathlessness of ``Symptom``.
    public static let fatigueWords = ["tired", "fatigue", "exhausted", "weary", "no energy", "乏力", "疲劳", "疲倦", "疲惫", "没力气", "很累"]
    /// Medicines that slow the heart rate, by name (English or Chinese), beside every medicine of
    /// the catalogue's `beta-blocker` class: β-blockers, the non-dihydropyridine calcium-channel
    /// blockers, ivabradine and digoxin.
    public static let rateSlowingNames = [
        "metoprolol", "bisoprolol", "atenolol", "carvedilol", "nebivolol", "propranolol", "labetalol", "diltiazem", "verapamil",
        "ivabradine", "digoxin", "美托洛尔", "倍他乐克", "比索洛尔", "阿替洛尔", "卡维地洛", "奈必洛尔", "普萘洛尔", "拉贝洛尔", "地尔硫", "维拉帕米",
        "伊伐布雷定", "地高辛",
    ]

    /// The mean pulse of the readings read.
    public let meanPulse: Double
    /// Readings with a pulse, and of those the ones below ``slowRate``.
    public let readings: Int
    public let slow: Int
    /// The lowest pulse among them.
    public let lowest: Int
    /// True when the readings are the headline week's; false when they are the range's.
    public let week: Bool
    /// The latest note, on a reading with a slow pulse (or none) in the range, of tiredness,
    /// breathlessness, dizziness or fainting; nil without one.
    public let symptomNote: String?
    /// The rate-slowing medicines taken on the headline week's last day (``rateSlowingNames``).
    public let rateSlowing: [Regimen.Course]

    /// Marked (mean below 40) or with symptoms noted: said first on page 1, in its safety lines.
    public var urgent: Bool { meanPulse < Double(Bradycardia.markedRate) || symptomNote != nil }
    /// The mean pulse is below 40.
    public var marked: Bool { meanPulse < Double(Bradycardia.markedRate) }

    /// nil unless the mean pulse of `headline` (the headline week's home readings, else the
    /// range's) is below 50 or most of its readings are; `range` is every reading of the range
    /// in time order, for the notes; `regimen` on `day` gives the medicines.
    init?(headline: [Reading], week: Bool, range: [Reading], regimen: Regimen, on day: CivilDate) {
        // Sums only: without a week the headline is the range, which is never copied.
        var (count, sum, slow, lowest) = (0, 0, 0, Int.max)
        for reading in headline where reading.bloodPressure != nil {
            guard let pulse = reading.pulse else { continue }
            count += 1
            sum += pulse
            if pulse < Bradycardia.slowRate { slow += 1 }
            lowest = Swift.min(lowest, pulse)
        }
        guard count > 0 else { return nil }
        let mean = Double(sum) / Double(count)
        guard mean < Double(Bradycardia.slowRate) || slow * 2 > count else { return nil }
        meanPulse = mean
        readings = count
        self.slow = slow
        self.lowest = lowest
        self.week = week
        symptomNote = range.last { reading in
            !reading.note.isEmpty && (reading.pulse.map { $0 < Bradycardia.slowRate } ?? true) && Bradycardia.namesSymptom(reading.note)
        }.map { String($0.note.trimmingWhitespace()) }
        rateSlowing = regimen.taken(on: day).filter(Bradycardia.slowsTheRate)
    }

    /// True when `note` names tiredness, breathlessness, dizziness or fainting.
    static func namesSymptom(_ note: String) -> Bool {
        fatigue.match(note) || Symptom.dizziness.isNamed(in: note) || Symptom.warning.isNamed(in: note)
    }

    /// True when `course` is a rate-slowing medicine: of the `beta-blocker` class, or named in ``rateSlowingNames``.
    public static func slowsTheRate(_ course: Regimen.Course) -> Bool {
        if course.classes.contains("beta-blocker") { return true }
        let names = [course.name.lowercased(), course.identity, course.generic ?? ""]
        return names.contains { name in rateSlowingNames.contains { name.contains($0) } }
    }

    private static let fatigue = NoteWords(fatigueWords)
}
