@_exported import HealthLogCLITestSupport
@_exported import HealthLogTestSupport
import HealthRecords
import HealthSync

/// The device id the shared log at `path` writes as, or nil when it is not shared.
func syncDeviceID(_ path: String) throws -> String? {
    try FamilySync.deviceID(of: try RecordStore.open(path: path, access: .readOnly))
}
