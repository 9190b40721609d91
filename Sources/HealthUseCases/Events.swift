public import HealthCore
import HealthRecords

/// What adding an event did.
public struct AddedEvent: Sendable {
    public let event: Event
    public let profile: Profile
    /// Events with the same text already recorded on its day.
    public let sameDayCount: Int
}

extension HealthLog {
    /// Records an event for the session's profile, at `at` or now. An event may be planned
    /// ahead, so its time is checked by the event rule, not the reading rule.
    public func addEvent(_ text: String, kind: EventKind, at: ZonedInstant? = nil) throws(HealthLogError) -> AddedEvent {
        let at = at ?? now
        return try change { store in
            let profile = try chosenProfile(in: store)
            let event = Event(profileID: profile.id, at: at, kind: kind, text: text)
            let day = event.at.measurementDay
            let sameDay = try store.events(profileID: profile.id, from: day, to: day).filter { $0.text == text }.count
            try store.addEvent(event)
            return AddedEvent(event: event, profile: profile, sameDayCount: sameDay)
        }
    }

    /// The session profile's events in `range`.
    public func events(_ range: DateRange = .all) throws(HealthLogError) -> (profile: Profile, events: [Event]) {
        try read { store in
            let profile = try chosenProfile(in: store)
            return (profile, try store.events(profileID: profile.id, from: range.from, to: range.to))
        }
    }

    /// The ids of the events of the profile the session names, else of every profile (what
    /// `event remove` takes: an id names its event whoever it belongs to).
    public func eventIDs() throws(HealthLogError) -> [String] {
        let named = settings.namedProfile
        return try read { store in try store.events(profileID: named, from: nil, to: nil).map(\.id) }
    }

    /// Removes the event whose id is `id` or starts with it. Readings are never touched.
    public func removeEvent(_ id: String) throws(HealthLogError) -> Event {
        try change { store in
            let event = try store.event(idPrefix: id)
            try requireNamedProfile(owns: event.profileID, Phrase("event {id}", ["id": String(event.id.prefix(8))]))
            try store.removeEvent(id: event.id)
            return event
        }
    }
}
