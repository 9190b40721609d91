import Foundation
import Testing

/// A mistyped command or subcommand names the one most likely meant; a word like none of them
/// says only that it is unknown.
@Suite struct SuggestionTests {
    @Test(arguments: [
        ("stat", "stats"), ("lsit", "list"), ("ad", "add"), ("rm", "delete"), ("ls", "list"), ("reprot", "report"),
        ("STATS", "stats"), ("exprot", "export"),
    ])
    func aTypoNamesTheCommandMeant(typed: String, meant: String) {
        let result = CLIHarness().run(typed)
        #expect(result.status == 64)
        #expect(result.stderr == "Error: unknown command '\(typed)' (did you mean '\(meant)'?). See 'healthlog --help'.\n", "\(result.stderr)")
    }

    @Test func aSubcommandTypoNamesTheSubcommandMeant() {
        let result = CLIHarness().run("profile", "lsit")
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown subcommand 'lsit' (did you mean 'list'?)"), "\(result.stderr)")
        let unknown = CLIHarness().run("profile", "frobnicate")
        #expect(unknown.stderr.contains("(one of: add, list"), "\(unknown.stderr)")
    }

    @Test func aWordLikeNoCommandGetsNoGuess() {
        for word in ["frobnicate", "x", "zz"] {
            let result = CLIHarness().run(word)
            #expect(result.stderr == "Error: unknown command '\(word)'. See 'healthlog --help'.\n", "\(result.stderr)")
        }
    }
}

/// A filter naming a tag the log has never known is a typo (exit 65, the likely tag named);
/// one readings carry without a definition, or a removed definition, still filters.
@Suite struct UnknownFilterTagTests {
    @Test func aTagNoOneKnowsIsRefusedWithTheLikelyOne() {
        let harness = CLIHarness()
        harness.ok("add", "130/80", "-t", "bp-med", "--at", "2026-11-29 07:30")
        for command in [["list"], ["stats"], ["report", "-o", harness.directory.file("r.pdf")], ["chart", "-o", harness.directory.file("c.png")]] {
            let result = harness.run(command + ["-t", "bpmed"])
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(result.stderr.hasPrefix("Error: unknown tag 'bpmed' (did you mean 'bp-med'?)"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: harness.directory.file("r.pdf")))
        }
        #expect(harness.run("list", "--without-tag", "dite").stderr.contains("(did you mean 'diet'?)"))
        // A removed definition still names history.
        harness.ok("tag", "add", "salt", "--label", "salty meal")
        harness.ok("add", "140/90", "-t", "salt", "--at", "2026-11-29 19:30")
        harness.ok("tag", "remove", "salt")
        #expect(harness.ok("list", "-t", "salt").contains("1 reading"))
    }
}
