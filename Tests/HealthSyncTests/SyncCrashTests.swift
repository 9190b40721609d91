import Foundation
import HealthCore
import HealthRecords
import Testing

/// A machine of a shared log killed while it writes: real processes, real SIGKILLs, real files.
/// Whatever moment the kill lands on, the killed machine's log holds the import whole or not at
/// all; once it runs again it takes back what its journal already published of the killed
/// import (whole, or the part a kill inside the write left), another machine loses nothing, and
/// both logs are identical field for field; the import run again completes. `make soak` kills 40 times.
@Suite struct SyncCrashTests {
    static let soak = ProcessInfo.processInfo.environment["HEALTHLOG_SOAK"] == "1"

    @Test func killingAWriterMidAppendLosesNothingAndTheMachinesConverge() throws {
        let rows = 2_000
        let directory = TemporaryDirectory()
        let folder = directory.file("shared")
        let dad = processEnvironment(directory, database: "dad.sqlite")
        let daughter = processEnvironment(directory, database: "daughter.sqlite")
        for environment in [dad, daughter] {
            let joined = try runProcess(["sync", "init", folder], environment: environment)
            try #require(joined.status == 0, "\(joined.stderr)")
        }
        // How long one import takes here, to spread the kills across it.
        let started = Date()
        let first = try runProcess(["import", directory.write("first.csv", readingsCSV(rows))], environment: dad)
        try #require(first.status == 0, "\(first.stderr)")
        let duration = Date().timeIntervalSince(started)
        let device = try #require(try syncDeviceID(dad["HEALTHLOG_DB"]!))
        let journal = folder + "/journal/" + device
        let grown = journalBytes(journal) / 2  // what one import appends
        var generator = SplitMixGenerator(seed: 20_261_202)
        let kills = Self.soak ? 40 : 8
        var outcomes = (before: 0, after: 0)
        var torn = 0
        var takenBack = 0
        var partial = 0
        for attempt in 1...kills {
            let before = try HealthRecordsAccess.readings(dad["HEALTHLOG_DB"]!).count
            let file = directory.write("rows-\(attempt).csv", readingsCSV(rows, from: attempt * rows))
            let start = journalBytes(journal)
            let process = try startProcess(["import", file], environment: dad)
            let delay: Double
            if attempt % 3 == 0 {
                // Anywhere in the run, parsing included.
                delay = duration * Double.random(in: 0.05...1.2, using: &generator)
                Thread.sleep(forTimeInterval: delay)
            } else {
                // While the journal is being appended: as soon as it has grown by a random share
                // of what the import writes: between the append and the commit, or inside a write().
                let threshold = start + Int64.random(in: 1...max(2, grown), using: &generator)
                let began = Date()
                while process.isRunning, journalBytes(journal) < threshold, Date().timeIntervalSince(began) < 30 { usleep(100) }
                delay = Date().timeIntervalSince(began)
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let after = try HealthRecordsAccess.readings(dad["HEALTHLOG_DB"]!).count
            #expect(after == before || after == before + rows, "attempt \(attempt) after \(delay) s: \(after - before) of \(rows) rows")
            if after == before { outcomes.before += 1 } else { outcomes.after += 1 }
            if endsTorn(journal) { torn += 1 }
            // Half the time the daughter merges the torn journal before its owner has run again.
            if attempt % 2 == 0 {
                let early = try runProcess(["sync"], environment: daughter)
                #expect(early.status == 0, "attempt \(attempt): \(early.stderr)")
            }
            for environment in [dad, daughter, dad, daughter] {
                let merged = try runProcess(["sync"], environment: environment)
                #expect(merged.status == 0, "attempt \(attempt): \(merged.stderr)")
            }
            let settled = try HealthRecordsAccess.readings(dad["HEALTHLOG_DB"]!).count
            // What the log committed stays; what the killed import's journal held (all of it, or
            // the part a kill inside the write left) is taken back by its owner, as the other
            // machine may already have merged it. Running the import again completes it.
            #expect(settled >= after && settled <= before + rows, "attempt \(attempt): \(settled - before) rows after merging")
            if settled != after { takenBack += 1 }
            if settled > after, settled < before + rows { partial += 1 }
            let dadLog = try logDump(dad["HEALTHLOG_DB"]!)
            let daughterLog = try logDump(daughter["HEALTHLOG_DB"]!)
            #expect(dadLog.count == daughterLog.count, "attempt \(attempt): \(dadLog.count) vs \(daughterLog.count) records")
            #expect(dadLog == daughterLog, "attempt \(attempt): the logs differ")
        }
        // Nothing is left refused once the owner has healed its journal, and a third machine
        // joining now takes exactly the same log.
        let status = try runProcess(["sync", "status"], environment: daughter)
        #expect(status.status == 0)
        #expect(!status.stdout.contains("Refused lines"), "\(status.stdout)")
        let third = processEnvironment(directory, database: "third.sqlite")
        #expect(try runProcess(["sync", "init", folder], environment: third).status == 0)
        #expect(try logDump(third["HEALTHLOG_DB"]!) == (try logDump(dad["HEALTHLOG_DB"]!)))
        // Every killed import run again completes: each row exactly once on every machine.
        for attempt in 1...kills {
            let again = try runProcess(["import", directory.file("rows-\(attempt).csv")], environment: dad)
            #expect(again.status == 0, "\(again.stderr)")
        }
        #expect(try runProcess(["sync"], environment: daughter).status == 0)
        #expect(try HealthRecordsAccess.readings(dad["HEALTHLOG_DB"]!).count == rows * (kills + 1))
        #expect(try logDump(daughter["HEALTHLOG_DB"]!) == (try logDump(dad["HEALTHLOG_DB"]!)))
        for environment in [dad, daughter] {
            let check = try runProcess(["check"], environment: environment)
            #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        }
        print("killed a shared log's import \(kills) times: \(outcomes.before) before, \(outcomes.after) after, \(torn) with a torn last line, \(takenBack) taken back from the journal (\(partial) in part); both machines identical")
    }

    /// The bytes of every segment in a device's journal folder.
    private func journalBytes(_ folder: String) -> Int64 {
        names(in: folder).filter { $0.hasSuffix(".ndjson") }.reduce(0) { total, name in
            total + ((try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int64) ?? 0)
        }
    }

    /// True when the device's newest segment ends inside a line.
    private func endsTorn(_ folder: String) -> Bool {
        guard let last = names(in: folder).filter({ $0.hasSuffix(".ndjson") }).last,
            let data = FileManager.default.contents(atPath: folder + "/" + last), let byte = data.last
        else { return false }
        return byte != UInt8(ascii: "\n")
    }
}
