public import HealthCore
import HealthRecords

/// A profile with its reading count, and whether it is the default.
public struct ProfileOverview: Sendable {
    public let profile: Profile
    public let readingCount: Int
    public let isDefault: Bool
}

/// The fields of a profile a change sets (a target set to nil goes back to the guideline's threshold).
public typealias ProfileChange = FieldEdits<Profile>

extension HealthLog {
    /// Every profile, with its reading count.
    public func profiles() throws(HealthLogError) -> [ProfileOverview] {
        try read { store in
            let defaultID = try store.defaultProfileID()
            return try store.profiles().map { profile in
                ProfileOverview(profile: profile, readingCount: try store.readingCount(profileID: profile.id), isDefault: profile.id == defaultID)
            }
        }
    }

    /// One profile, with its reading count.
    public func profile(_ id: String) throws(HealthLogError) -> ProfileOverview {
        try read { store in
            let profile = try store.requireProfile(id: id)
            return ProfileOverview(
                profile: profile, readingCount: try store.readingCount(profileID: id), isDefault: try store.defaultProfileID() == id)
        }
    }

    /// Creates a profile; its id must not be in use.
    public func addProfile(_ profile: Profile) throws(HealthLogError) {
        try change { try $0.addProfile(profile) }
    }

    /// Changes a profile's name, birth year, sex or target.
    public func editProfile(_ id: String, _ change: ProfileChange) throws(HealthLogError) -> Profile {
        try self.change { store in
            let profile = change.applied(to: try store.requireProfile(id: id))
            try store.updateProfile(profile)
            return try store.requireProfile(id: id)
        }
    }

    /// Gives a profile a new id, keeping its readings, tags, events, target and the default,
    /// through the one write path (a shared log carries it as it carries an edit).
    /// `fields` changes the renamed profile in the same transaction (`rename me dad --name 爸爸`).
    public func renameProfile(_ id: String, to newID: String, _ fields: ProfileChange = ProfileChange()) throws(HealthLogError) -> Profile {
        try change { store in
            let renamed = try store.renameProfile(id: id, to: newID)
            guard !fields.isEmpty else { return renamed }
            try store.updateProfile(fields.applied(to: renamed))
            return try store.requireProfile(id: newID)
        }
    }

    /// Makes `id` the profile used when none is named, on this machine.
    public func setDefaultProfile(_ id: String) throws(HealthLogError) {
        try change { try $0.setDefaultProfile(id: id) }
    }

    /// Removes a profile with all of its readings and events; returns how many readings went.
    public func removeProfile(_ id: String) throws(HealthLogError) -> Int {
        try change { try $0.removeProfile(id: id) }
    }
}
