public import HealthCore

extension RecordStore {
    // MARK: - Reading profiles

    /// Every profile, ordered by id.
    public func profiles() throws(RecordsError) -> [Profile] {
        try mapErrors {
            var result: [Profile] = []
            try database.cachedStatement("SELECT \(ProfileColumn.all.names) FROM profiles ORDER BY id").forEachRow { row in
                result.append(RecordStore.profile(from: row))
            }
            return result
        }
    }

    /// The profile with `id`, or nil.
    public func profile(id: String) throws(RecordsError) -> Profile? {
        try mapErrors {
            var found: Profile?
            try database.cachedStatement("SELECT \(ProfileColumn.all.names) FROM profiles WHERE id = ?").forEachRow([.text(id)]) {
                found = RecordStore.profile(from: $0)
            }
            return found
        }
    }

    /// The profile with `id`, or an error that lists the profiles there are.
    public func requireProfile(id: String) throws(RecordsError) -> Profile {
        if let profile = try profile(id: id) { return profile }
        throw .unknownProfile(id, known: try profiles().map(\.id))
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
            // A default another machine deleted (a shared log keeps the setting): never another person's.
            if let gone = try database.cachedStatement("SELECT value FROM settings WHERE key = 'default_profile'").scalarText() {
                throw RecordsError.defaultProfileDeleted(gone)
            }
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
                throw RecordsError.conflict(Phrase("profile '{id}' already exists", ["id": "\(profile.id)"]))
            }
            try insertProfile(profile, now: now)
        }
    }

    func insertProfile(_ profile: Profile, now: Int64) throws {
        let columns = ProfileColumn.all
        let statement = try database.cachedStatement("INSERT INTO profiles (\(columns.names)) VALUES (\(columns.placeholders))")
        try statement.bind(columns) { $0.value(of: profile, now: now) }
        try statement.runBound()
        record(.profilePut(profile.stored(now: now)))
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
        var changed = profile
        changed.updatedAt = clock()
        let columns = ProfileColumn.updated
        let statement = try database.cachedStatement("UPDATE profiles SET \(columns.assignments) WHERE id = ?")
        try statement.bind(columns) { $0.value(of: changed, now: changed.updatedAt) }
        try statement.bind(.text(profile.id), at: Int32(columns.columns.count + 1))
        try statement.runBound()
        guard database.changes == 1 else { throw RecordsError.notFound(Phrase("no profile '{id}'", ["id": "\(profile.id)"])) }
        if let stored = try self.profile(id: profile.id) { record(.profilePut(stored)) }
    }

    /// Makes `id` the profile commands use when none is named.
    public func setDefaultProfile(id: String) throws(RecordsError) {
        try write {
            _ = try requireProfile(id: id)
            try database.cachedStatement(
                "INSERT INTO settings (key, value) VALUES ('default_profile', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"
            ).run([.text(id)])
            record(.defaultProfileSet(id))
        }
    }

    /// Gives profile `id` the id `newID`, keeping everything that is its own: its name (a name
    /// that was only the old id follows the new one), birth year, sex, target, readings with
    /// their tags and notes, events, and the default setting. Each reading and event that moves
    /// is a change of its own (a put under the new id), followed by the old profile's deletion,
    /// so a shared log carries the rename as it carries any edit. Returns the renamed profile.
    @discardableResult
    public func renameProfile(id: String, to newID: String) throws(RecordsError) -> Profile {
        try write {
            let old = try requireProfile(id: id)
            var renamed = old
            renamed.id = newID
            if old.name == old.id { renamed.name = newID }
            try renamed.validate()
            guard try self.profile(id: newID) == nil else {
                throw RecordsError.conflict(Phrase("profile '{id}' already exists", ["id": "\(newID)"]))
            }
            let now = clock()
            renamed.updatedAt = now
            try insertProfile(renamed, now: now)
            for reading in try readings(matching: ReadingQuery(profileID: id)) {
                var moved = reading
                moved.profileID = newID
                moved.updatedAt = max(now, reading.updatedAt + 1)
                try replace(reading, with: moved)
            }
            for event in try events(profileID: id) {
                var moved = event
                moved.profileID = newID
                moved.updatedAt = max(now, event.updatedAt + 1)
                try replaceEvent(with: moved)
            }
            let wasDefault = try defaultProfileID() == id
            try database.cachedStatement("DELETE FROM profiles WHERE id = ?").run([.text(id)])
            record(.profileDeleted(id: id))
            if wasDefault {
                try database.cachedStatement("UPDATE settings SET value = ? WHERE key = 'default_profile'").run([.text(newID)])
                record(.defaultProfileSet(newID))
            }
            return try requireProfile(id: newID)
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
            if changeObserver != nil {
                // Each reading and event that goes with the profile is a change of its own.
                try database.cachedStatement("SELECT id FROM readings WHERE profile_id = ? ORDER BY id").forEachRow([.text(id)]) {
                    record(.readingDeleted(id: $0.text(0) ?? "", profileID: id))
                }
                try database.cachedStatement("SELECT id FROM events WHERE profile_id = ? ORDER BY id").forEachRow([.text(id)]) {
                    record(.eventDeleted(id: $0.text(0) ?? "", profileID: id))
                }
            }
            try rememberDeletions(ofProfile: id)
            try database.cachedStatement("DELETE FROM readings WHERE profile_id = ?").run([.text(id)])
            try database.cachedStatement("DELETE FROM events WHERE profile_id = ?").run([.text(id)])
            try database.cachedStatement("DELETE FROM profiles WHERE id = ?").run([.text(id)])
            record(.profileDeleted(id: id))
            try database.cachedStatement("DELETE FROM settings WHERE key = 'default_profile' AND value = ?").run([.text(id)])
            if database.changes > 0 { record(.defaultProfileSet(nil)) }
            return count
        }
    }

    // MARK: - Rows

    static func profile(from row: Row) -> Profile {
        let columns = ProfileColumn.all
        let target = row.int(columns.index(.targetSet)) == 0
            ? nil : BloodPressure(systolic: Int(row.int(columns.index(.targetSystolic))), diastolic: Int(row.int(columns.index(.targetDiastolic))))
        var profile = Profile(
            id: row.text(columns.index(.id)) ?? "", name: row.text(columns.index(.name)), birthYear: row.optionalInt(columns.index(.birthYear)),
            sex: row.text(columns.index(.sex)).flatMap(Profile.Sex.init(rawValue:)), target: target,
            createdAt: row.int(columns.index(.createdAt)), updatedAt: row.int(columns.index(.updatedAt)))
        profile.conditions = Condition.list((row.text(columns.index(.conditions)) ?? "").replacingSemicolons()) ?? []
        profile.pregnancyDue = row.text(columns.index(.pregnancyDue)).flatMap { CivilDate(iso: $0) }
        profile.frail = row.int(columns.index(.frail)) != 0
        if let from = row.optionalInt(columns.index(.sleepFrom)), let to = row.optionalInt(columns.index(.sleepTo)) {
            profile.sleep = SleepHours(bedtime: from, wake: to)
        }
        return profile
    }
}

extension String {
    /// `;a;b;` as `a,b`: a list column as the list parsers read it.
    fileprivate func replacingSemicolons() -> String {
        split(separator: ";").joined(separator: ",")
    }
}
