public import HealthCore

/// 2026-11-30 00:00 UTC (08:00 in China) in milliseconds: the clock the tests stand at.
public let fixedNow: Int64 = 1_795_996_800_000

/// `date` at `hour`:`minute` in China (UTC+8).
public func shanghai(_ date: String, _ hour: Int, _ minute: Int) -> ZonedInstant {
    ZonedInstant(date: CivilDate(iso: date)!, hour: hour, minute: minute, offsetMinutes: 480)
}

/// `systolic`/`diastolic`.
public func bp(_ systolic: Int, _ diastolic: Int) -> BloodPressure {
    BloodPressure(systolic: systolic, diastolic: diastolic)
}
