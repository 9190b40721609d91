import Foundation
import HealthFuzzTargets
import HealthInterchange
import HealthCore
import HealthRecords
import HealthLogTestSupport
import Testing

/// Seeded, deterministic fuzzing of every parser: 3,000 mutated inputs each per run
/// (HEALTHLOG_SOAK=1: 100,000). Each input is accepted or refused; a crash fails the run and a
/// single input taking over thirty seconds counts as a hang (a hang detector, not a speed claim:
/// the slowest input is printed, and was 130 ms in the soak; two seconds flaked on a loaded machine).
@Suite struct FuzzTargetTests {
    static let inputsPerTarget = ProcessInfo.processInfo.environment["HEALTHLOG_SOAK"] == "1" ? 100_000 : 3_000

    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static func file(_ relative: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: repository.appendingPathComponent(relative).path) ?? Data())
    }

    static func seeds(_ target: FuzzTarget) -> [[UInt8]] {
        let fixtures = "Tests/HealthInterchangeTests/Fixtures/"
        switch target {
        case .quickEntry: return ["138/86", "50/20", "300/200", "120/", "/80", "12O/80", "999/1"].map { Array($0.utf8) }
        case .when:
            return ["07:45", "7:45", "yesterday 21:30", "today 23:59:59", "2026-11-30 07:45", "2026-11-30T07:45:00+08:00", "2026-03-08 02:30"]
                .map { Array($0.utf8) }
        case .csv:
            let sample = file("Samples/family.csv")
            return [Array(sample.prefix(through: sample.prefix(3000).lastIndex(of: 10)!))]
        case .omron: return [file(fixtures + "omron.csv"), file(fixtures + "real/omron_17col_mdy.csv"), file(fixtures + "real/omron_numeric_dates.csv")]
        case .withings: return [file(fixtures + "withings_bp.csv"), file(fixtures + "real/withings_weight.csv")]
        case .bpMonitor:
            return [file(fixtures + "real/bpm_fl_export.csv"), Array("timestampUnixMs,systolic,diastolic,pulse,notes,needlePin\r\n1736923012345,128,82,66,\"a, b\",null".utf8)]
        case .appleHealth: return [file(fixtures + "apple_export.xml"), file(fixtures + "apple_export.zip"), file(fixtures + "real/apple_12hour.xml")]
        case .fhir: return [file(fixtures + "fhir_foreign.json"), file(fixtures + "real/fhir_bulk.ndjson"), file(fixtures + "real/fhir_transaction_bundle.json")]
        case .jsonBackup:
            let readings = (0..<3).map { index in
                Reading(profileID: "dad", takenAt: ZonedInstant(utcSeconds: 1_795_896_800 + Int64(index) * 3600, offsetMinutes: 480),
                        bloodPressure: BloodPressure(systolic: 130 + index, diastolic: 80), pulse: 70, tagIDs: ["bp-med"], note: "头晕")
            }
            return [JSONBackup.encode(
                profiles: [Profile(id: "dad", name: "爸爸")], tags: [StatusTag.builtIns[0]], readings: readings, exportedAt: 0)]
        case .template: return [file("Templates/clinic.json")]
        }
    }

    static let tokens: [[UInt8]] = [",", "\"", "\n", "\r\n", ";", "/", ":", "-", "<", ">", "</", "&lol;", "{", "}", "[", "]",
        "\"\":", "null", "99999999999999999999", "-1", "0", "\u{0}", "\u{FEFF}", "1e308", "爸", "<Correlation>", "%"].map { Array($0.utf8) }

    /// One to four random edits of a seed (or of two seeds spliced together).
    static func mutate(_ seeds: [[UInt8]], using generator: inout SplitMixGenerator) -> [UInt8] {
        var bytes = seeds[Int.random(in: 0..<seeds.count, using: &generator)]
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &generator)
            switch Int.random(in: 0..<7, using: &generator) {
            case 0 where position < bytes.count: bytes[position] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
            case 1: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: position)
            case 2 where position < bytes.count:
                bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...64, using: &generator)))
            case 3 where position < bytes.count:
                let end = min(bytes.count, position + Int.random(in: 1...128, using: &generator))
                bytes.insert(contentsOf: bytes[position..<end], at: position)
            case 4: bytes.insert(contentsOf: tokens[Int.random(in: 0..<tokens.count, using: &generator)], at: position)
            case 5: bytes = Array(bytes.prefix(position))
            default:
                let other = seeds[Int.random(in: 0..<seeds.count, using: &generator)]
                let cut = other.isEmpty ? 0 : Int.random(in: 0..<other.count, using: &generator)
                bytes = Array(bytes.prefix(position)) + other[cut...]
            }
        }
        return bytes
    }

    @Test(arguments: FuzzTarget.allCases)
    func everyInputIsAcceptedOrRefused(target: FuzzTarget) throws {
        let directory = TemporaryDirectory()
        let scratch = directory.path
        let seeds = FuzzTargetTests.seeds(target)
        #expect(seeds.allSatisfy { !$0.isEmpty })
        var generator = SplitMixGenerator(seed: 20_261_130 &+ UInt64(FuzzTarget.allCases.firstIndex(of: target)!))
        var accepted = 0
        var slowest = 0.0
        for _ in 0..<FuzzTargetTests.inputsPerTarget {
            let input = FuzzTargetTests.mutate(seeds, using: &generator)
            let started = Date()
            if target.run(input, scratchDirectory: scratch) { accepted += 1 }
            slowest = max(slowest, Date().timeIntervalSince(started))
        }
        // The seeds themselves parse: the harness is wired to the real parser.
        #expect(seeds.contains { target.run($0, scratchDirectory: scratch) })
        #expect(accepted > 0 && accepted < FuzzTargetTests.inputsPerTarget, "\(target): \(accepted) accepted")
        #expect(slowest < 30.0, "\(target): one input took \(slowest) s, a hang")
        print("fuzz \(target.rawValue): \(FuzzTargetTests.inputsPerTarget) inputs, \(accepted) accepted, slowest \(Int(slowest * 1000)) ms")
    }
}
