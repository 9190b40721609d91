import HealthCore
import HealthRecords

extension HealthLog {
    /// Refuses a filter that names a tag the log has never known: no definition (current or
    /// removed) and no reading carrying it. `list -t bpmed` is a typo, not "no readings"; a tag
    /// readings carry without a definition is still a filter.
    func requireKnownTags(in filter: ReadingFilter, store: RecordStore) throws {
        let named = filter.namedTagIDs
        guard !named.isEmpty else { return }
        let known = try store.tags(includingRemoved: true).map(\.id) + (try store.undefinedTagUsage().map(\.id))
        let unknown = named.filter { !known.contains($0) }
        guard unknown.isEmpty else { throw HealthLogError.unknownTags(unknown, known: known.sorted()) }
    }
}
