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

    /// A near fall is not a fall: `add -n "nearly fell"` (差点摔倒, 险些跌倒) says a near fall, and
    /// only a note of a fall that happened says a fall (issue 35).
    @Test(arguments: [
        ("nearly fell getting up", "en_GB.UTF-8", "Attention: the note mentions a near fall.", "a fall"),
        ("差点摔倒", "zh_CN.UTF-8", "注意：备注提到险些跌倒。", "提到跌倒"),
        ("起床时险些跌倒", "zh_CN.UTF-8", "注意：备注提到险些跌倒。", "提到跌倒"),
        ("fell in the bathroom; nearly fell again later", "en_GB.UTF-8", "Attention: the note mentions a fall.", "near fall"),
        ("摔倒了", "zh_CN.UTF-8", "注意：备注提到跌倒。", "险些"),
    ])
    func aNearFallIsNotCalledAFall(note: String, language: String, advice: String, never: String) {
        let harness = CLIHarness()
        harness.environment["LANG"] = language
        let output = harness.ok("add", "118/76", "-n", note)
        let attention = output.split(separator: "\n").filter { $0.hasPrefix(advice.prefix(3)) }
        #expect(attention.count == 1 && attention[0].hasPrefix(advice), "\(output)")
        #expect(!attention.joined().contains(never), "\(output)")
    }

    @Test func anOrdinaryReadingSaysNothingMore() {
        let harness = CLIHarness()
        for arguments in [["179/109"], ["90/60"], ["138/86", "72", "-n", "after a walk"], ["--weight", "72.5"]] {
            let output = harness.ok(["add"] + arguments)
            #expect(!output.contains("Attention"), "\(arguments): \(output)")
        }
    }
}
