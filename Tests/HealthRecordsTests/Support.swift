import Foundation
import HealthCore
import HealthRecords
@_exported import HealthLogTestSupport
import Testing

func openStore(_ directory: TemporaryDirectory, name: String = "log.sqlite") throws -> RecordStore {
    try RecordStore.open(path: directory.file(name), clock: { fixedNow })
}

/// The bytes of a file and of its -wal and -shm companions, to prove nothing changed.
func snapshot(_ path: String) -> [String: Data] {
    var result: [String: Data] = [:]
    for suffix in ["", "-wal", "-shm", "-journal"] {
        if let data = FileManager.default.contents(atPath: path + suffix) { result[suffix] = data }
    }
    return result
}
