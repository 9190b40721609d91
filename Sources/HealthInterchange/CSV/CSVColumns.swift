/// A CSV header read by column name, so columns may come in any order and unknown ones are
/// ignored. Names are compared without case, spaces or punctuation: `Systolic (mmHg)`,
/// `systolic_mmhg` and `SYSTOLIC MMHG` are one name.
struct CSVColumns {
    private let positions: [String: Int]
    /// The header's cells as written, for messages and for layouts read by position.
    let names: [String]
    /// How many cells the header has; a data row may not have more (an unquoted comma in a
    /// value would shift every cell after it).
    let width: Int

    init(header: [String]) {
        var positions: [String: Int] = [:]
        for (index, name) in header.enumerated() {
            let key = CSVColumns.normalized(name)
            if positions[key] == nil { positions[key] = index }
        }
        self.positions = positions
        names = header.map { String($0.trimmingWhitespace()) }
        width = header.count
    }

    /// `Systolic (mmHg)` → `systolicmmhg`.
    static func normalized(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }))
            .lowercased()
    }

    /// The position of the first of `names` the header has.
    func position(_ names: [String]) -> Int? {
        for name in names {
            if let position = positions[CSVColumns.normalized(name)] { return position }
        }
        return nil
    }

    /// The position of the first column whose name starts with one of `prefixes` (normalized).
    func position(prefix prefixes: [String]) -> Int? {
        names.firstIndex { name in
            let key = CSVColumns.normalized(name)
            return prefixes.contains { key.hasPrefix(CSVColumns.normalized($0)) }
        }
    }

    /// The position of the first of `names` the header has, with a unit after the name or not
    /// (`Systole (mmHg)`, `Puls (1/min)`, `Gewicht kg`).
    func position(ignoringUnits names: [String]) -> Int? {
        if let exact = position(names) { return exact }
        let wanted = Set(names.map(CSVColumns.normalized))
        return self.names.firstIndex { name in
            let key = CSVColumns.normalized(name)
            return CSVColumns.units.contains { unit in key.hasSuffix(unit) && wanted.contains(String(key.dropLast(unit.count))) }
        }
    }

    /// Units a header writes after a name, normalized.
    private static let units = ["mmhg", "1min", "min", "bpm", "spm", "ppm", "kg", "lbs", "lb"]

    /// True when the header has one of `names`.
    func has(_ names: [String]) -> Bool { position(names) != nil }
}

/// One data row, read by the positions found in the header.
struct CSVRow {
    let cells: [String]

    /// The trimmed cell at `position`, or "" when the row is short or there is no such column.
    subscript(_ position: Int?) -> String {
        guard let position, position < cells.count else { return "" }
        return String(cells[position].trimmingWhitespace())
    }
}
