import Testing

/// A new reading that is very high, low, or noted with dizziness says so in words after
/// "Added", with what to do; an ordinary one says nothing more.
@Suite struct AttentionLineTests {
    @Test(arguments: [
        (["190/125"], "Attention: a very high reading (180/110 or more). Sit quietly for five minutes and measure again."),
        (["181/90"], "Attention: a very high reading"),
        (["150/110"], "Attention: a very high reading"),
        (["85/55"], "Attention: a low reading (below 90/60). Sit or lie down and measure again."),
        (["120/58"], "Attention: a low reading"),
        (["118/76", "-n", "站起来头晕"], "Attention: the note mentions dizziness or fainting."),
        (["118/76", "-n", "felt Dizzy after standing"], "Attention: the note mentions dizziness or fainting."),
    ])
    func anAlertingReadingSaysWhatToDo(arguments: [String], advice: String) {
        let harness = CLIHarness()
        let output = harness.ok(["add"] + arguments)
        let lines = output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("Added") == true)
        #expect(lines.contains { $0.hasPrefix(advice) }, "\(output)")
        #expect(lines.filter { $0.hasPrefix("Attention:") }.count == 1, "\(output)")
    }

    @Test func anOrdinaryReadingSaysNothingMore() {
        let harness = CLIHarness()
        for arguments in [["179/109"], ["90/60"], ["138/86", "72", "-n", "after a walk"], ["--weight", "72.5"]] {
            let output = harness.ok(["add"] + arguments)
            #expect(!output.contains("Attention"), "\(arguments): \(output)")
        }
    }
}
