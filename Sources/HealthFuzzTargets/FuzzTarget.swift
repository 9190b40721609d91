#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import HealthInterchange
import HealthCore
import HealthRecords
import HealthReport

/// Every parser that reads outside input, fed one input at a time: by the seeded fuzz tests in
/// `make test` and by libFuzzer through `healthlog-fuzz`. Each either accepts the input or
/// returns an error; a crash or a hang is the bug being hunted.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `add`'s `SYS/DIA`.
    case quickEntry = "quick-entry"
    /// `--at`.
    case when
    /// HealthLog CSV (CSVReader and ReadingCSVCodec).
    case csv
    case omron
    case withings
    /// The blood-pressure-monitor app's CSV.
    case bpMonitor = "bp-monitor"
    case appleHealth = "apple-health"
    case fhir
    /// The JSON backup reader.
    case jsonBackup = "json-backup"
    /// The report template loader.
    case template

    private static let now = ZonedInstant(iso8601: "2026-11-30T08:00:00+08:00")!
    private static let nowMilliseconds = now.utcSeconds * 1000

    /// Parses `bytes`; returns true when the parser accepted them.
    ///
    /// File-reading parsers get the bytes through `scratchDirectory/input`.
    public func run(_ bytes: [UInt8], scratchDirectory: String) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        switch self {
        case .quickEntry:
            return (try? BloodPressure.parse(text)) != nil
        case .when:
            let zones: [any TimeZoneRule] = [FixedOffsetZone(minutes: 480), ZoneInfoZone(identifier: "America/New_York") ?? FixedOffsetZone(minutes: -300)]
            return zones.map { (try? WhenExpression.parse(text, now: FuzzTarget.now, zone: $0)) != nil }.contains(true)
        case .template:
            let path = write(bytes, to: scratchDirectory + "/input.json")
            return (try? TemplateLibrary(directory: scratchDirectory).template(path)) != nil
        default:
            let path = write(bytes, to: scratchDirectory + "/input")
            let format: InterchangeFormat = switch self {
            case .csv: .csv
            case .omron: .omron
            case .withings: .withings
            case .bpMonitor: .bpMonitor
            case .appleHealth: .appleHealth
            case .fhir: .fhir
            default: .json
            }
            guard
                let decoded = try? InterchangeReader.read(
                    path, as: format, profile: "dad", zone: FixedOffsetZone(minutes: 480), dateOrder: .dmy, now: FuzzTarget.nowMilliseconds)
            else { return false }
            // What the parser accepted must be valid for the store.
            for incoming in decoded.incoming {
                precondition((try? incoming.reading.validate()) != nil, "\(rawValue) produced an invalid reading: \(incoming.reading)")
            }
            return decoded.problems.isEmpty
        }
    }

    private func write(_ bytes: [UInt8], to path: String) -> String {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if descriptor >= 0 {
            _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        return path
    }
}
