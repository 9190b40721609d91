public import HealthCore

/// A blood-pressure guideline: its categories for single readings and its thresholds.
public enum Guideline: String, CaseIterable, Sendable {
    /// ESH 2023 (European Society of Hypertension).
    case esh
    /// ACC/AHA 2017 (American).
    case aha
    /// The Chinese guideline (中国高血压防治指南, 2024 revision).
    case china
    /// ESC 2024 (European Society of Cardiology): non-elevated, elevated, hypertension.
    case esc

    /// The home-monitoring threshold used for diagnosis: 135/85 for ESH, ESC and China, 130/80 for AHA.
    /// A reading or average at or above either number is in the hypertensive range.
    public var homeThreshold: BloodPressure {
        self == .aha ? BloodPressure(systolic: 130, diastolic: 80) : BloodPressure(systolic: 135, diastolic: 85)
    }

    /// The office (clinic) threshold: 140/90, or 130/80 for AHA.
    public var officeThreshold: BloodPressure {
        self == .aha ? BloodPressure(systolic: 130, diastolic: 80) : BloodPressure(systolic: 140, diastolic: 90)
    }

    /// The systolic band a treated patient aims for when tolerated: ESC 2024's 120–129; nil for the others.
    public var treatedSystolicTarget: ClosedRange<Int>? { self == .esc ? 120...129 : nil }

    /// The category of one reading; the higher of the systolic and diastolic categories wins.
    public func classify(_ pressure: BloodPressure) -> Classification {
        let category = max(systolicCategory(pressure.systolic), diastolicCategory(pressure.diastolic))
        var isolated: Classification.Isolated?
        if self == .esh || self == .china {
            if pressure.systolic >= 140 && pressure.diastolic < 90 { isolated = .systolic }
            if pressure.systolic < 140 && pressure.diastolic >= 90 { isolated = .diastolic }
        }
        return Classification(guideline: self, pressure: pressure, category: category, isolated: isolated)
    }

    /// ESC 2024's category of a home average (not of an office reading): non-elevated below
    /// 120/70, elevated 120–134/70–84, hypertension at 135/85 or above; the higher number wins.
    /// Read unrounded, as every home verdict is: 113.4/69.7 is non-elevated, though it prints as 113/70.
    public static func escHomeCategory(_ mean: PressureMean) -> BPCategory {
        if mean.reaches(escHomeLimits.hypertension) { return .hypertension }
        if mean.reaches(escHomeLimits.elevated) { return .elevated }
        return .nonElevated
    }

    /// Where ESC 2024's home categories begin: elevated at 120/70, hypertension at 135/85.
    public static let escHomeLimits = (
        elevated: BloodPressure(systolic: 120, diastolic: 70), hypertension: BloodPressure(systolic: 135, diastolic: 85)
    )

    /// The categories, lowest first.
    public var categories: [BPCategory] {
        switch self {
        case .esh: [.optimal, .normal, .highNormal, .grade1, .grade2, .grade3]
        case .aha: [.normal, .elevated, .stage1, .stage2, .crisis]
        case .china: [.normal, .highNormal, .grade1, .grade2, .grade3]
        case .esc: [.nonElevated, .elevated, .hypertension]
        }
    }

    /// Where a single reading is very high under this guideline: ESH 2023's and the Chinese
    /// guideline's grade 3 (systolic ≥ 180 or diastolic ≥ 110), AHA 2017's hypertensive crisis
    /// (> 180 or > 120). ESC 2024 has no severe category of its own and uses ESH's grade 3.
    public var veryHighLimit: VeryHighLimit {
        self == .aha
            ? VeryHighLimit(level: BloodPressure(systolic: 180, diastolic: 120), inclusive: false)
            : VeryHighLimit(level: BloodPressure(systolic: 180, diastolic: 110), inclusive: true)
    }

    /// True for a very high reading (``veryHighLimit``): the one rule behind a new reading's
    /// attention line, the urgent alerts, page 1's count of very high readings and the chart.
    /// It is the guideline's top category (``classify(_:)``).
    public func isVeryHigh(_ pressure: BloodPressure) -> Bool { veryHighLimit.reached(by: pressure) }

    private func systolicCategory(_ value: Int) -> BPCategory {
        switch self {
        case .esh:
            value >= 180 ? .grade3 : value >= 160 ? .grade2 : value >= 140 ? .grade1
                : value >= 130 ? .highNormal : value >= 120 ? .normal : .optimal
        case .china:
            value >= 180 ? .grade3 : value >= 160 ? .grade2 : value >= 140 ? .grade1 : value >= 120 ? .highNormal : .normal
        case .aha:
            value > 180 ? .crisis : value >= 140 ? .stage2 : value >= 130 ? .stage1 : value >= 120 ? .elevated : .normal
        case .esc:
            value >= 140 ? .hypertension : value >= 120 ? .elevated : .nonElevated
        }
    }

    private func diastolicCategory(_ value: Int) -> BPCategory {
        switch self {
        case .esh:
            value >= 110 ? .grade3 : value >= 100 ? .grade2 : value >= 90 ? .grade1
                : value >= 85 ? .highNormal : value >= 80 ? .normal : .optimal
        case .china:
            value >= 110 ? .grade3 : value >= 100 ? .grade2 : value >= 90 ? .grade1 : value >= 80 ? .highNormal : .normal
        case .aha:
            // Diastolic alone never makes a reading "elevated".
            value > 120 ? .crisis : value >= 90 ? .stage2 : value >= 80 ? .stage1 : .normal
        case .esc:
            value >= 90 ? .hypertension : value >= 70 ? .elevated : .nonElevated
        }
    }
}

/// The level at which a single reading is very high: reached at it (`inclusive`, ≥ 180/110) or
/// only above it (> 180/120).
public struct VeryHighLimit: Equatable, Sendable {
    public let level: BloodPressure
    /// True when a reading at the level is very high; false when only one above it is.
    public let inclusive: Bool

    /// Severe hypertension in pregnancy (ESH 2023): 160/110 or more, urgent whatever the guideline.
    public static let pregnancy = VeryHighLimit(level: BloodPressure(systolic: 160, diastolic: 110), inclusive: true)

    /// True when either number of `pressure` reaches the limit.
    public func reached(by pressure: BloodPressure) -> Bool {
        inclusive
            ? pressure.isAtOrAbove(level)
            : pressure.systolic > level.systolic || pressure.diastolic > level.diastolic
    }
}

/// A guideline category. Its order is severity, shared across guidelines.
public enum BPCategory: String, Comparable, Sendable, CaseIterable {
    case optimal
    case nonElevated = "non-elevated"
    case normal, elevated
    case highNormal = "high-normal"
    case stage1 = "stage-1"
    case grade1 = "grade-1"
    case hypertension
    case stage2 = "stage-2"
    case grade2 = "grade-2"
    case grade3 = "grade-3"
    case crisis

    private var rank: Int { BPCategory.allCases.firstIndex(of: self)! }

    public static func < (lhs: BPCategory, rhs: BPCategory) -> Bool { lhs.rank < rhs.rank }
}

/// The verdict on one reading under one guideline.
public struct Classification: Equatable, Sendable {
    /// Which number alone is high, for ESH and China.
    public enum Isolated: String, Sendable {
        case systolic, diastolic
    }

    public let guideline: Guideline
    public let pressure: BloodPressure
    public let category: BPCategory
    public let isolated: Isolated?

    /// The category's name with its guideline in `table`'s language, e.g. "Elevated (ESC 2024)"
    /// or 1级高血压（中国高血压防治指南）: the same word means different things in different guidelines.
    public func label(in table: StringTable) -> String {
        table.text(
            "category.withGuideline",
            ["category": table.text("category.\(guideline.rawValue).\(category.rawValue)"),
             "guideline": guideline.label(in: table)])
    }

    /// The label a reading is called by: its category's (``label(in:)``), except that a low
    /// reading (``Alert/isLow(_:)``) is called low, never optimal or normal.
    public func reading(in table: StringTable) -> String {
        Alert.isLow(pressure) ? table.text("classify.low", ["guideline": guideline.label(in: table)]) : label(in: table)
    }

    /// "Isolated systolic hypertension" / 单纯收缩期高血压, or nil.
    public func isolatedLabel(in table: StringTable) -> String? {
        isolated.map { table.text("isolated.\($0.rawValue)") }
    }
}

extension Guideline {
    /// The guideline used when none is asked for: the Chinese guideline for a Chinese reader, ESH 2023 otherwise.
    public static func standard(for language: Language) -> Guideline { language == .chinese ? .china : .esh }

    /// The guideline's name, e.g. "ESH 2023" or 中国高血压防治指南.
    public func label(in table: StringTable) -> String { table.text("guideline.\(rawValue)") }
}
