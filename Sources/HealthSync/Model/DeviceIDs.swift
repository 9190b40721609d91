/// How device ids are shown: by their first 8 hex digits, or as many more as tell apart two
/// devices whose first 8 are the same (a folder planted to look like another machine).
public enum DeviceIDs {
    /// The shortest prefix of each id in `ids`, 8 digits or more, that no other id of `known` shares.
    public static func shortForms(of ids: some Sequence<String>, among known: some Sequence<String>) -> [String: String] {
        let others = Array(Set(known))
        var forms: [String: String] = [:]
        for id in ids {
            var length = min(8, id.count)
            while length < id.count, others.contains(where: { $0 != id && $0.hasPrefix(id.prefix(length)) }) { length += 1 }
            forms[id] = String(id.prefix(length))
        }
        return forms
    }
}
