public import HealthCore
import HealthRecords

/// A profile with its reading count, and whether it is the default.
public struct ProfileOverview: Sendable {
    public let profile: Profile
    public let readingCount: Int
    public let isDefault: Bool
}

/// The fields of a profile a change sets; nil leaves a field as it is.
public struct ProfileChange: Sendable {
    public var name: String?
    public var birthYear: Int?
    public var sex: Profile.Sex?
    /// `.some(nil)` clears the target, back to the guideline's threshold.
    public var target: BloodPressure??

    public init(name: String? = nil, birthYear: Int? = nil, sex: Profile.Sex? = nil, target: BloodPressure?? = nil) {
        self.name = name
        self.birthYear = birthYear
        self.sex = sex
        self.target = target
    }

    public var isEmpty: Bool { name == nil && birthYear == nil && sex == nil && target == nil }

    /// `profile` with the change applied.
    public func applied(to profile: Profile) -> Profile {
        var changed = profile
        if let name { changed.name = name }
        if let birthYear { changed.birthYear = birthYear }
        if let sex { changed.sex = sex }
        if let target { changed.target = target }
        return changed
    }
}

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

    /// Makes `id` the profile used when none is named, on this machine.
    public func setDefaultProfile(_ id: String) throws(HealthLogError) {
        try change { try $0.setDefaultProfile(id: id) }
    }

    /// Removes a profile with all of its readings and events; returns how many readings went.
    public func removeProfile(_ id: String) throws(HealthLogError) -> Int {
        try change { try $0.removeProfile(id: id) }
    }
}
