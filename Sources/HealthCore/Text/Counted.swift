/// `count` with its noun in English, singular for one: `counted(1, "reading")` is "1 reading",
/// `counted(3, "reading")` is "3 readings". Give `plural` for nouns that do not just add "s".
public func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
}
