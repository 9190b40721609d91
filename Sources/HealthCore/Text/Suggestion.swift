/// The known word a mistyped one most likely meant: the usual names other tools use (`rm`,
/// `ls`), else the nearest by edit distance (one edit, or two in a word of five letters or more).
public enum Suggestion {
    /// Words people type from other tools, and the HealthLog command each means.
    public static let habits = ["rm": "delete", "del": "delete", "remove": "delete", "ls": "list", "new": "add", "stat": "stats", "summary": "stats", "info": "show"]

    public static func nearest(to word: String, among known: [String]) -> String? {
        let typed = word.lowercased()
        if let habit = habits[typed], known.contains(habit) { return habit }
        if known.contains(typed) { return typed }
        // One edit for any word of two letters or more; two only for words of five or more.
        let allowed = typed.count >= 5 ? 2 : typed.count >= 2 ? 1 : 0
        let scored = known.map { ($0, distance(typed, $0)) }.filter { $0.1 <= allowed }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// Damerau–Levenshtein distance (a swap of neighbours counts once: `lsit` is 1 from `list`).
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1) }
            }
        }
        return rows[a.count][b.count]
    }

    /// " (did you mean 'list'?)" or "".
    public static func didYouMean(_ word: String, among known: [String]) -> String {
        nearest(to: word, among: known).map { " (did you mean '\($0)'?)" } ?? ""
    }
}
