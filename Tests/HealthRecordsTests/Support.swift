import Foundation
import HealthCore
import HealthRecords
@_exported import HealthLogTestSupport
import Testing

/// 2026-11-30 08:00 in China, in milliseconds.
let fixedNow: Int64 = 1_795_996_800_000

func openStore(_ directory: TemporaryDirectory, name: String = "log.sqlite") throws -> RecordStore {
    try RecordStore.open(path: directory.file(name), clock: { fixedNow })
}

func shanghai(_ date: String, _ hour: Int, _ minute: Int) -> ZonedInstant {
    ZonedInstant(date: CivilDate(iso: date)!, hour: hour, minute: minute, offsetMinutes: 480)
}

func bp(_ systolic: Int, _ diastolic: Int) -> BloodPressure {
    BloodPressure(systolic: systolic, diastolic: diastolic)
}

/// The bytes of a file and of its -wal and -shm companions, to prove nothing changed.
func snapshot(_ path: String) -> [String: Data] {
    var result: [String: Data] = [:]
    for suffix in ["", "-wal", "-shm", "-journal"] {
        if let data = FileManager.default.contents(atPath: path + suffix) { result[suffix] = data }
    }
    return result
}
