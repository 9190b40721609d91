/// A reading's values in a sentence (`Saved 129/77 mmHg · pulse 65 · BP medication, …`), set so
/// that a narrow line breaks them only where it reads well: never inside a value (`pulse | 65`),
/// and before a `·`, never after it (a `·` left alone at the end of a line, its value on the next).
enum ValuesText {
    /// `values` (`129/77 mmHg`, `pulse 65`, `72.5 kg`), each kept whole by no-break spaces, then
    /// `stamps` (a list of names, which may wrap between its words), apart by ` · `.
    static func joined(_ values: [String], stamps: String? = nil) -> String {
        let parts = values.map { $0.replacingOccurrences(of: " ", with: "\u{00A0}") } + (stamps.map { [$0] } ?? [])
        return parts.joined(separator: " ·\u{00A0}")
    }
}
