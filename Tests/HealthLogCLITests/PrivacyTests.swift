import Foundation
import HealthCore
import HealthRecords
import Testing

@Suite struct PrivacyTests {
    private func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func everyFileHealthLogWritesIsPrivate() throws {
        let cli = CLIHarness()
        cli.environment["HEALTHLOG_DB"] = cli.directory.file("data/health/log.sqlite")
        cli.ok("add", "120/80", "--at", "07:00")
        let store = try RecordStore.open(path: cli.directory.file("data/health/log.sqlite"))
        try store.add(Reading(profileID: "me", takenAt: ZonedInstant(iso8601: "2026-11-30T07:10:00+08:00")!, pulse: 70))
        // While the store is open its WAL and shared-memory files exist.
        #expect(try mode(cli.directory.file("data/health")) == 0o700)
        #expect(try mode(cli.directory.file("data")) == 0o700)
        for suffix in ["", "-wal", "-shm"] {
            #expect(try mode(cli.directory.file("data/health/log.sqlite") + suffix) == 0o600, "log.sqlite\(suffix)")
        }
        let outputs = [
            ["report", "-o", cli.directory.file("r.pdf")], ["report", "--format", "png", "--dpi", "50", "-o", cli.directory.file("p.png")],
            ["chart", "-o", cli.directory.file("c.svg"), "--format", "svg"], ["export", "-o", cli.directory.file("e.csv")],
            ["export", "--format", "json", "-o", cli.directory.file("e.json")], ["export", "--format", "fhir", "-o", cli.directory.file("e.fhir.json")],
            ["backup", cli.directory.file("b.sqlite")],
        ]
        for command in outputs { cli.ok(command) }
        for file in ["r.pdf", "p-1.png", "c.svg", "e.csv", "e.json", "e.fhir.json", "b.sqlite"] {
            #expect(try mode(cli.directory.file(file)) == 0o600, "\(file)")
        }
        cli.ok("restore", cli.directory.file("b.sqlite"), "--yes")
        #expect(try mode(cli.directory.file("data/health/log.sqlite.before-restore-20261130T000000Z.bak")) == 0o600)
    }

    @Test func hostileStringsAreStoredAndReadBackIntact() throws {
        let cli = CLIHarness()
        let notes = [
            "'); DROP TABLE readings;--", "爸爸 头晕", "🩺💊❤️‍🔥", "nul\u{0}inside", "\"quoted\", and\nnew lines\r\n",
            String(repeating: "長い", count: 5_000),
        ]
        for (index, note) in notes.enumerated() {
            #expect(cli.run(["add", "12\(index)/80", "-n", note, "--at", "07:0\(index)"]).status == 0)
        }
        let stored = try cli.readings().map(\.note)
        #expect(stored == notes)
        // And through CSV export and import into another log.
        let file = cli.directory.file("all.csv")
        cli.ok("export", "-o", file)
        let other = CLIHarness()
        other.ok("import", file)
        #expect(try other.readings().map(\.note) == notes)
        #expect(try RecordStore.open(path: cli.databasePath).check().problems.isEmpty)
    }

    @Test func noNetworkCodeAnywhere() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        var checked = 0
        for case let file as String in enumerator where file.hasSuffix(".swift") || file.hasSuffix(".h") || file.hasSuffix(".modulemap") {
            let text = try String(contentsOfFile: sources.appendingPathComponent(file).path, encoding: .utf8)
            checked += 1
            // The family's page listens (HealthWeb, its engine, and `serve`, which prints its address): it
            // never connects anywhere, and nothing else listens or connects at all.
            let serves = file.hasPrefix("HealthWeb/") || file.hasPrefix("CMicroHTTPD/") || file == "HealthLogCLI/Commands/ServeCommands.swift"
            let listening = serves ? [] : ["socket(", "http://", "https://"]
            // `sync setup` drives the local Syncthing through its REST API: its client connects only
            // to a LoopbackEndpoint (127.0.0.0/8, ::1 or a Unix socket; SyncthingClientTests), never elsewhere.
            let loopbackOnly = file == "HealthSync/Syncthing/LoopbackHTTPClient.swift" || file == "HealthSync/Syncthing/LoopbackEndpoint.swift"
            for banned in ["URLSession", "FoundationNetworking", "connect(", "getaddrinfo", "curl"] + listening
            where text.contains(banned) && !(loopbackOnly && ["socket(", "connect(", "http://", "https://"].contains(banned)) {
                // The only URLs allowed are FHIR and LOINC identifiers, which are names, not addresses fetched.
                let allowed = text.split(separator: "\n").filter { $0.contains(banned) }.allSatisfy {
                    $0.contains("hl7.org") || $0.contains("loinc.org") || $0.contains("unitsofmeasure.org")
                        || $0.contains("terminology.hl7.org") || $0.contains("swift.org")
                }
                #expect(allowed, "\(file) contains \(banned)")
            }
        }
        #expect(checked > 50)
    }

    @Test func outputNeverFollowsAPlantedSymlink() throws {
        let cli = CLIHarness()
        cli.ok("add", "120/80", "--at", "07:00")
        let victim = cli.directory.write("victim.txt", "keep me")
        for (index, command) in [["report"], ["backup"], ["export", "--format", "json"]].enumerated() {
            let link = cli.directory.file("link\(index)")
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
            let arguments = command[0] == "backup" ? ["backup", link] : command + ["-o", link]
            cli.ok(arguments)
            #expect(String(decoding: try #require(FileManager.default.contents(atPath: victim)), as: UTF8.self) == "keep me")
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == nil, "\(command): the link was followed")
        }
    }
}
