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
