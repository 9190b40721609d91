public import HealthCore

extension RecordStore {
    // MARK: - Reading profiles

    /// Every profile, ordered by id.
    public func profiles() throws(RecordsError) -> [Profile] {
        try mapErrors {
            var result: [Profile] = []
            try database.cachedStatement("\(RecordStore.profileColumns) ORDER BY id").forEachRow { row in
                result.append(RecordStore.profile(from: row))
            }
            return result
        }
    }

    /// The profile with `id`, or nil.
    public func profile(id: String) throws(RecordsError) -> Profile? {
        try mapErrors {
            var found: Profile?
            try database.cachedStatement("\(RecordStore.profileColumns) WHERE id = ?").forEachRow([.text(id)]) {
                found = RecordStore.profile(from: $0)
            }
            return found
        }
    }

    /// The profile with `id`, or an error that lists the profiles there are.
    public func requireProfile(id: String) throws(RecordsError) -> Profile {
        if let profile = try profile(id: id) { return profile }
        let known = try profiles().map(\.id)
        let list = known.isEmpty ? "there are no profiles yet" : "profiles: " + known.joined(separator: ", ")
        throw .notFound("no profile '\(id)' (\(list))")
    }

    /// How many readings `profileID` has.
    public func readingCount(profileID: String) throws(RecordsError) -> Int {
        try mapErrors {
            Int(try database.cachedStatement("SELECT count(*) FROM readings WHERE profile_id = ?")
                .scalarInt([.text(profileID)]) ?? 0)
        }
    }

    /// The stored default profile id, if one was set and still exists.
    public func defaultProfileID() throws(RecordsError) -> String? {
        try mapErrors {
            try database.cachedStatement(
                "SELECT value FROM settings WHERE key = 'default_profile' AND value IN (SELECT id FROM profiles)"
            ).scalarText()
        }
    }

    /// The profile `choice` means: the named one, or (``ProfileChoice/automatic``) the stored
    /// default, else the only profile. Several profiles and no default is
    /// ``RecordsError/profileChoiceNeeded(_:)``; none at all is ``RecordsError/noProfiles``.
    public func profile(_ choice: ProfileChoice) throws(RecordsError) -> Profile {
        try mapErrors {
            if case .named(let id) = choice { return try requireProfile(id: id) }
            if let id = try defaultProfileID(), let profile = try profile(id: id) { return profile }
            let profiles = try profiles()
            switch profiles.count {
            case 0: throw RecordsError.noProfiles
            case 1: return profiles[0]
            default: throw RecordsError.profileChoiceNeeded(profiles.map(\.id))
            }
        }
    }

    // MARK: - Changing profiles

    /// Adds a new profile; its id must not be in use.
    public func addProfile(_ profile: Profile) throws(RecordsError) {
        try RecordsError.checking(profile.validate())
        let now = clock()
        try write {
            guard try self.profile(id: profile.id) == nil else {
                throw RecordsError.conflict("profile '\(profile.id)' already exists")
            }
            try insertProfile(profile, now: now)
        }
    }

    func insertProfile(_ profile: Profile, now: Int64) throws {
        try database.cachedStatement(
            """
            INSERT INTO profiles (id, name, birth_year, sex, target_systolic, target_diastolic, target_set, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        ).run([
            .text(profile.id), .text(profile.name), profile.birthYear.map { .integer(Int64($0)) } ?? .null,
            profile.sex.map { .text($0.rawValue) } ?? .null] + RecordStore.targetColumns(profile.target) + [
            .integer(profile.createdAt == 0 ? now : profile.createdAt), .integer(profile.updatedAt == 0 ? now : profile.updatedAt),
        ])
    }

    /// Saves changes to an existing profile's name, birth year, sex or target.
    public func updateProfile(_ profile: Profile) throws(RecordsError) {
        try RecordsError.checking(profile.validate())
        try write {
            try replaceProfile(profile)
        }
    }

    /// Overwrites a stored profile's fields (inside a write transaction).
    func replaceProfile(_ profile: Profile) throws {
        try database.cachedStatement(
            """
            UPDATE profiles SET name = ?, birth_year = ?, sex = ?, target_systolic = ?, target_diastolic = ?, target_set = ?,
                updated_at = ? WHERE id = ?
            """
        ).run([
            .text(profile.name), profile.birthYear.map { .integer(Int64($0)) } ?? .null,
            profile.sex.map { .text($0.rawValue) } ?? .null] + RecordStore.targetColumns(profile.target) + [
            .integer(clock()), .text(profile.id),
        ])
        guard database.changes == 1 else { throw RecordsError.notFound("no profile '\(profile.id)'") }
    }

    /// Makes `id` the profile commands use when none is named.
    public func setDefaultProfile(id: String) throws(RecordsError) {
        try write {
            _ = try requireProfile(id: id)
            try database.cachedStatement(
                "INSERT INTO settings (key, value) VALUES ('default_profile', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"
            ).run([.text(id)])
        }
    }

    /// Removes a profile together with all of its readings, and the default setting when it
    /// named this profile (a later profile with the same id must not inherit it). Returns how
    /// many readings went.
    @discardableResult
    public func removeProfile(id: String) throws(RecordsError) -> Int {
        try write {
            _ = try requireProfile(id: id)
            let count = try readingCount(profileID: id)
            try database.cachedStatement("DELETE FROM profiles WHERE id = ?").run([.text(id)])
            try database.cachedStatement("DELETE FROM settings WHERE key = 'default_profile' AND value = ?").run([.text(id)])
            return count
        }
    }

    // MARK: - Rows

    static let profileColumns = """
        SELECT id, name, birth_year, sex, target_systolic, target_diastolic, target_set, created_at, updated_at FROM profiles
        """

    static func profile(from row: Row) -> Profile {
        Profile(
            id: row.text(0) ?? "", name: row.text(1), birthYear: row.optionalInt(2),
            sex: row.text(3).flatMap(Profile.Sex.init(rawValue:)),
            target: row.int(6) == 0 ? nil : BloodPressure(systolic: Int(row.int(4)), diastolic: Int(row.int(5))),
            createdAt: row.int(7), updatedAt: row.int(8))
    }

    /// target_systolic, target_diastolic and target_set. The columns predate an unset target,
    /// so one that is not set is stored as 135/85 with target_set 0.
    static func targetColumns(_ target: BloodPressure?) -> [SQLValue] {
        [.integer(Int64(target?.systolic ?? 135)), .integer(Int64(target?.diastolic ?? 85)), .integer(target == nil ? 0 : 1)]
    }
}
