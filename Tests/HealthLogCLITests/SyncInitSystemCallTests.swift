import Foundation
import HealthCore
import Testing

/// `sync init` makes one random UUID an operation (and one a transaction): it asks the kernel
/// for randomness (`getrandom`, counted by `strace`) twice a UUID, not once a byte. Sixteen
/// calls a UUID were a sixth of a first machine's `sync init` (issue 39).
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace")))
struct SyncInitSystemCallTests {
    @Test func syncInitAsksForRandomnessTwiceAUUID() throws {
        let count = 2_500
        let log = try PeakMemory(readings: count) { index in
            let instant = ZonedInstant(utcSeconds: 1_577_836_800 + Int64(index) * 900, offsetMinutes: 480)
            return ",dad,\(instant.iso8601),\(110 + index % 60),\(70 + index % 25),\(60 + index % 30),,,reading \(index),"
        }
        let traced = try runShell(
            "exec /usr/bin/strace -f -qq -c -e trace=getrandom -o \"$1\" \"$0\" sync init \"$2\" > /dev/null",
            [try healthlogExecutable(), log.directory.file("strace.txt"), log.directory.file("shared")], environment: log.environment)
        #expect(traced.status == 0, "\(traced.stderr)")
        let summary = try String(contentsOfFile: log.directory.file("strace.txt"), encoding: .utf8)
        // `% time seconds usecs/call calls [errors] syscall`: the calls column of the getrandom row.
        let row = summary.split(separator: "\n").first { $0.hasSuffix(" getrandom") }
        let calls = row.flatMap { line in Int(line.split(separator: " ")[3]) } ?? 0
        print("sync init of \(count) readings: \(calls) getrandom calls")
        #expect(calls > 0, "strace counted no getrandom call:\n\(summary)")
        // Each reading's operation and the profile's take one UUID each; the transaction and the
        // device a few more.
        #expect(calls <= 2 * (count + 1) + 256, "\(calls) getrandom calls for \(count + 1) operations:\n\(summary)")
    }
}
