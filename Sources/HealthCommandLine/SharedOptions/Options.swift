package import HealthCore

/// The options several commands share, each declared once (the guideline's is the program's).
package enum Options {
    package static let forceLeave = Flag("--force", help: "Leave even though the shared folder, or another machine, lacks some of this log's changes.")

    // MARK: - Output

    /// `--format text|json` for what a command reports; `table` is another name for `text`.
    package enum TextFormat: String, CaseIterable, Sendable { case text, json }
    package static let textFormat = Option<TextFormat>(
        "--format", value: "FORMAT", help: "text (default; also called table) or json.", expected: "a format (text, table or json)"
    ) { $0 == "table" ? .text : TextFormat(rawValue: $0) }.completing(.words(["text", "table", "json"]))

    /// `--format table|json|csv` for every command that lists; `text` is another name for `table`.
    package enum ListingFormat: String, CaseIterable, Sendable { case table, json, csv }
    package static let listingFormat = Option<ListingFormat>(
        "--format", value: "FORMAT", help: "table (default; also called text), json or csv (the JSON's fields as columns).",
        expected: "a format (table, text, json or csv)"
    ) { $0 == "text" ? .table : ListingFormat(rawValue: $0) }.completing(.words(["table", "text", "json", "csv"]))
    /// `--format table|json` for a report of several parts (`sync status`).
    package static let statusFormat = Option<ListingFormat>(
        "--format", value: "FORMAT", help: "table (default; also called text) or json.", expected: "a format (table, text or json)"
    ) { $0 == "text" ? .table : $0 == "csv" ? nil : ListingFormat(rawValue: $0) }.completing(.words(["table", "text", "json"]))

    package static let output = Option<String>("--output", short: "-o", value: "FILE", help: "Write to FILE.").completing(.file)
    package static let dpi = Option<Int>(
        "--dpi", value: "N", help: "PNG resolution, 50–600 (default 150).", expected: "a resolution from 50 to 600"
    ) { Int($0).flatMap { (50...600).contains($0) ? $0 : nil } }
    package static let language = Option<Language>(
        "--lang", value: "LANG", help: "en or zh-Hans (default: from $LANG).",
        expected: "available; use \(Language.allCases.map(\.code).joined(separator: " or "))"
    ) { Language(code: $0) }.completing(.words(Language.allCases.map(\.code)))

    // MARK: - Questions and rules

    package static let yes = Flag("--yes", short: "-y", help: "Do not ask for confirmation.")
    package static let quiet = Flag("--quiet", short: "-q", help: "Print nothing but errors.")
}
