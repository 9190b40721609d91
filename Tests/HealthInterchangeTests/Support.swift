import Foundation
import HealthInterchange
import HealthCore
import HealthRecords
@_exported import HealthLogTestSupport
import Testing

let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

func fixture(_ name: String) -> String { "\(fixtures)/\(name)" }

/// 2026-11-30T00:00Z in milliseconds.
let fixedNow: Int64 = 1_795_996_800_000

func settings(_ path: String, profile: String? = "dad", zone: any TimeZoneRule = FixedOffsetZone(minutes: 480)) -> ImportSettings {
    ImportSettings(path: path, profileID: profile, zone: zone, now: fixedNow)
}


func shanghai(_ date: String, _ hour: Int, _ minute: Int) -> ZonedInstant {
    ZonedInstant(date: CivilDate(iso: date)!, hour: hour, minute: minute, offsetMinutes: 480)
}

func bp(_ systolic: Int, _ diastolic: Int) -> BloodPressure {
    BloodPressure(systolic: systolic, diastolic: diastolic)
}
