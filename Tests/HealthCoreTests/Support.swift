import HealthCore
@_exported import HealthLogTestSupport

func shanghai(_ date: String, _ hour: Int, _ minute: Int) -> ZonedInstant {
    ZonedInstant(date: CivilDate(iso: date)!, hour: hour, minute: minute, offsetMinutes: 480)
}

func bp(_ systolic: Int, _ diastolic: Int) -> BloodPressure {
    BloodPressure(systolic: systolic, diastolic: diastolic)
}
