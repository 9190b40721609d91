/// Keeps a spreadsheet from running a cell of text as a formula.
///
/// Excel, LibreOffice and Google Sheets treat a cell that starts with `=`, `+`, `-` or `@` (and,
/// after a tab or carriage return, the same) as a formula: a note such as
/// `=HYPERLINK("…"&A1,"click")`, which sends the sheet's data to a web address when clicked, would run. Every free-text cell HealthLog
/// writes to a CSV is guarded with a leading apostrophe, which spreadsheets take as "this is
/// text" and do not show. A text that itself starts with an apostrophe gets one more, so the
/// guard is always undone exactly: importing HealthLog's own CSV gives back the note byte for
/// byte.
public enum SpreadsheetGuard {
    /// The first characters a spreadsheet may read as the start of a formula.
    static let triggers: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// `text` as a CSV cell that no spreadsheet runs: `'=1+2` for `=1+2`, `''tis` for `'tis`.
    public static func guarded(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, triggers.contains(first) || first == "'" && needsGuard(afterApostrophe: text) else {
            return text
        }
        return "'" + text
    }

    /// The text a guarded cell stands for: one leading apostrophe is removed when it is the guard.
    public static func unguarded(_ cell: String) -> String {
        guard cell.unicodeScalars.first == "'", needsGuard(afterApostrophe: cell) else { return cell }
        return String(cell.unicodeScalars.dropFirst())
    }

    /// True when the character after a leading apostrophe is one the guard protects (a trigger,
    /// or another apostrophe): only then was the apostrophe HealthLog's own.
    private static func needsGuard(afterApostrophe text: String) -> Bool {
        guard let second = text.unicodeScalars.dropFirst().first else { return false }
        return triggers.contains(second) || second == "'"
    }
}
