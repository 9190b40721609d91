import HealthCore

extension [StatusTag] {
    /// The tag ids `names` stand for: an id as it is, else the id of the one current tag whose
    /// English or Chinese label it is (`降压药`, `BP medication`, any case, spaces around it
    /// ignored). A name that is neither stays as typed, for the store to refuse with the known
    /// ids; one that could not be an id either (`降压`) is refused here the same way, as an
    /// unknown tag rather than a badly formed id. A reading keeps ids, never labels: renaming a
    /// tag never alters it.
    func ids(named names: [String]) throws(HealthLogError) -> [String] {
        let resolved = resolvedIDs(names)
        let unknown = resolved.filter { !Slug.isValid($0) }
        guard unknown.isEmpty else { throw .unknownTags(unknown, known: filter { !$0.removed }.map(\.id).sorted()) }
        return resolved
    }

    private func resolvedIDs(_ names: [String]) -> [String] {
        let current = filter { !$0.removed }
        let ids = Set(current.map(\.id))
        var seen: Set<String> = []
        return names.map { name -> String in
            if ids.contains(name) { return name }
            let wanted = name.trimmingWhitespace().lowercased()
            let matches = current.filter { $0.label.trimmingWhitespace().lowercased() == wanted || $0.labelZh?.trimmingWhitespace().lowercased() == wanted }
            return matches.count == 1 ? matches[0].id : name
        }.filter { seen.insert($0).inserted }
    }
}
