import FoundationEssentials
import HealthCore
import HealthRecords

/// Reads a FHIR R4 Bundle: HealthLog's own export exactly, and other systems' vital signs
/// (BP panels or separate systolic/diastolic Observations, heart rate, body weight in kg or lb).
enum FHIRImport {
    private struct Group {
        var profile: String
        var id: String
        var takenAt: ZonedInstant
        var systolic: Int?
        var diastolic: Int?
        var pulse: Int?
        var weightGrams: Int?
        var tags: [String] = []
        var note = ""
        var updatedAt: Int64
    }

    static func decode(_ settings: ImportSettings) throws(InterchangeError) -> DecodedImport {
        let path = settings.path
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path) } catch { throw .unreadable(path: path, reason: error.reason) }
        let bundle: FHIRBundle
        do {
            bundle = try JSONDecoder().decode(FHIRBundle.self, from: Data(bytes))
        } catch {
            throw .malformed(path: path, reason: describe(error))
        }
        guard bundle.resourceType == "Bundle" else { throw .malformed(path: path, reason: "the root resource is \(bundle.resourceType), not a Bundle") }
        var result = DecodedImport()
        result.mergesByID = true
        let entries = bundle.entry ?? []
        // Patients: by fullUrl and by Patient/id, to whichever profile they are.
        var patients: [String: String] = [:]
        for (index, entry) in entries.enumerated() {
            guard let resource = entry.resource, resource.resourceType == "Patient" else { continue }
            let own = resource.identifier?.first { $0.system == FHIRCodes.profileSystem }?.value
            guard let profileID = settings.profileID ?? own else {
                throw .malformed(path: path, reason: "entry \(index): this Patient is not a HealthLog profile; say whose readings these are with --profile ID")
            }
            if let fullUrl = entry.fullUrl { patients[fullUrl] = profileID }
            if let id = resource.id { patients["Patient/\(id)"] = profileID }
            if own != nil || settings.profileID != nil, !result.profiles.contains(where: { $0.id == profileID }) {
                result.profiles.append(profile(resource, id: profileID, now: settings.now))
            }
        }
        var groups: [String: Group] = [:]
        var order: [String] = []
        for (index, entry) in entries.enumerated() {
            guard let resource = entry.resource, resource.resourceType == "Observation" else {
                if entry.resource?.resourceType != "Patient" { result.skipped["other resources", default: 0] += 1 }
                continue
            }
            do {
                try add(resource, fullUrl: entry.fullUrl, patients: patients, settings: settings, groups: &groups, order: &order, skipped: &result.skipped)
            } catch {
                result.problems.append("\(path): entry \(index) (Observation \(resource.id ?? "")): \(error)")
            }
        }
        for key in order {
            let group = groups[key]!
            var pressure: BloodPressure?
            if let s = group.systolic, let d = group.diastolic { pressure = BloodPressure(systolic: s, diastolic: d) }
            let reading = Reading(
                id: group.id, profileID: group.profile, takenAt: group.takenAt, bloodPressure: pressure, pulse: group.pulse,
                weightGrams: group.weightGrams, tagIDs: group.tags, note: group.note, createdAt: group.updatedAt, updatedAt: group.updatedAt)
            do {
                if (group.systolic == nil) != (group.diastolic == nil) {
                    throw ValidationError.invalid("a blood pressure needs both systolic and diastolic")
                }
                try reading.validate()
                result.readings.append(reading)
            } catch {
                result.problems.append("\(path): reading \(group.id.prefix(8)) at \(group.takenAt.iso8601): \(error)")
            }
        }
        return result
    }

    private static func profile(_ patient: FHIRResource, id: String, now: Int64) -> Profile {
        let value = { (url: String) in patient.extensions?.first { $0.url == url }?.valueInteger }
        let target: BloodPressure
        if let s = value(FHIRCodes.targetSystolic), let d = value(FHIRCodes.targetDiastolic) {
            target = BloodPressure(systolic: s, diastolic: d)
        } else {
            target = .defaultTarget
        }
        let updated = patient.meta?.lastUpdated.flatMap(InstantText.parse) ?? now
        return Profile(
            id: id, name: patient.name?.first?.text ?? id, birthYear: patient.birthDate.flatMap { Int($0.prefix(4)) },
            sex: patient.gender.flatMap(Profile.Sex.init(rawValue:)), target: target, createdAt: updated, updatedAt: updated)
    }

    private static func add(
        _ observation: FHIRResource, fullUrl: String?, patients: [String: String], settings: ImportSettings,
        groups: inout [String: Group], order: inout [String], skipped: inout [String: Int]
    ) throws(ValidationError) {
        guard let code = observation.code?.loinc,
            [FHIRCodes.bloodPressurePanel, FHIRCodes.systolic, FHIRCodes.diastolic, FHIRCodes.heartRate, FHIRCodes.bodyWeight].contains(code)
        else {
            skipped["other observations", default: 0] += 1
            return
        }
        guard let effective = observation.effectiveDateTime, let takenAt = ZonedInstant(iso8601: effective) else {
            throw .invalid("effectiveDateTime '\(observation.effectiveDateTime ?? "")' is not a date-time with an offset")
        }
        let subject = observation.subject?.reference ?? ""
        guard let profile = settings.profileID ?? patients[subject] else {
            throw .invalid("its subject '\(subject)' is not a Patient in this bundle; name the profile with --profile ID")
        }
        let own = observation.identifier?.first { $0.system == FHIRCodes.readingSystem }?.value
        let uuid = fullUrl.flatMap { $0.hasPrefix("urn:uuid:") ? String($0.dropFirst(9)) : nil }
        // HealthLog's observations share the reading id; others group by subject and minute.
        let key = own ?? "\(profile)@\(takenAt.utcSeconds / 60)"
        let updated = observation.meta?.lastUpdated.flatMap(InstantText.parse) ?? settings.now
        if groups[key] == nil {
            let id = [own, uuid, observation.id].compactMap { $0 }.first { Reading.isValidID($0) }?.lowercased()
                ?? StableUUID.make("fhir/\(fullUrl ?? observation.id ?? key)")
            groups[key] = Group(profile: profile, id: id, takenAt: takenAt, updatedAt: updated)
            order.append(key)
        }
        var group = groups[key]!
        group.updatedAt = max(group.updatedAt, updated)
        if let note = observation.note?.compactMap(\.text).joined(separator: "\n"), !note.isEmpty { group.note = note }
        for tag in observation.meta?.tag ?? [] where tag.system == FHIRCodes.tagSystem {
            if let code = tag.code, !group.tags.contains(code) { group.tags.append(code) }
        }
        switch code {
        case FHIRCodes.bloodPressurePanel:
            for component in observation.component ?? [] {
                let value = try whole(component.valueQuantity, expecting: ["mm[Hg]", "mmHg"])
                switch component.code.loinc {
                case FHIRCodes.systolic: group.systolic = value
                case FHIRCodes.diastolic: group.diastolic = value
                default: break
                }
            }
        case FHIRCodes.systolic: group.systolic = try whole(observation.valueQuantity, expecting: ["mm[Hg]", "mmHg"])
        case FHIRCodes.diastolic: group.diastolic = try whole(observation.valueQuantity, expecting: ["mm[Hg]", "mmHg"])
        case FHIRCodes.heartRate: group.pulse = try whole(observation.valueQuantity, expecting: ["/min", "beats/minute", "{beats}/min"])
        default:
            guard let quantity = observation.valueQuantity, let value = quantity.value else { throw .invalid("body weight has no value") }
            let unit = quantity.code ?? quantity.unit ?? ""
            guard ["kg", "g", "lb", "lbs", "[lb_av]"].contains(unit) else {
                throw .invalid("body weight unit '\(unit)' is not kg, g or [lb_av]")
            }
            guard let weight = grams(value, unit: unit) else { throw .invalid("body weight \(value) \(unit) is out of range (1–500 kg)") }
            group.weightGrams = weight
        }
        groups[key] = group
    }

    private static func whole(_ quantity: FHIRQuantity?, expecting units: [String]) throws(ValidationError) -> Int {
        guard let quantity, let value = quantity.value else { throw .invalid("a value is missing") }
        if let unit = quantity.code ?? quantity.unit, !units.contains(unit) {
            throw .invalid("unit '\(unit)' is not \(units[0])")
        }
        guard let whole = roundedInt(value) else { throw .invalid("value \(value) is out of range") }
        return whole
    }
}
