import Foundation
import HealthInterchange
import HealthRecords
import Testing

let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

func fixture(_ name: String) -> String { "\(fixtures)/\(name)" }

/// 2026-11-30T00:00Z in milliseconds.
let fixedNow: Int64 = 1_795_996_800_000

func settings(_ path: String, profile: String? = "dad", zone: any TimeZoneRule = FixedOffsetZone(minutes: 480)) -> ImportSettings {
    ImportSettings(path: path, profileID: profile, zone: zone, now: fixedNow)
}

/// A private temporary directory, removed when the value goes away.
final class TemporaryDirectory {
    let path: String

    init() {
        var template = Array("\(NSTemporaryDirectory())/healthlog-interchange-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { "\(path)/\(name)" }

    func write(_ name: String, _ bytes: [UInt8]) -> String {
        let path = file(name)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }
}
