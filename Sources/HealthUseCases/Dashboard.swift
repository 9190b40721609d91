public import HealthCore
public import HealthPresentation

/// What `healthlog` alone shows of one profile: its last reading, the last seven days at home,
/// and its readings of today.
public struct DashboardEntry: Sendable {
    public let profile: Profile
    /// The newest reading, if any.
    public let last: Reading?
    /// The readings of today's measurement day.
    public let today: [Reading]
    /// The last seven days' figures (nil when they hold no home reading).
    public let week: SummaryDocument?
    public let tags: [StatusTag]
}

extension HealthLog {
    /// The dashboard: the profile this session is about (named, the default, or the only
    /// one), else every profile; empty when the log has no profile yet (nothing is created).
    public func dashboard(strings: StringTable) throws(HealthLogError) -> [DashboardEntry] {
        guard FileSystem.exists(settings.databasePath) else { return [] }
        let overviews = try profiles()
        let chosen: [Profile]
        if case .named(let id) = settings.profile {
            chosen = overviews.filter { $0.profile.id == id }.map(\.profile)
        } else if let preferred = overviews.first(where: \.isDefault) ?? (overviews.count == 1 ? overviews.first : nil) {
            chosen = [preferred.profile]
        } else {
            chosen = overviews.map(\.profile)
        }
        let today = self.today
        var entries: [DashboardEntry] = []
        for profile in chosen {
            var named = settings
            named.profile = .named(profile.id)
            named.namedProfile = profile.id
            let session = HealthLog(named)
            let listing = try session.listing(.all)
            let week = try? session.summaryDocument(
                SummaryRequest(range: DateRange(from: today.adding(days: -6), to: today), language: strings.language), strings: strings)
            entries.append(
                DashboardEntry(
                    profile: profile, last: listing.readings.last, today: listing.readings.filter { $0.measurementDay == today },
                    week: week, tags: listing.tags))
        }
        return entries
    }
}
