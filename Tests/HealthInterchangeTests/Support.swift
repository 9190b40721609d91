import Foundation
import HealthCore
import HealthInterchange
import HealthRecords
import HealthUseCases
@_exported import HealthLogTestSupport
import Testing

let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

func fixture(_ name: String) -> String { "\(fixtures)/\(name)" }

/// A fixture shaped like a real export (see Fixtures/real/MANIFEST.md).
func realFixture(_ name: String) -> String { "\(fixtures)/real/\(name)" }

/// Reads a file as an import would, without importing it.
func read(
    _ path: String, as format: InterchangeFormat? = nil, profile: String? = "dad", onlyProfile: String? = nil,
    zone: any TimeZoneRule = FixedOffsetZone(minutes: 480), dateOrder: DateOrder? = nil
) throws -> DecodedFile {
    try InterchangeReader.read(path, as: format, profile: profile, onlyProfile: onlyProfile, zone: zone, dateOrder: dateOrder, now: fixedNow)
}

/// Imports a file into the log at `database`, the use-case call the CLI makes.
@discardableResult
func importFile(
    _ path: String, into database: String, as format: InterchangeFormat? = nil, profile: ProfileChoice = .automatic,
    zone: any TimeZoneRule = FixedOffsetZone(minutes: 480), dateOrder: DateOrder? = nil, skipInvalid: Bool = false,
    dryRun: Bool = false, now: Int64 = fixedNow
) throws(HealthLogError) -> ImportReport {
    let log = HealthLog(HealthLog.Settings(databasePath: database, profile: profile, clock: { now }, zone: zone))
    var request = ImportRequest(path: path, format: format, dateOrder: dateOrder)
    request.skipInvalid = skipInvalid
    request.dryRun = dryRun
    do {
        return try log.importFile(request)
    } catch {
        log.discardCreatedLogIfUnused()
        throw error
    }
}

func zone(_ name: String) -> any TimeZoneRule { ZoneInfoZone(identifier: name)! }
