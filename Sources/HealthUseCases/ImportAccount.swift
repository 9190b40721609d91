import HealthCore
public import HealthInterchange
public import HealthPresentation

extension ImportProblem {
    /// The problem as the presentation layer lists it (``ImportText/problemLines(_:line:)``).
    public var line: ImportProblemLine { ImportProblemLine(location: location, reason: reason) }
}

extension ImportReport {
    /// The report's figures as the presentation layer words them (``ImportText``).
    public var account: ImportAccount {
        var account = ImportAccount(input: input, profile: profile, dryRun: dryRun, summary: summary)
        account.problems = outcome.problems.map(\.line)
        account.problemCount = outcome.problemCount
        account.settledDateOrder = outcome.settledDateOrder.map { ($0.order.rawValue, $0.date, $0.line) }
        account.notes = outcome.notes
        account.standardTimeRows = outcome.standardTimeRows
        account.firstStandardTimeRow = outcome.firstStandardTimeRow
        account.skipped = outcome.skipped
        account.skippedKinds = outcome.skippedKinds
        account.deviceErrorRows = outcome.deviceErrorRows
        return account
    }
}
