import HealthCore

/// A row a sheet adds under its readings to sum them up: `Average,,116,74,49` as Omron Connect
/// or Livongo files carry at their end, `平均,,…` in a notebook. Such a row is skipped and
/// counted, never read as a reading and never refused: its first cell is a summary word and the
/// cells that hold the date and time hold nothing else.
enum SummaryRow {
    /// The words a summary row starts with, in the languages HealthLog reads and Omron Connect ships.
    static let words: Set<String> = [
        "average", "avg", "mean", "total", "totals", "sum", "summary", "min", "max", "minimum", "maximum",
        "gemiddeld", "durchschnitt", "mittelwert", "moyenne", "promedio", "media", "média",
        "średnia", "srednia", "průměr", "priemer", "átlag", "medie", "prosjek", "povprečje", "gennemsnit", "gjennomsnitt",
        "genomsnitt", "medel", "medelvärde", "keskiarvo", "keskmine", "vidurkis", "vidējais", "prosek", "ortalama", "среднее",
        "середнє", "средно", "μέσος όρος", "ממוצע", "متوسط", "เฉลี่ย", "trung bình", "rata-rata",
        "平均", "平均值", "均值", "合计", "总计", "最高", "最低", "평균",
    ]

    /// The phrase the summary line counts such rows under.
    static let skipped = Phrase("summary rows (Average or 平均 in the first cell, no date)")

    /// True when `row` sums the others up: its first cell is a summary word (a trailing `:` aside),
    /// and each cell at `when` (the date, time or date-and-time columns) is that first cell or empty.
    static func isSummary(_ row: CSVRow, when: [Int?]) -> Bool {
        var first = row[0].lowercased()
        if first.hasSuffix(":") || first.hasSuffix("：") { first.removeLast() }
        guard words.contains(first) else { return false }
        return when.allSatisfy { position in position == nil || position == 0 || row[position].isEmpty }
    }
}
