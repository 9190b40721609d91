import HealthCore

/// The dates a table writes with their year, by line, so a date written without one (`11月3日`,
/// `11/3`, as a notebook is kept) takes its year from the rows around it.
///
/// A yearless date takes, from the nearest dated row above it and the nearest below, the year
/// that puts it closest to that row's date (`12/30` after `2025/12/28` is 2025, `1/2` after it is
/// 2026). When the row above and the row below give two years, the year is not guessed: the date
/// is refused naming both. A table with no dated row reads its dates in the latest year that puts
/// them not after today. A date that would be in the future is refused.
struct DatedRows: Sendable {
    /// Lines and dates, in the table's order.
    private(set) var rows: [(line: Int, date: CivilDate)] = []

    /// Why a yearless date cannot be given a year.
    enum YearProblem: Error, Equatable {
        /// The rows above and below give two different years.
        case ambiguous(CivilDate, CivilDate)
        /// The year read puts the date after today.
        case future(CivilDate)
        /// No year makes it a date (`2月30日`).
        case impossible
    }

    /// The dated rows of `table`'s `column` below `headerLine`: its first rows, or all of them
    /// when those are not the whole table.
    static func survey(_ table: any TableSource, column: Int, after headerLine: Int) throws(InterchangeError) -> DatedRows {
        var found = DatedRows()
        let see = { (record: CSVReader.Record) in
            guard record.line > headerLine, column < record.cells.count,
                case .full(let date) = NotebookText.date(record.cells[column])
            else { return }
            found.rows.append((record.line, date))
        }
        if table.headIsWhole {
            table.headRecords.forEach(see)
        } else {
            try table.lookThroughAllRows { record in
                see(record)
                return true
            }
        }
        return found
    }

    /// The date `month`/`day` on `line` names, given a year as above; `today` is the import's.
    func date(month: Int, day: Int, line: Int, today: CivilDate) -> Result<(date: CivilDate, fromToday: Bool), YearProblem> {
        let above = rows.last { $0.line < line }
        let below = rows.first { $0.line > line }
        let nearest = { (anchor: CivilDate) -> CivilDate? in
            [anchor.year - 1, anchor.year, anchor.year + 1].compactMap { CivilDate(year: $0, month: month, day: day) }
                .min { abs($0.dayNumber - anchor.dayNumber) < abs($1.dayNumber - anchor.dayNumber) }
        }
        let fromAbove = above.flatMap { nearest($0.date) }
        let fromBelow = below.flatMap { nearest($0.date) }
        let chosen: CivilDate
        var fromToday = false
        switch (fromAbove, fromBelow) {
        case let (a?, b?) where a != b: return .failure(.ambiguous(a, b))
        case (let a?, _): chosen = a
        case (nil, let b?): chosen = b
        case (nil, nil):
            guard let thisYear = CivilDate(year: today.year, month: month, day: day) ?? CivilDate(year: today.year - 1, month: month, day: day) else {
                return .failure(.impossible)
            }
            chosen = thisYear > today ? (CivilDate(year: today.year - 1, month: month, day: day) ?? thisYear) : thisYear
            fromToday = true
        }
        guard chosen <= today else { return .failure(.future(chosen)) }
        return .success((chosen, fromToday))
    }
}
