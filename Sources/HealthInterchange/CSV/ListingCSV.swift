public import HealthCore

/// A listing's CSV, made from its JSON: one row per object, the columns its keys in the order
/// first met (a nested object's keys as `target.systolic`), so the CSV names every field as the
/// JSON does and keeps the JSON's promise of stable names. Text cells are guarded against
/// spreadsheet formulas (``SpreadsheetGuard``); an absent or null value is an empty cell, a list
/// is joined with `;`.
public enum ListingCSV {
    /// The CSV of `rows`, a header line first.
    public static func csv(_ rows: [JSONValue]) -> String {
        let flattened = rows.map { flat($0) }
        var columns: [String] = []
        var known = Set<String>()
        for row in flattened {
            for (key, _) in row where known.insert(key).inserted { columns.append(key) }
        }
        // A field that is an object in some rows and null in others has only its nested columns.
        let nested = columns
        columns.removeAll { column in nested.contains { $0.hasPrefix(column + ".") } }
        var lines = [columns.map(CSVReader.escape).joined(separator: ",")]
        for row in flattened {
            let cells = Dictionary(row, uniquingKeysWith: { first, _ in first })
            lines.append(columns.map { CSVReader.escape(cells[$0] ?? "") }.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An object's fields as (column, cell text), nested objects flattened.
    private static func flat(_ value: JSONValue, prefix: String = "") -> [(String, String)] {
        guard case .object(let members) = value else { return [(prefix.isEmpty ? "value" : prefix, cell(value))] }
        return members.flatMap { key, member -> [(String, String)] in
            let name = prefix.isEmpty ? key : prefix + "." + key
            if case .object = member { return flat(member, prefix: name) }
            return [(name, cell(member))]
        }
    }

    private static func cell(_ value: JSONValue) -> String {
        switch value {
        case .null: ""
        case .bool(let flag): flag ? "true" : "false"
        case .number(let digits): digits
        case .string(let text): SpreadsheetGuard.guarded(text)
        case .array(let items): SpreadsheetGuard.guarded(items.map(cell).joined(separator: ";"))
        case .object: ""
        }
    }
}
