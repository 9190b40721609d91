public import HealthCore

/// The devices paired with the family's page (`healthlog serve`): this machine's own, like its
/// sync settings, so nothing here is journaled, shared or replaced by a restore. The store keeps
/// hashes only: of each device's token, and of the pairing code while it waits.
extension RecordStore {
    /// Stores a device waiting to be paired, with the hash of its pairing code.
    public func insertPendingDevice(_ device: PairedDevice, codeHash: String) throws(RecordsError) {
        try RecordsError.checking(device.validate())
        try write {
            let now = clock()
            // A code that ran out is gone, and so is the name it held.
            try database.cachedStatement("DELETE FROM web_devices WHERE paired_at IS NULL AND pairing_expires_at <= ?").run([.integer(now)])
            guard try database.cachedStatement("SELECT count(*) FROM web_devices WHERE name = ?").scalarInt([.text(device.name)]) == 0 else {
                throw RecordsError.conflict(Phrase("a device is already named '{name}'; choose another name, or revoke it first", ["name": device.name]))
            }
            for profileID in device.profileIDs { _ = try requireProfile(id: profileID) }
            try database.cachedStatement(
                """
                INSERT INTO web_devices (id, name, pairing_code_hash, pairing_expires_at, created_at)
                VALUES (?, ?, ?, ?, ?)
                """
            ).run([.text(device.id), .text(device.name), .text(codeHash), device.pairingExpiresAt.map(SQLValue.integer) ?? .null, .integer(now)])
            for (profileID, capability) in device.grants.sorted(by: { $0.key < $1.key }) {
                try database.cachedStatement("INSERT INTO web_device_grants (device_id, profile_id, capability) VALUES (?, ?, ?)")
                    .run([.text(device.id), .text(profileID), .text(capability.rawValue)])
            }
        }
    }

    /// Pairs the device whose code hashes to `codeHash`, if its code is still valid: the code
    /// is used up, and the device is known from now on by `tokenHash`. Nil when no device
    /// waits for that code (wrong, used, or run out).
    public func pairDevice(codeHash: String, tokenHash: String) throws(RecordsError) -> PairedDevice? {
        try write {
            let now = clock()
            guard
                let id = try database.cachedStatement(
                    "SELECT id FROM web_devices WHERE pairing_code_hash = ? AND paired_at IS NULL AND pairing_expires_at > ?"
                ).scalarText([.text(codeHash), .integer(now)])
            else { return nil }
            try database.cachedStatement(
                """
                UPDATE web_devices SET pairing_code_hash = NULL, pairing_expires_at = NULL, token_hash = ?, paired_at = ?, last_seen_at = ?
                WHERE id = ?
                """
            ).run([.text(tokenHash), .integer(now), .integer(now), .text(id)])
            return try device(where: "id = ?", [.text(id)])
        }
    }

    /// The device waiting for the pairing code that hashes to `codeHash`, while the code is
    /// valid; nil otherwise. Nothing is changed.
    public func pendingDevice(codeHash: String) throws(RecordsError) -> PairedDevice? {
        try read { try device(where: "pairing_code_hash = ? AND paired_at IS NULL AND pairing_expires_at > ?", [.text(codeHash), .integer(clock())]) }
    }

    /// The paired device whose token hashes to `tokenHash`, or nil (never paired, or revoked).
    public func pairedDevice(tokenHash: String) throws(RecordsError) -> PairedDevice? {
        try read { try device(where: "token_hash = ? AND paired_at IS NOT NULL", [.text(tokenHash)]) }
    }

    /// Notes that the device `id` was seen at `time` (milliseconds since 1970).
    public func markDeviceSeen(id: String, at time: Int64) throws(RecordsError) {
        try write {
            try database.cachedStatement("UPDATE web_devices SET last_seen_at = ? WHERE id = ?").run([.integer(time), .text(id)])
        }
    }

    /// Every device, paired or waiting (a code that ran out is left out), by name.
    public func devices() throws(RecordsError) -> [PairedDevice] {
        try read {
            var ids: [String] = []
            try database.cachedStatement(
                "SELECT id FROM web_devices WHERE paired_at IS NOT NULL OR pairing_expires_at > ? ORDER BY name, id"
            ).forEachRow([.integer(clock())]) { ids.append($0.text(0) ?? "") }
            return try ids.compactMap { try device(where: "id = ?", [.text($0)]) }
        }
    }

    /// Removes the device named `name`: its token opens nothing from now on. Returns it.
    public func removeDevice(named name: String) throws(RecordsError) -> PairedDevice {
        try write {
            guard let device = try device(where: "name = ?", [.text(name)]) else {
                var names: [String] = []
                try database.cachedStatement("SELECT name FROM web_devices ORDER BY name").forEachRow { names.append($0.text(0) ?? "") }
                throw RecordsError.notFound(
                    names.isEmpty
                        ? Phrase("no device is named '{name}'; no device is paired", ["name": name])
                        : Phrase("no device is named '{name}' (devices: {names})", ["name": name, "names": names.joined(separator: ", ")]))
            }
            try database.cachedStatement("DELETE FROM web_devices WHERE id = ?").run([.text(device.id)])
            return device
        }
    }

    /// One of this machine's settings for the page (the address it was last served at).
    public func webSetting(_ key: String) throws(RecordsError) -> String? {
        try mapErrors { try database.cachedStatement("SELECT value FROM web_settings WHERE key = ?").scalarText([.text(key)]) }
    }

    /// Sets (or, with nil, clears) a setting of the page.
    public func setWebSetting(_ key: String, to value: String?) throws(RecordsError) {
        try write {
            if let value {
                try database.cachedStatement(
                    "INSERT INTO web_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"
                ).run([.text(key), .text(value)])
            } else {
                try database.cachedStatement("DELETE FROM web_settings WHERE key = ?").run([.text(key)])
            }
        }
    }

    // MARK: - Rows

    private func device(where condition: String, _ values: [SQLValue]) throws -> PairedDevice? {
        var found: PairedDevice?
        try database.cachedStatement(
            "SELECT id, name, created_at, paired_at, pairing_expires_at, last_seen_at FROM web_devices WHERE \(condition)"
        ).forEachRow(values) { row in
            found = PairedDevice(
                id: row.text(0) ?? "", name: row.text(1) ?? "", grants: [:], createdAt: row.int(2), pairedAt: row.isNull(3) ? nil : row.int(3),
                pairingExpiresAt: row.isNull(4) ? nil : row.int(4), lastSeenAt: row.isNull(5) ? nil : row.int(5))
        }
        guard var device = found else { return nil }
        // A grant for a profile that is gone (removed here or on another machine) grants nothing.
        try database.cachedStatement(
            "SELECT profile_id, capability FROM web_device_grants WHERE device_id = ? AND profile_id IN (SELECT id FROM profiles)"
        ).forEachRow([.text(device.id)]) { row in
            if let capability = DeviceCapability(rawValue: row.text(1) ?? "") { device.grants[row.text(0) ?? ""] = capability }
        }
        return device
    }
}
